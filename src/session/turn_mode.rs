//! The collaboration mode a turn runs in, as the rest of the session reads it: whether Plan
//! mode is in effect, its name, and what `turn/start` carries (the person's overrides and the
//! mode with the next turn's model and effort). Switching is `plan_mode`'s.

use crate::protocol::{CollaborationMode, ModeSettings, TurnOverrides, MODE_PLAN};
use crate::session::state::Session;

/// Whether Plan mode is in effect.
pub fn in_plan_mode(state: &Session) -> bool {
    state.plan_mode.current == MODE_PLAN
}

/// The mode's name for the status line, `/status` and the composer's border.
pub(crate) fn mode_name(state: &Session) -> &'static str {
    if in_plan_mode(state) {
        "Plan mode"
    } else {
        "Default mode"
    }
}

/// What `turn/start` carries: the person's overrides, and the mode once one is known (a mode
/// switch asked for the list), so the turn runs with what the status line says.
pub(crate) fn turn_overrides(state: &Session) -> TurnOverrides {
    let mut overrides = state.turn_settings.chosen.clone();
    if state.plan_mode.modes.is_some() {
        if let Some(model) = super::turn_settings::model(state) {
            overrides.collaboration_mode = Some(CollaborationMode {
                mode: state.plan_mode.current.clone(),
                settings: ModeSettings {
                    model,
                    reasoning_effort: super::turn_settings::effort(state),
                    developer_instructions: None,
                },
            });
        }
    }
    overrides
}
