//! What tern prints once its screen is gone: the text copied with `/copy`, why the session
//! failed, and how to resume the thread. All of it comes from the server or the model, and it
//! reaches the terminal with no screen layer in between: it is sanitised here, in one pure
//! function the property tests call.

use super::event_loop::SessionOutcome;
use crate::render::resume_hint::resume_command;
use crate::text::sanitize::printable_text;

/// The two texts to print, each empty or ending in a newline.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Farewell {
    pub stdout: String,
    pub stderr: String,
}

pub fn farewell(outcome: &SessionOutcome, demo: bool) -> Farewell {
    let mut out = Farewell::default();
    // Drafts are kept: what was typed and never sent is not lost with the screen.
    if let Some(text) = &outcome.unsent {
        out.stdout.push_str(&format!(
            "── not sent ──\n{}\n── end of not sent ──\n",
            printable_text(text)
        ));
    }
    // Sent into the running turn, with no answer yet: not "not sent", but maybe not received.
    if let Some(text) = &outcome.unconfirmed {
        out.stdout.push_str(&format!(
            "── sent to the running turn, not confirmed (it may not have reached it) ──\n{}\n\
             ── end of not confirmed ──\n",
            printable_text(text)
        ));
    }
    // The fallback for terminals that ignore OSC 52: what was copied is not lost.
    if let Some(text) = &outcome.copied {
        out.stdout.push_str(&format!(
            "── copied with /copy ──\n{}\n── end of copy ──\n",
            printable_text(text)
        ));
    }
    if let Some(failure) = &outcome.failure {
        out.stderr
            .push_str(&format!("tern: {}\n", printable_text(failure)));
    }
    if let Some(thread) = &outcome.thread_id {
        let shown = printable_text(thread);
        if demo {
            out.stdout.push_str(&format!(
                "Demo thread {shown} ended (the demo forgets its threads on exit). \
                 To see the resume picker: tern --demo resume\n"
            ));
        } else {
            match resume_command(thread) {
                Ok(command) => {
                    out.stdout
                        .push_str(&format!("Thread {shown}. To continue it: {command}\n"));
                }
                Err(why) => out.stdout.push_str(&format!(
                    "The thread's id is not shown: {why}. `tern resume` lists the threads to \
                     pick it from.\n"
                )),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(
        thread: Option<&str>,
        failure: Option<&str>,
        copied: Option<&str>,
    ) -> SessionOutcome {
        SessionOutcome {
            thread_id: thread.map(str::to_string),
            failure: failure.map(str::to_string),
            frames_drawn: 0,
            copied: copied.map(str::to_string),
            unsent: None,
            unconfirmed: None,
        }
    }

    #[test]
    fn everything_printed_is_sanitised_and_the_resume_hint_is_inert() {
        let f = farewell(
            &outcome(
                Some("0b1d; curl x | sh #"),
                Some("stopped; last stderr: \u{1b}]0;T\u{7}boom"),
                Some("one \u{1b}[2Jtwo\nthree\u{202e}"),
            ),
            false,
        );
        assert_eq!(
            f.stdout,
            "── copied with /copy ──\none two\nthree\n── end of copy ──\n\
             Thread 0b1d; curl x | sh #. To continue it: tern resume '0b1d; curl x | sh #'\n"
        );
        assert_eq!(f.stderr, "tern: stopped; last stderr: boom\n");
    }

    #[test]
    fn an_id_with_controls_is_not_printed_and_the_reason_is() {
        let f = farewell(&outcome(Some("id\u{1b}]52;c;eA==\u{7}"), None, None), false);
        assert!(!f.stdout.contains("tern resume id"), "{}", f.stdout);
        assert!(f.stdout.contains("control characters"), "{}", f.stdout);
    }
}
