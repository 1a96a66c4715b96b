//! Collaboration modes (Plan mode and the default one) and the reasoning effort keys.
//!
//! Shift+Tab cycles the modes `collaborationMode/list` offers and `/plan` enters Plan mode:
//! the switch is `thread/settings/update {collaborationMode}`, in effect once the server
//! confirms it (`thread/settings/updated`, or the empty answer when nothing changed, which
//! comes without the notification). A switch while a turn runs is refused with one line, as
//! the official TUI does. Once a mode is known every `turn/start` carries it, with the model
//! and effort of the next turn, so what the status line says is what the turn runs with.
//!
//! Alt+, and Alt+. step the effort of the next turn through the model's efforts from
//! `model/list` (asked once, when first needed).

use crate::model::NoticeLevel;
use crate::protocol::{
    CollaborationMode, CollaborationModeListResponse, ConfigReadParams, ConfigReadResponse,
    ModeSettings, ModelListResponse, ThreadSettingsUpdateParams, ThreadSettingsUpdatedNotification,
    MODE_DEFAULT, MODE_PLAN,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::request::ModeWanted;
use crate::session::state::Session;
use std::time::Instant;

/// Said when a switch is asked for while a turn runs.
pub const REFUSED_WHILE_RUNNING: &str =
    "Cannot switch collaboration mode while a turn is running: wait for it, or interrupt it (Esc).";

pub use super::turn_mode::in_plan_mode;
pub(crate) use super::turn_mode::mode_name;

/// What option 1 of the plan chooser sends, as the official TUI does.
pub(crate) const IMPLEMENT_THE_PLAN: &str = "Implement the plan.";

/// Shift+Tab: the next mode.
pub(crate) fn cycle(state: &mut Session) -> Vec<Effect> {
    switch(state, ModeWanted::Next)
}

/// `/plan`.
pub(crate) fn enter_plan(state: &mut Session) -> Vec<Effect> {
    if in_plan_mode(state) && state.plan_mode.switching.is_none() {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "Already in Plan mode (Shift+Tab leaves it).",
        );
        return vec![];
    }
    switch(state, ModeWanted::Plan)
}

fn switch(state: &mut Session, wanted: ModeWanted) -> Vec<Effect> {
    if state.turn_active() {
        state
            .shown
            .transcript
            .notice(NoticeLevel::Warning, REFUSED_WHILE_RUNNING);
        return vec![];
    }
    if state.thread_id().is_none() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Plan mode unavailable right now: no thread yet.",
        );
        return vec![];
    }
    let Some(modes) = &state.plan_mode.modes else {
        if state.plan_mode.listing.is_some() {
            return vec![];
        }
        state.plan_mode.listing = Some(wanted);
        return vec![Effect::Request(ClientRequest::ListModes { then: wanted })];
    };
    let offered: Vec<&str> = modes.iter().filter_map(|m| m.mode.as_deref()).collect();
    let current = state
        .plan_mode
        .switching
        .as_deref()
        .unwrap_or(&state.plan_mode.current);
    let target = match wanted {
        ModeWanted::Plan => MODE_PLAN.to_string(),
        ModeWanted::Next => {
            let at = offered.iter().position(|m| *m == current);
            let next = at.map_or(0, |i| (i + 1) % offered.len().max(1));
            match offered.get(next) {
                Some(mode) => mode.to_string(),
                None => {
                    state.shown.transcript.notice(
                        NoticeLevel::Warning,
                        "This codex offers no collaboration modes.",
                    );
                    return vec![];
                }
            }
        }
    };
    if !offered.contains(&target.as_str()) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Plan mode unavailable right now: this codex does not offer it.",
        );
        return vec![];
    }
    switch_to(state, &target, false)
}

