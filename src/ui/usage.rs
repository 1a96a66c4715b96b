//! `/usage`: a box over the transcript with the account's limits (each metered limit's windows,
//! whether ordinary usage is allowed, the reset credits left), its token activity (the summary,
//! this thread's estimate by model, effort and speed — the only breakdown codex 0.171 gives),
//! and the days, newest first, as the list. Every string from the server is sanitised.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, heading, say};
use crate::app::layers::usage::UsageView;
use crate::protocol::{AccountLimitsResponse, RateLimitSnapshot, RateLimitWindow, UsageResponse};
use crate::render::numbers;
use crate::session::state::account_tools::Asked;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

/// Credits and dollars come in millionths.
fn micros(n: i64) -> String {
    if n < 0 {
        return numbers::UNKNOWN.into();
    }
    format!("{:.2}", n as f64 / 1e6)
}

fn window(name: &str, w: &RateLimitWindow, unix_now: Option<i64>) -> String {
    let span = w
        .window_duration_mins
        .and_then(numbers::window_span)
        .unwrap_or_else(|| name.to_string());
    let mut text = format!(
        "{} of the {span} limit used",
        numbers::float_percent(w.used_percent)
    );
    if let (Some(at), Some(now)) = (w.resets_at, unix_now) {
        let mins = at.saturating_sub(now).max(0) / 60;
        text.push_str(&if mins >= 60 * 24 {
            format!(", resets in {}d {}h", mins / (60 * 24), (mins / 60) % 24)
        } else if mins >= 60 {
            format!(", resets in {}h {}m", mins / 60, mins % 60)
        } else {
            format!(", resets in {mins}m")
        });
    }
    text
}

fn snapshot(
    lines: &mut Vec<Line<'static>>,
    id: &str,
    s: &RateLimitSnapshot,
    unix_now: Option<i64>,
    width: usize,
    palette: &Palette,
) {
    let name = visible_line(s.limit_name.as_deref().unwrap_or(id));
    let windows: Vec<String> = [&s.primary, &s.secondary]
        .into_iter()
        .flatten()
        .map(|w| window(&name, w, unix_now))
        .collect();
    let text = if windows.is_empty() {
        format!("{name}: no window reported")
    } else {
        format!("{name}: {}", windows.join("; "))
    };
    say(lines, text, ratatui::style::Style::default(), 2, width);
    let _ = palette;
}

fn limits(
    lines: &mut Vec<Line<'static>>,
    l: &AccountLimitsResponse,
    unix_now: Option<i64>,
    width: usize,
    palette: &Palette,
) {
    match &l.rate_limits_by_limit_id {
        Some(by_id) if !by_id.is_empty() => {
            for (id, s) in by_id {
                snapshot(lines, &visible_line(id), s, unix_now, width, palette);
            }
        }
        _ => snapshot(lines, "codex", &l.rate_limits, unix_now, width, palette),
    }
    let (allowed, style) = match l.ordinary_usage_allowed {
        Some(true) => ("Ordinary usage: allowed", palette.success),
        Some(false) => (
            "Ordinary usage: blocked until a limit resets",
            palette.warning,
        ),
        None => ("Ordinary usage: codex does not say", palette.dim),
    };
    say(lines, allowed.into(), style, 2, width);
    let Some(credits) = &l.rate_limit_reset_credits else {
        return;
    };
    say(
        lines,
        format!(
            "Reset credits: {} available{}",
            numbers::count(credits.available_count),
            if credits.available_count > 0 {
                " (r spends one to reset the limits)"
            } else {
                ""
            }
        ),
        palette.dim,
        2,
        width,
    );
    for c in credits.credits.iter().flatten() {
        let mut text = format!(
            "· {} — {}",
            visible_line(c.title.as_deref().unwrap_or("reset credit")),
            visible_line(&c.status)
        );
        if let Some(d) = c.description.as_deref().filter(|d| !d.is_empty()) {
            text.push_str(&format!(": {}", visible_line(d)));
        }
        if let (Some(at), Some(now)) = (c.expires_at, unix_now) {
            let days = at.saturating_sub(now).max(0) / 86_400;
            text.push_str(&format!(" (expires in {days} days)"));
        }
        say(lines, text, palette.dim, 4, width);
    }
}

