//! The bottom of the layer stack: transcript scrolling, global keys and the composer, with the
//! lists the composer opens over itself (`slash`, `files`). Gets whatever every layer above
//! ignored.

pub mod composer_input;
pub mod files;
pub mod skills;
pub mod slash;
pub mod vim_keys;

use super::composer::ComposerPopup;
use super::layer_types::{Hint, Input};
use super::layers::{Ctx, Help, HistorySearch, Layer, Outcome, Search};
use super::session::actions::{interrupt, quit};
use super::state::{Session, TurnPhase};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEventKind};

pub fn handle(cx: &mut Ctx<'_>, input: &Input<'_>) -> Outcome {
    let now = cx.now;
    // The composer's lists see its keys first.
    if let Some(outcome) = files::handle(cx, input, now) {
        return outcome;
    }
    if let Some(outcome) = skills::handle(cx, input, now) {
        return outcome;
    }
    let before = slash::is_open(cx).then(|| cx.composer.text());
    if let Some(outcome) = slash::handle(cx, input) {
        return outcome;
    }
    let outcome = on_input(cx, input);
    if let Some(before) = before {
        let key = matches!(input, Input::Key(_));
        slash::follow(cx, key.then_some(before.as_str()));
    }
    outcome
}

fn on_input(cx: &mut Ctx<'_>, input: &Input<'_>) -> Outcome {
    let transcript = cx.areas.transcript;
    match input {
        Input::Key(key) => on_key(cx, *key),
        Input::Paste(text) => {
            composer_input::paste(cx, text);
            Outcome::Consumed(vec![])
        }
        Input::Mouse(mouse) => {
            match mouse.kind {
                MouseEventKind::ScrollUp => cx.scroll_with(transcript, |s, v| s.by(-3, v)),
                MouseEventKind::ScrollDown => cx.scroll_with(transcript, |s, v| s.by(3, v)),
                _ => return Outcome::Ignored,
            }
            Outcome::Consumed(vec![])
        }
    }
}

fn on_key(cx: &mut Ctx<'_>, key: KeyEvent) -> Outcome {
    let now = cx.now;
    // Vim's keys come before tern's: Esc leaves insert mode, normal mode's letters are commands.
    if let Some(outcome) = vim_keys::handle(cx, key, now) {
        return outcome;
    }
    if let Some(outcome) = composer_hooks(cx, key) {
        return outcome;
    }
    let transcript = cx.areas.transcript;
    let state = &mut **cx;
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let composer_empty = state.composer.is_empty();
    let done = Outcome::Consumed(vec![]);
    match key.code {
        KeyCode::PageUp => state.scroll_with(transcript, |s, v| s.page(-1, v)),
        KeyCode::PageDown => state.scroll_with(transcript, |s, v| s.page(1, v)),
        KeyCode::Char('f') if ctrl => return open_search(),
        // `/` starts a search while reading back; at the bottom it starts a command.
        KeyCode::Char('/') if composer_empty && !state.shown.scroll.is_following() => {
            return open_search()
        }
        // At the bottom, `/` starts a command: the popup lists them as the name is typed.
        KeyCode::Char('/') if composer_empty && !ctrl => return slash::open(state, key, now),
        KeyCode::Char('?') if composer_empty => {
            return Outcome::Open(Layer::Help(Help::default()), vec![])
        }
        KeyCode::Char('o') if ctrl => state.expanded = !state.expanded,
        // Up/Down walk the prompt history; they scroll only while reading back.
        KeyCode::Up | KeyCode::Down
            if shift || (composer_empty && !state.shown.scroll.is_following()) =>
        {
            let rows = if key.code == KeyCode::Up { -1 } else { 1 };
            state.scroll_with(transcript, |s, v| s.by(rows, v));
        }
        KeyCode::Esc => return Outcome::Consumed(interrupt(state)),
        KeyCode::Char('r') if ctrl => {
            let search = HistorySearch::open(state);
            return Outcome::Open(Layer::HistorySearch(search), vec![]);
        }
        KeyCode::Char('g') if ctrl => return Outcome::Consumed(composer_input::open_editor(state)),
        KeyCode::Char('d') if ctrl && composer_empty => return Outcome::Consumed(quit(state)),
        KeyCode::Home if ctrl || composer_empty => {
            state.scroll_with(transcript, |s, v| s.to_top(v))
        }
        KeyCode::End if ctrl || composer_empty => state.shown.scroll.to_bottom(),
        _ => return composer_input::key(state, key, now),
    }
    done
}

/// Keys that open something from the composer: `@` (the file finder), `$` (the skill
/// finder), Tab and ↑ (the queued messages).
fn composer_hooks(cx: &mut Ctx<'_>, key: KeyEvent) -> Option<Outcome> {
    let now = cx.now;
    if key.code == KeyCode::Char('@')
        && !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        && files::starts_mention(cx)
    {
        return Some(files::open(cx, key, now));
    }
    if key.code == KeyCode::Char('$')
        && !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        && skills::starts_mention(cx)
    {
        return Some(skills::open(cx, key, now));
    }
    super::layers::queue::on_composer_key(cx, key, now)
}

fn open_search() -> Outcome {
    Outcome::Open(Layer::Search(Search::default()), vec![])
}