/// Asks the server to switch the thread to `mode`; `implement`: then start "Implement the
/// plan." (the plan chooser's first option).
pub(crate) fn switch_to(state: &mut Session, mode: &str, implement: bool) -> Vec<Effect> {
    let (Some(thread_id), Some(model)) = (
        state.thread_id().map(str::to_string),
        super::turn_settings::model(state),
    ) else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Plan mode unavailable right now: the thread's model is not known yet.",
        );
        return vec![];
    };
    let effort = effort_in(state, mode);
    state.plan_mode.switching = Some(mode.to_string());
    let params = ThreadSettingsUpdateParams {
        thread_id,
        collaboration_mode: Some(CollaborationMode {
            mode: mode.to_string(),
            settings: ModeSettings {
                model,
                reasoning_effort: effort,
                developer_instructions: None,
            },
        }),
        effort: None,
    };
    vec![Effect::Request(ClientRequest::SwitchMode {
        params,
        implement,
    })]
}

/// The effort a turn in `mode` runs with: Plan mode's own (from its preset) unless the person
/// chose one, else the effort of the next turn.
fn effort_in(state: &Session, mode: &str) -> Option<String> {
    if mode == MODE_PLAN && !in_plan_mode(state) {
        let preset = mask(state, mode).and_then(|m| m.reasoning_effort.clone());
        if preset.is_some() {
            return preset;
        }
    }
    if mode != MODE_PLAN && in_plan_mode(state) {
        if let Some(before) = &state.plan_mode.effort_before {
            return before
                .clone()
                .or_else(|| state.turn_settings.reported_effort.clone());
        }
    }
    super::turn_settings::effort(state)
}

fn mask<'a>(state: &'a Session, mode: &str) -> Option<&'a crate::protocol::CollaborationModeMask> {
    state
        .plan_mode
        .modes
        .as_ref()?
        .iter()
        .find(|m| m.mode.as_deref() == Some(mode))
}

/// The mode took effect (confirmed by the server): remember it and say so.
fn took_effect(state: &mut Session, mode: &str, effort: Option<String>) {
    state.plan_mode.switching = None;
    if state.plan_mode.current == mode {
        return;
    }
    let entering_plan = mode == MODE_PLAN;
    let chosen = &mut state.turn_settings.chosen.effort;
    if entering_plan {
        state.plan_mode.effort_before = Some(chosen.clone());
        if effort.is_some() {
            *chosen = effort;
        }
    } else if let Some(before) = state.plan_mode.effort_before.take() {
        *chosen = before;
    }
    state.plan_mode.current = mode.to_string();
    let model = super::turn_settings::model(state).unwrap_or_default();
    let effort = super::turn_settings::effort(state)
        .map(|e| format!(" {e}"))
        .unwrap_or_default();
    let text = if entering_plan {
        format!(
            "Plan mode: codex plans first and changes nothing ({model}{effort}). Shift+Tab switches back."
        )
    } else {
        format!("Default mode ({model}{effort}).")
    };
    state.shown.transcript.notice(
        NoticeLevel::Info,
        crate::text::sanitize::sanitize_line(&text),
    );
}

/// A fresh thread starts in the default mode: Plan mode's effort goes.
pub(crate) fn back_to_default(state: &mut Session) {
    if let Some(before) = state.plan_mode.effort_before.take() {
        state.turn_settings.chosen.effort = before;
    }
    state.plan_mode.current = MODE_DEFAULT.to_string();
    state.plan_mode.switching = None;
}

/// `thread/settings/updated`: whatever the mode is now, from whichever client.
pub(crate) fn settings_updated(state: &mut Session, n: &ThreadSettingsUpdatedNotification) {
    if let Some(mode) = &n.thread_settings.collaboration_mode {
        if mode.mode == MODE_PLAN || mode.mode == MODE_DEFAULT {
            let effort = mode.settings.reasoning_effort.clone();
            took_effect(state, &mode.mode.clone(), effort);
        }
    }
}