fn activity(lines: &mut Vec<Line<'static>>, u: &UsageResponse, width: usize, palette: &Palette) {
    let s = &u.summary;
    let mut facts = Vec::new();
    let tokens = |n: Option<i64>| n.map_or_else(|| "?".to_string(), numbers::tokens);
    facts.push(format!("lifetime {} tokens", tokens(s.lifetime_tokens)));
    facts.push(format!("peak day {}", tokens(s.peak_daily_tokens)));
    if let Some(secs) = s.longest_running_turn_sec {
        let took = numbers::duration(secs.saturating_mul(1000)).unwrap_or_else(|| "?".into());
        facts.push(format!("longest turn {took}"));
    }
    if let Some(days) = s.current_streak_days {
        facts.push(format!("streak {} days", numbers::count(days)));
    }
    if let Some(days) = s.longest_streak_days {
        facts.push(format!("longest streak {} days", numbers::count(days)));
    }
    say(
        lines,
        facts.join(" · "),
        ratatui::style::Style::default(),
        2,
        width,
    );
    let Some(t) = &u.thread_usage else {
        return;
    };
    let mut text = format!(
        "This thread: about {} credits",
        micros(t.estimated_usage_credits_micros)
    );
    if let Some(usd) = t.native_usage_usd_micros.or(t.estimated_usage_usd_micros) {
        text.push_str(&format!(" (${})", micros(usd)));
    }
    say(lines, text, ratatui::style::Style::default(), 2, width);
    for g in &t.groups {
        let what = [&g.model, &g.reasoning_effort, &g.speed]
            .into_iter()
            .flatten()
            .map(|s| visible_line(s))
            .collect::<Vec<_>>()
            .join(" ");
        let what = if what.is_empty() {
            "model not named".into()
        } else {
            what
        };
        let n = |v: Option<i64>| v.map_or_else(|| "?".to_string(), numbers::tokens);
        say(
            lines,
            format!(
                "· {what}: in {} (cached {}, new {}) · out {} · total {} · {} credits",
                n(g.input_tokens),
                n(g.cached_input_tokens),
                n(g.net_new_input_tokens),
                n(g.output_tokens),
                n(g.total_tokens),
                micros(g.estimated_usage_credits_micros)
            ),
            palette.dim,
            4,
            width,
        );
    }
}

fn waiting<T>(
    lines: &mut Vec<Line<'static>>,
    asked: &Asked<T>,
    what: &str,
    width: usize,
    palette: &Palette,
) {
    match asked {
        Asked::Waiting | Asked::Unasked => {
            say(lines, format!("Reading the {what}…"), palette.dim, 2, width)
        }
        Asked::Failed(e) => say(
            lines,
            format!("Could not read the {what}: {}", visible_line(e)),
            palette.error,
            2,
            width,
        ),
        Asked::Came(_) => {}
    }
}

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &UsageView,
    session: &Session,
    unix_now: Option<i64>,
    palette: &Palette,
) {
    let state = &session.account_tools.usage;
    let width = usize::from(within.width.saturating_sub(6)).min(100);
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Some(Ok(read)) = &session.account.read {
        if let Some(account) = &read.account {
            say(
                &mut lines,
                format!(
                    "Signed in {}",
                    visible_line(&crate::session::account::describe(account))
                ),
                palette.dim,
                0,
                width,
            );
        }
    }
    heading(&mut lines, "Limits", palette.heading);
    waiting(&mut lines, &state.limits, "limits", width, palette);
    if let Some(l) = state.limits.came() {
        limits(&mut lines, l, unix_now, width, palette);
    }
    heading(&mut lines, "Activity", palette.heading);
    waiting(&mut lines, &state.usage, "usage", width, palette);
    let mut selected_line = None;
    if let Some(u) = state.usage.came() {
        activity(&mut lines, u, width, palette);
        let days = u.daily_usage_buckets.as_deref().unwrap_or_default();
        if !days.is_empty() {
            heading(&mut lines, "Tokens by day", palette.heading);
        }
        let most = days.iter().map(|d| d.tokens).max().unwrap_or(0).max(1);
        let selected = view.selected.index(days.len());
        for (i, d) in days.iter().enumerate() {
            let is_selected = selected == Some(i);
            if is_selected {
                selected_line = Some(lines.len());
            }
            let bar =
                usize::try_from(numbers::percent(d.tokens, most).unwrap_or(0) / 5).unwrap_or(0);
            let line = Line::from(vec![
                Span::raw(pointer(is_selected)),
                Span::raw(format!("{:<10}", cut(&visible_line(&d.start_date), 10))),
                Span::raw(format!("  {:>8}  ", numbers::tokens(d.tokens))),
                Span::styled("█".repeat(bar.min(20)), palette.accent),
            ]);
            lines.push(menu_row(line, is_selected, palette));
        }
    }
    let footer = footer("r resets the limits (asks first) · Esc closes", palette.dim);
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Usage".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for UsageView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let unix_now = cx.session.config.wall_clock.map(|c| c.unix_at(cx.now));
        draw(frame, cx.areas.main, self, cx.session, unix_now, cx.palette);
    }
}
