//! The bottom of the layer stack: transcript scrolling, global keys and the composer. Gets
//! whatever every layer above ignored, the list open over the composer last (`/`, `@` and `$`
//! open one: `layers::slash`, `file_finder`, `skill_finder`). Its keys are one table (`keys`);
//! what they do is here. With vim keys on, what reaches the composer goes through vim's engine
//! first (`vim_keys`).

pub(crate) mod base_key;
pub(crate) mod base_state;
pub(crate) mod composer_input;
pub(crate) mod keys;
pub(crate) mod links;
pub(crate) mod pointer;
pub(crate) mod precedence;
pub(crate) mod vim_keys;
mod vim_rows;

use super::layer_types::Input;
use super::layers::{file_finder, skill_finder, slash};
use super::layers::{Ctx, Help, HistorySearch, Layer, Outcome, Search, ViewCx};
use crate::controls::keys::{Chord, KeyList, Resolved};
use crate::session::actions::{interrupt, quit};
use crate::session::state::{Session, TurnPhase};
use base_key::BaseKey;
use base_state::BaseState;
use crossterm::event::{KeyEvent, MouseEvent, MouseEventKind};
use keys::KEYS;
use ratatui::layout::Rect;

pub fn handle(cx: &mut Ctx<'_>, input: &Input<'_>) -> Outcome {
    let transcript = cx.areas.transcript;
    match input {
        Input::Key(key) => on_key(cx, *key),
        Input::Paste(text) => {
            composer_input::paste(cx.session_mut(), text);
            Outcome::Consumed(vec![])
        }
        Input::Mouse(mouse) => on_mouse(cx, mouse, transcript),
    }
}

fn on_mouse(cx: &mut Ctx<'_>, mouse: &MouseEvent, transcript: Rect) -> Outcome {
    match mouse.kind {
        MouseEventKind::Down(crossterm::event::MouseButton::Left) => {
            return match links::location_at(cx, transcript, mouse.column, mouse.row) {
                Some(path) => super::layers::diff::open_at(cx.session_mut(), &path),
                None => pointer::on_mouse(cx, mouse).unwrap_or(Outcome::Ignored),
            };
        }
        MouseEventKind::ScrollUp => cx.scroll_with(transcript, |s, v| s.by(-3, v)),
        MouseEventKind::ScrollDown => cx.scroll_with(transcript, |s, v| s.by(3, v)),
        _ => return pointer::on_mouse(cx, mouse).unwrap_or(Outcome::Ignored),
    }
    Outcome::Consumed(vec![])
}

/// The facts the conversation's keys read, now.
pub fn state(session: &Session, layer_open: bool) -> BaseState {
    BaseState {
        // While a dropped link is dialled again the turn runs on the server, but nothing can
        // reach it: no interrupt, no steer (Enter queues).
        running: matches!(session.shown.turn, TurnPhase::Running { .. })
            && session.reconnect.is_none(),
        busy: session.turn_active(),
        composer_empty: session.composer.is_empty(),
        layer_open,
        vim: session.composer.vim.is_some(),
        vim_normal: session.composer.vim_normal(),
        question: !session.questions.is_empty(),
        reading_back: !session.shown.scroll.is_following(),
        queued: !session.outbox.queued.is_empty(),
        first_line: session.composer.cursor_line() == 0,
        mention_here: file_finder::starts_mention(session),
        inbox: session.questions.parked().next().is_some(),
    }
}

/// The conversation's keys as they stand now.
pub fn key_list(cx: &ViewCx<'_>) -> KeyList {
    KEYS.list(&state(cx.session, cx.layer_open), &cx.config.keymap)
}

fn on_key(cx: &mut Ctx<'_>, key: KeyEvent) -> Outcome {
    let facts = state(cx, cx.layer_open);
    let resolved = KEYS.resolve(&key, &facts, &cx.config.keymap);
    if resolved != Resolved::Row(BaseKey::Rewind) {
        // Any other key ends an Esc waiting for its second.
        cx.rewind_mut().disarm();
    }
    match resolved {
        Resolved::Row(action) => act(cx, action, key),
        Resolved::Take => {
            // Vim's first: a command in normal mode, typing it watches in insert mode.
            let now = cx.now;
            if let Some(outcome) = vim_keys::offer(cx.session_mut(), key, now) {
                return outcome;
            }
            if let Some(c) = Chord::typed_char(&key) {
                cx.composer_mut().type_char(c);
            }
            Outcome::Consumed(vec![])
        }
        // Nothing is below the conversation.
        Resolved::Pass | Resolved::Swallow => Outcome::Consumed(vec![]),
    }
}

