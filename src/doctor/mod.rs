//! `tern doctor`: what a bug report needs, printed — the codex binary and its version, where
//! each of tern's and codex's settings came from, the sign-in codex reports, the transport, and the
//! terminal's capabilities as it answers queries. The same report is `/doctor` in a session
//! (`app::layers::doctor_view`); here a throwaway session is filled from a short-lived
//! `codex app-server` and read by the same code, so the two never disagree. Sanitised, secrets
//! redacted, the email shortened.

pub mod facts;
pub(crate) mod passthrough;
pub(crate) mod probe;
pub mod terminal;

use crate::app::layers::doctor_view;
use crate::runtime::codex_bin::{Located, NotFound};
use crate::session::state::first_run::{DoctorSection, FirstRunSetup};
use crate::session::state::{Session, SessionConfig};

/// The report as text: the runtime's facts (`sections`), then what a codex found at `codex`
/// says about itself and the sign-in (skipped with `remote`, which is not probed).
pub async fn report(
    sections: Vec<DoctorSection>,
    codex: Option<&Result<Located, NotFound>>,
    remote: Option<String>,
) -> String {
    let mut session = Session::new(SessionConfig {
        connected_to: remote.clone(),
        first_run: FirstRunSetup {
            doctor: sections,
            ..FirstRunSetup::default()
        },
        ..SessionConfig::default()
    });
    let mut notes = Vec::new();
    match (codex, &remote) {
        (_, Some(_)) => notes.push(
            "codex runs elsewhere: tern doctor does not connect to it; /doctor in a session \
             shows what it says."
                .to_string(),
        ),
        (Some(Ok(found)), None) => {
            if let Err(why) = probe::server(&found.path, &mut session).await {
                notes.push(format!("codex app-server did not answer: {why}"));
            }
        }
        (Some(Err(_)) | None, None) => {}
    }
    let mut out = String::from(
        "tern doctor: for a bug report (secrets are redacted and the email shortened; read it \
         before you paste it)\n\n",
    );
    out.push_str(&doctor_view::report_text(&doctor_view::sections(&session)));
    for note in notes {
        out.push_str(&crate::text::sanitize::sanitize_line(&note));
        out.push('\n');
    }
    out
}