/// Alt+. (`up`) and Alt+, : the next turn's effort, one step along the model's efforts.
pub(crate) fn step_effort(state: &mut Session, up: bool) -> Vec<Effect> {
    let Some(models) = &state.plan_mode.models else {
        if state.plan_mode.effort_step.replace(up).is_some() {
            return vec![];
        }
        return vec![super::actions::list_models()];
    };
    let model = super::turn_settings::model(state).unwrap_or_default();
    let efforts: Vec<String> = models
        .data
        .iter()
        .find(|m| m.model == model)
        .map(|m| {
            m.supported_reasoning_efforts
                .iter()
                .map(|e| e.reasoning_effort.clone())
                .collect()
        })
        .unwrap_or_default();
    let shown = crate::text::sanitize::sanitize_line(&model);
    if efforts.is_empty() {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!("Reasoning shortcuts are unavailable for {shown}: it offers no efforts."),
        );
        return vec![];
    }
    let current = super::turn_settings::effort(state)
        .or_else(|| {
            models
                .data
                .iter()
                .find(|m| m.model == model)
                .and_then(|m| m.default_reasoning_effort.clone())
        })
        .unwrap_or_default();
    let at = efforts.iter().position(|e| *e == current);
    let next = match (at, up) {
        (None, _) => 0,
        (Some(i), true) if i + 1 < efforts.len() => i + 1,
        (Some(i), false) if i > 0 => i - 1,
        (Some(i), _) => {
            let end = if up { "highest" } else { "lowest" };
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "Reasoning is already at the {end} level ({}).",
                    crate::text::sanitize::sanitize_line(&efforts[i])
                ),
            );
            return vec![];
        }
    };
    state.turn_settings.chosen.effort = Some(efforts[next].clone());
    vec![]
}

/// `collaborationMode/list` answered: the switch it was asked for goes on.
pub(crate) fn modes_listed(
    state: &mut Session,
    then: ModeWanted,
    answer: Answer<CollaborationModeListResponse>,
) -> Vec<Effect> {
    state.plan_mode.listing = None;
    match answer {
        Ok(list) => {
            state.plan_mode.modes = Some(list.data);
            switch(state, then)
        }
        Err(e) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("Plan mode unavailable right now: {e}"),
            );
            vec![]
        }
    }
}

/// `thread/settings/update` answered: the mode is in effect (the empty answer is all that
/// comes when nothing changed); the plan chooser's first option then sends its turn.
pub(crate) fn mode_switched(
    state: &mut Session,
    mode: &str,
    implement: bool,
    answer: Answer<()>,
    now: Instant,
) -> Vec<Effect> {
    if let Err(e) = answer {
        state.plan_mode.switching = None;
        state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("Could not switch to {mode} mode: {e}"),
        );
        return vec![];
    }
    let effort = effort_in(state, mode);
    took_effect(state, mode, effort);
    if !implement {
        return vec![];
    }
    // The plan chooser's first option: "Implement the plan." goes out first.
    state
        .outbox
        .queued
        .push_front(IMPLEMENT_THE_PLAN.to_string().into());
    super::outbox::send_next(state, now)
}

/// `config/read` answered: whether raw reasoning is shown (not, when it cannot be read).
pub(crate) fn config_read(state: &mut Session, answer: Answer<ConfigReadResponse>) {
    let show = answer.ok().and_then(|c| c.show_raw_reasoning());
    state.plan_mode.show_raw = Some(show.unwrap_or(false));
}

/// Whether a `model/list` answer is the one an effort key waits for.
pub(crate) fn wants_models(state: &Session) -> bool {
    state.plan_mode.effort_step.is_some()
}

/// `model/list` answered for an effort key: the step is taken (and the `/model` picker, if
/// it asked too, still hears the answer).
pub(crate) fn models_for_effort(
    state: &mut Session,
    answer: Answer<ModelListResponse>,
) -> Vec<Effect> {
    let up = state.plan_mode.effort_step.take().unwrap_or(true);
    state
        .layer_events
        .push(LayerEvent::Models(shown(answer.clone())));
    match answer {
        Ok(list) => {
            state.plan_mode.models = Some(list);
            step_effort(state, up)
        }
        Err(e) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("Could not list the models' efforts: {e}"),
            );
            vec![]
        }
    }
}

/// A reasoning item started: whether raw reasoning is shown is asked of codex once.
pub(crate) fn reasoning_seen(state: &mut Session) -> Vec<Effect> {
    if state.plan_mode.show_raw.is_some() || state.plan_mode.asked_config {
        return vec![];
    }
    state.plan_mode.asked_config = true;
    vec![Effect::Request(ClientRequest::ReadConfig(
        ConfigReadParams {
            include_layers: false,
            cwd: state.shown.thread.as_ref().map(|t| t.cwd.clone()),
        },
    ))]
}