/// What a row of the conversation's table does (`key`: the key that chose it).
fn act(cx: &mut Ctx<'_>, action: BaseKey, key: KeyEvent) -> Outcome {
    let now = cx.now;
    let transcript = cx.areas.transcript;
    match action {
        BaseKey::Interrupt => return Outcome::Consumed(interrupt(cx.session_mut())),
        BaseKey::Help => return Outcome::Open(Layer::Help(Help::default()), vec![]),
        BaseKey::Send => {
            return composer_input::edit(
                cx.session_mut(),
                crate::controls::composer::Edit::Submit,
                now,
            )
        }
        BaseKey::Queue => return composer_input::queue_draft(cx.session_mut(), now),
        BaseKey::Follow => cx.scroll_with(transcript, |s, _| s.to_bottom()),
        BaseKey::Top => {
            cx.scroll_with(transcript, |s, v| s.jump_to_top(v));
            crate::session::threads::to_first_turn(cx.session_mut());
        }
        BaseKey::Search => return Outcome::Open(Layer::Search(Search::default()), vec![]),
        BaseKey::Inbox => return super::layers::inbox::open(cx, now),
        BaseKey::PageUp => cx.scroll_with(transcript, |s, v| s.page(-1, v)),
        BaseKey::PageDown => cx.scroll_with(transcript, |s, v| s.page(1, v)),
        BaseKey::CtrlC => {
            return Outcome::Consumed(crate::session::quit_ladder::ctrl_c(cx.session_mut(), now))
        }
        BaseKey::QueueFocus => return super::layers::queue::open(cx.session_mut()),
        BaseKey::Mention => return file_finder::open(cx.session_mut()),
        // Typed as any character: Enter on a line that starts with it runs the command.
        BaseKey::Shell => cx.composer_mut().type_char('!'),
        BaseKey::LineUp => cx.scroll_with(transcript, |s, v| s.by(-1, v)),
        BaseKey::LineDown => cx.scroll_with(transcript, |s, v| s.by(1, v)),
        BaseKey::HistorySearch => {
            let search = HistorySearch::open(cx.session_mut());
            return Outcome::Open(Layer::HistorySearch(search), vec![]);
        }
        BaseKey::Editor => return Outcome::Consumed(composer_input::open_editor(cx.session_mut())),
        // An image on the clipboard is attached (text pastes arrive as pastes, not as this key).
        BaseKey::PasteImage => {
            return Outcome::Consumed(vec![crate::session::effect::Effect::PasteImage])
        }
        BaseKey::Expand => cx.toggle_expanded(),
        BaseKey::Commands => {
            // A command is typed, never vim's normal mode's letters.
            vim_keys::to_insert_mode(cx.session_mut());
            return slash::open(cx.session_mut());
        }
        BaseKey::Quit => return Outcome::Consumed(quit(cx.session_mut())),
        BaseKey::SelectCell => return super::layers::selected::open(cx.session_mut(), transcript),
        BaseKey::Pointer => {}
        BaseKey::Suspend => {
            return Outcome::Consumed(vec![crate::session::effect::Effect::Suspend])
        }
        BaseKey::Edit(edit) => {
            // Vim sees what reaches the composer: Backspace moves left in normal mode, and
            // insert mode's edits are part of the change `.` repeats.
            if let Some(outcome) = vim_keys::offer(cx.session_mut(), key, now) {
                return outcome;
            }
            return composer_input::edit(cx.session_mut(), edit, now);
        }
        BaseKey::AgentPrevious | BaseKey::AgentNext => {
            let forward = action == BaseKey::AgentNext;
            return Outcome::Consumed(crate::session::agent_switch::step(
                cx.session_mut(),
                forward,
            ));
        }
        BaseKey::SkillMention => return skill_finder::open(cx.session_mut()),
        BaseKey::VimEscape => return vim_keys::escape(cx.session_mut(), now),
        BaseKey::VimRedo => return vim_keys::redo(cx.session_mut(), now),
        BaseKey::VimCommand => {
            return vim_keys::offer(cx.session_mut(), key, now).unwrap_or(Outcome::Consumed(vec![]))
        }
        BaseKey::Rewind => {
            if crate::session::rewind::esc(cx.session_mut(), now) {
                return super::layers::rewind::open(cx.session_mut());
            }
        }
        BaseKey::Mode => {
            return Outcome::Consumed(crate::session::plan_mode::cycle(cx.session_mut()))
        }
        BaseKey::EffortDown => {
            return Outcome::Consumed(crate::session::plan_mode::step_effort(
                cx.session_mut(),
                false,
            ))
        }
        BaseKey::EffortUp => {
            return Outcome::Consumed(crate::session::plan_mode::step_effort(
                cx.session_mut(),
                true,
            ))
        }
    }
    Outcome::Consumed(vec![])
}
