//! Numbers from the server shown to the person: token counts, percentages, durations, rate
//! limits. Each is an `i64` or `f64` the server may fill with anything (a negative count,
//! `i64::MIN` milliseconds, a NaN percentage): arithmetic on them saturates, and a value that
//! cannot be true is shown as unknown ("?") rather than as "-100% used".

/// What is shown for a value that cannot be true.
pub(crate) const UNKNOWN: &str = "?";

/// The longest duration believed: a turn or command that ran longer than this is nonsense.
const LONGEST_MS: i64 = 366 * 24 * 3_600_000;

/// A token count: 950 → "950", 12_345 → "12.3k", 2_500_000 → "2.5M"; negative → "?".
pub(crate) fn tokens(n: i64) -> String {
    match n {
        ..0 => UNKNOWN.to_string(),
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A token count in full ("12000"), or "?" when negative.
pub(crate) fn count(n: i64) -> String {
    if n < 0 {
        UNKNOWN.to_string()
    } else {
        n.to_string()
    }
}

/// `used` as a whole percentage of `of`, rounded down; `None` when either cannot be true (a
/// negative count, an empty or negative window). Computed wide, so no product overflows.
pub(crate) fn percent(used: i64, of: i64) -> Option<i64> {
    if used < 0 || of <= 0 {
        return None;
    }
    let p = i128::from(used) * 100 / i128::from(of);
    Some(i64::try_from(p).unwrap_or(i64::MAX))
}

/// A percentage reported as a float (rate limits): "42%", or "?" for NaN, infinities and
/// values outside 0–1000.
pub(crate) fn float_percent(p: f64) -> String {
    if p.is_finite() && (0.0..=1000.0).contains(&p) {
        format!("{p:.0}%")
    } else {
        format!("{UNKNOWN}%")
    }
}

/// 950 → "950ms", 1_500 → "1.5s", 125_000 → "2m05s", 7_500_000 → "2h05m"; `None` for a
/// negative duration or one longer than a year.
pub(crate) fn duration(ms: i64) -> Option<String> {
    Some(match ms {
        ..0 => return None,
        0..1_000 => format!("{ms}ms"),
        1_000..60_000 => format!("{:.1}s", ms as f64 / 1000.0),
        60_000..3_600_000 => format!("{}m{:02}s", ms / 60_000, (ms / 1000) % 60),
        3_600_000..=LONGEST_MS => format!("{}h{:02}m", ms / 3_600_000, (ms / 60_000) % 60),
        _ => return None,
    })
}

/// A rate-limit window's length in minutes as words ("5-hour", "7-day"); `None` when it is not
/// a positive length.
pub(crate) fn window_span(mins: i64) -> Option<String> {
    match mins {
        ..=0 => None,
        m if m >= 60 * 24 => Some(format!("{}-day", m / (60 * 24))),
        m if m >= 60 => Some(format!("{}-hour", m / 60)),
        m => Some(format!("{m}-minute")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonsense_is_unknown_and_nothing_wraps() {
        assert_eq!(tokens(-5), "?");
        assert_eq!(tokens(i64::MAX), "9223372036854.8M");
        assert_eq!(tokens(12_345), "12.3k");
        assert_eq!(percent(i64::MAX, 1), Some(i64::MAX));
        assert_eq!(percent(i64::MAX, i64::MAX), Some(100));
        assert_eq!(percent(-100, 100), None);
        assert_eq!(percent(5, 0), None);
        assert_eq!(percent(6_400, 128_000), Some(5));
        assert_eq!(float_percent(f64::NAN), "?%");
        assert_eq!(float_percent(-3.0), "?%");
        assert_eq!(float_percent(41.6), "42%");
        assert_eq!(duration(i64::MIN), None);
        assert_eq!(duration(i64::MAX), None);
        assert_eq!(duration(950).as_deref(), Some("950ms"));
        assert_eq!(duration(125_000).as_deref(), Some("2m05s"));
        assert_eq!(duration(7_500_000).as_deref(), Some("2h05m"));
        assert_eq!(window_span(-5), None);
        assert_eq!(window_span(300).as_deref(), Some("5-hour"));
    }
}