/// The keys that matter now, most useful first, for the hint bar.
pub fn hints(state: &Session) -> Vec<Hint> {
    let mut hints = vim_keys::hints(state);
    if state.turn_active() && state.composer.vim.is_none() {
        hints.push(Hint::new("Esc", "interrupt"));
    }
    if state.composer.is_empty() {
        hints.push(Hint::new("?", "keys"));
    } else if state.turn_active() {
        hints.push(Hint::new("Enter", "steer"));
        hints.push(Hint::new("Tab", "queue"));
    } else {
        hints.push(Hint::new("Enter", "send"));
        hints.push(Hint::new("Shift+Enter", "newline"));
    }
    if !state.shown.scroll.is_following() {
        hints.push(Hint::new("End", "follow"));
        hints.push(Hint::new("/", "search"));
    }
    hints.push(Hint::new("PgUp/PgDn", "scroll"));
    hints.push(Hint::new(
        "Ctrl+C",
        super::session::quit_ladder::next_step(state),
    ));
    hints
}

/// The keys of the list open over the composer.
pub fn popup_hints(popup: &ComposerPopup) -> Vec<Hint> {
    match popup {
        ComposerPopup::Commands(_) => slash::hints(),
        ComposerPopup::Files(_) => files::hints(),
        ComposerPopup::Skills(_) => skills::hints(),
    }
}

/// Every key of the conversation view that does something in this state, for the help overlay
/// (help never names a key that does nothing now).
pub fn all_hints(state: &Session) -> Vec<Hint> {
    if !state.questions.is_empty() {
        return under_a_question();
    }
    let running = matches!(state.shown.turn, TurnPhase::Running { .. });
    let mut rows: Vec<(&str, &str)> = Vec::new();
    rows.push(match (running, state.turn_active()) {
        (true, _) => ("Enter", "steer the running turn (a /command runs)"),
        (false, true) => ("Enter", "send the prompt once the turn has ended"),
        (false, false) => ("Enter", "send the prompt"),
    });
    if state.turn_active() {
        rows.push(("Tab", "queue the prompt for a new turn"));
    }
    if !state.outbox.queued.is_empty() {
        rows.push((
            "↑ (first line)",
            "select the queued messages: Enter edits, Del/x drops",
        ));
    }
    rows.extend([
        ("@", "find a file to mention"),
        ("$", "name a skill for the prompt"),
        ("Shift+Enter, Alt+Enter, Ctrl+J", "new line"),
    ]);
    if running && state.composer.vim.is_none() {
        rows.push(("Esc", "interrupt the running turn"));
    }
    rows.extend([
        (
            "↑/↓ (first/last row)",
            "earlier prompts (the draft comes back after the newest)",
        ),
        ("Ctrl+R", "search earlier prompts"),
        ("Ctrl+U, Ctrl+W", "delete to line start, delete a word back"),
        ("Ctrl+Z, Ctrl+Y", "undo, redo"),
        ("Alt+←/→, Home/End", "word back/forward, line start/end"),
        ("Ctrl+G", "edit the draft in $VISUAL/$EDITOR"),
        ("PgUp/PgDn, wheel", "scroll the transcript"),
        ("Shift+↑/↓ (↑/↓ while scrolled back)", "scroll by a line"),
        (
            "Home/End (empty composer), Ctrl+Home/End",
            "top / follow the end",
        ),
        ("Ctrl+F, / while scrolled up", "search the transcript"),
        ("Ctrl+O", "expand or collapse output, reasoning and diffs"),
        ("/ (empty composer)", "the commands, filtered as you type"),
        ("?", "this help (empty composer)"),
    ]);
    rows.push(match (running, state.composer.is_empty()) {
        (true, _) => ("Ctrl+C", "interrupt the running turn"),
        (false, false) => ("Ctrl+C", "clear the draft (↑ brings it back)"),
        (false, true) => ("Ctrl+C", "twice to quit"),
    });
    rows.push(("Ctrl+D (empty composer), /quit", "quit"));
    let vim = match &state.composer.vim {
        Some(_) => vim_keys::all_hints(),
        None => vec![],
    };
    vim.into_iter()
        .chain(
            rows.into_iter()
                .map(|(keys, action)| Hint::new(keys, action)),
        )
        // Every command, from the one table.
        .chain(super::commands::available().map(|c| Hint::new(c.usage(), c.description)))
        .collect()
}

/// Under a server prompt the prompt takes Enter, Esc, Tab, the arrows, Home/End and its answer
/// letters, and no bottom bar opens: what still reaches the draft and the transcript is typing,
/// modified keys and the wheel. No command runs (Enter answers the prompt), so none is listed.
fn under_a_question() -> Vec<Hint> {
    [
        ("Alt+Enter, Ctrl+J", "new line in the draft"),
        ("Ctrl+U, Ctrl+W", "delete to line start, delete a word back"),
        ("Ctrl+Z, Ctrl+Y", "undo, redo"),
        ("Alt+←/→", "word back/forward"),
        ("Ctrl+G", "edit the draft in $VISUAL/$EDITOR"),
        ("wheel", "scroll the transcript"),
        ("Ctrl+Home/End", "top / follow the end"),
        ("Ctrl+O", "expand or collapse output, reasoning and diffs"),
        ("Ctrl+C", "refuse the request and stop the turn"),
        ("Ctrl+D (empty composer)", "quit (the request is refused)"),
    ]
    .into_iter()
    .map(|(keys, action)| Hint::new(keys, action))
    .collect()
}
