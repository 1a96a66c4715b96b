//! End to end with the real `codex app-server`: tern's `initialize` declares
//! `requiredHumanApproval` (with `experimentalApi`) and codex starts; auto-review chosen in
//! `/approvals` goes with the next `turn/start` as `approvalsReviewer: "auto_review"`, which
//! codex 0.171 takes: the turn runs and answers.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;

#[test]
fn auto_review_chosen_in_approvals_is_taken_by_codex() {
    let Some(f) = E2e::start(vec![MockTurn::text("REVIEWED-TURN")], Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/approvals");
    tern.wait_for_text("│/approvals", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("● You review", WAIT);
    tern.send(b"\x1b[F");
    tern.send(b"\r");
    tern.wait_for_text("codex's auto-review decides the approvals", WAIT);
    tern.send(b"hi\r");
    tern.wait_for_text("REVIEWED-TURN", WAIT);
    let screen = tern.screen_text();
    assert!(!screen.contains("Could not"), "{screen}\n{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
