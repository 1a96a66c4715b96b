//! The router: the one place that decides who gets an event, and the only code that pushes,
//! pops or replaces a layer.
//!
//! Keys, pastes and mouse events walk what is on screen from the top (see `stacks`): the
//! layers opened from the front question, the question itself, the layers the person opened,
//! the server-down box, the list open over the composer (the popup slot), then the base
//! (transcript scrolling and the composer). Each answers by
//! what it returns (`layer_types::Outcome`), and the router applies that to the stack the layer
//! sits in. Ctrl+C is handled above all of them; while a question is up, the type-ahead gate
//! (`questions::guard`) first decides whether a key is typing for the draft or meant for the
//! question. News from the session (`LayerEvent`) goes to the first layer, from the top, that
//! takes it; news that opens a view opens the one `layers::opened_by` names.

use super::base;
use super::geometry::Areas;
use super::layer_types::{Input, Placement};
use super::layers::question::FrontQuestion;
use super::layers::server_down::ServerDownBox;
use super::layers::{self, Ctx, Layer, LayerView, Outcome};
use super::stacks::AppState;
use crate::controls::keys::Chord;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::choice_gate::Gated;
use crate::session::state::guard::Gate;
use crate::session::state::questions::QueuedQuestion;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::Instant;

/// Which stack: the person's, the front question's own, or the popup slot over the composer.
#[derive(Debug, Clone, Copy)]
enum Stack {
    Person,
    Question,
    Composer,
}

fn stack(state: &mut AppState, which: Stack) -> &mut Vec<Layer> {
    match which {
        Stack::Person => &mut state.layers.person,
        Stack::Question => &mut state.layers.question,
        Stack::Composer => &mut state.layers.composer,
    }
}

/// Puts an opened layer on top of `which`, or, when it is a list over the composer
/// (`Placement::OverComposer`), in the popup slot in place of any other.
fn push(state: &mut AppState, which: Stack, layer: Layer) {
    if layer.view().placement() == Placement::OverComposer {
        state.layers.composer = vec![layer];
    } else {
        stack(state, which).push(layer);
    }
}

/// Routes one input: Ctrl+C first; then, while a question is up, the type-ahead gate decides
/// whether a key is typing for the draft or meant for the question; then the layers from the
/// top, then the base. The composer's cursor stays in view after it.
pub(crate) fn route(state: &mut AppState, input: Input<'_>, now: Instant) -> Vec<Effect> {
    let effects = route_input(state, input, now);
    follow_question(state);
    keep_cursor_in_view(state);
    effects
}

fn route_input(state: &mut AppState, input: Input<'_>, now: Instant) -> Vec<Effect> {
    if let Input::Key(key) = input {
        if key.kind == KeyEventKind::Release {
            return vec![];
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return ctrl_c(state, now);
        }
        if let Some(effects) = help_anywhere(state, &key, now) {
            return effects;
        }
        if let Some(effects) = park_anywhere(state, &key, now) {
            return effects;
        }
    }
    // A key held back earlier and not followed by another was meant: it decides first.
    let mut effects = tick(state, now);
    // The hunk review was opened by a deliberate `r` and answers only by its submit key: a
    // comment typed there at speed is the comment, not typing for the draft.
    let reviewing = matches!(
        state.layers.question.last(),
        Some(super::layers::Layer::HunkReview(_))
    );
    let questions = &mut state.session.questions;
    if !questions.is_empty() && !reviewing {
        match input {
            Input::Key(key) => match questions.gate(key, now) {
                Gate::Hold | Gate::Swallow => return effects,
                Gate::Typing(keys) => {
                    for key in keys {
                        effects.extend(route_as_typing(state, key, now));
                    }
                    return effects;
                }
                Gate::Pass => {}
            },
            Input::Paste(_) if !questions.front().is_some_and(QueuedQuestion::typing_text) => {
                if let Some(held) = questions.pasted(now) {
                    effects.extend(route_as_typing(state, held, now));
                }
            }
            _ => {}
        }
    } else if type_ahead_refused(state, &input, now) {
        return effects;
    }
    effects.extend(route_from_top(state, input, now));
    effects
}

/// The top view takes no text (`LayerView::type_ahead`): typing and pastes there are refused
/// whole, and a key is held until its moment shows no other followed. Whether the input
/// stops here.
fn type_ahead_refused(state: &mut AppState, input: &Input<'_>, now: Instant) -> bool {
    let Some(gate) = state
        .layers
        .person
        .last_mut()
        .and_then(|top| top.view_mut().type_ahead())
    else {
        return false;
    };
    match input {
        Input::Key(key) => {
            if let Gated::Held(due) = gate.key(*key, now) {
                let timer = &mut state.session.layer_timer;
                *timer = Some(timer.map_or(due, |t| t.min(due)));
            }
            true
        }
        Input::Paste(_) => {
            gate.paste(now);
            true
        }
        Input::Mouse(_) => false,
    }
}

/// Time passed: a held key whose moment came goes to the question.
pub(crate) fn tick(state: &mut AppState, now: Instant) -> Vec<Effect> {
    match state.session.questions.take_due(now) {
        Some(key) => route_from_top(state, Input::Key(key), now),
        None => vec![],
    }
}

/// Ctrl+C, above every layer and the type-ahead gate: under a question, the session refuses
/// it (`quit_ladder`); else the top layer takes it when a row of its key table does (the
/// history search closes, as with Esc, the draft under it left as it was); else the session's
/// next step.
fn ctrl_c(state: &mut AppState, now: Instant) -> Vec<Effect> {
    let ctrl_c = Chord::ctrl('c');
    if state.session.questions.is_empty() {
        if let Some(top) = state.layers.person.len().checked_sub(1) {
            let takes = state.layers.person[top]
                .view()
                .keys(&state.view_cx(now))
                .has_row_for(&ctrl_c);
            if takes {
                let input = Input::Key(ctrl_c.event());
                let outcome = with_layer(state, Stack::Person, top, now, |layer, cx| {
                    layer.handle(&input, cx)
                });
                state.session.quit_armed_until = None;
                return apply(state, Stack::Person, top, outcome, now).unwrap_or_default();
            }
        }
    }
    let effects = crate::session::quit_ladder::ctrl_c(&mut state.session, now);
    // A list drawn from the draft (a command name, a mention) goes with it.
    if state.session.composer.is_empty() {
        state.layers.composer.clear();
    }
    effects
}

/// F1 (the conversation's `help_anywhere`), above every layer and the type-ahead gate like
/// Ctrl+C: opens help over whatever is on screen — where `?` would be typed into a draft, a
/// filter or a query — or closes the help on top. Over a question it goes into the question's
/// stack, so it leaves with the question.
fn help_anywhere(state: &mut AppState, key: &KeyEvent, now: Instant) -> Option<Vec<Effect>> {
    let keys = base::keys::help_anywhere(&state.session.config.keymap);
    if !keys.iter().any(|chord| chord.matches(key)) {
        return None;
    }
    let which = if state.session.questions.is_empty() {
        Stack::Person
    } else {
        Stack::Question
    };
    if matches!(stack(state, which).last(), Some(Layer::Help(_))) {
        stack(state, which).pop();
        return Some(vec![]);
    }
    let help = Layer::Help(super::layers::help::Help::default());
    settle(state, which, Outcome::Open(help, vec![]), now)
}

/// Ctrl+T over a question (forms too), above the type-ahead gate like Ctrl+C: parking answers
/// nothing, so it needs no pause. The layers opened from the question go with it.
fn park_anywhere(state: &mut AppState, key: &KeyEvent, now: Instant) -> Option<Vec<Effect>> {
    let front = state.session.questions.front()?;
    if front.question.is_local() {
        return None;
    }
    let keys = layers::question::keys::park_anywhere(&state.session.config.keymap);
    if !keys.iter().any(|chord| chord.matches(key)) {
        return None;
    }
    Some(crate::session::inbox::park(&mut state.session, now))
}

/// A key typed while a question is up goes to what is under the question (the draft, or the
/// search bar). Under a question nothing is sent: Enter there is a new line, Esc does nothing.
fn route_as_typing(state: &mut AppState, key: KeyEvent, now: Instant) -> Vec<Effect> {
    let key = match key.code {
        KeyCode::Esc => return vec![],
        KeyCode::Enter => KeyEvent::new(KeyCode::Enter, KeyModifiers::SHIFT),
        _ => key,
    };
    let input = Input::Key(key);
    if let Some(effects) = walk(state, Stack::Person, &input, now) {
        return effects;
    }
    below_the_layers(state, &input, now)
}

fn route_from_top(state: &mut AppState, input: Input<'_>, now: Instant) -> Vec<Effect> {
    if let Some(effects) = walk(state, Stack::Question, &input, now) {
        return effects;
    }
    if !state.session.questions.is_empty() {
        let outcome = with_cx(state, now, |cx| FrontQuestion.handle(&input, cx));
        if let Some(effects) = settle(state, Stack::Question, outcome, now) {
            return effects;
        }
    }
    if let Some(effects) = walk(state, Stack::Person, &input, now) {
        return effects;
    }
    below_the_layers(state, &input, now)
}

/// The server-down box (when it shows), the list open over the composer, then the base; the
/// list follows what the composer made of an input it let through (`LayerEvent::ComposerTook`).
fn below_the_layers(state: &mut AppState, input: &Input<'_>, now: Instant) -> Vec<Effect> {
    if state.session.health.down.is_some() {
        let outcome = with_cx(state, now, |cx| ServerDownBox.handle(input, cx));
        if let Some(effects) = settle(state, Stack::Person, outcome, now) {
            return effects;
        }
    }
    // The draft before the input, read only while a list is open (it follows the draft).
    let before = (!state.layers.composer.is_empty()).then(|| state.session.composer.text());
    if let Some(effects) = walk(state, Stack::Composer, input, now) {
        return effects;
    }
    let listed = !state.layers.composer.is_empty();
    let outcome = with_cx(state, now, |cx| base::handle(cx, input));
    if listed {
        let before = before.filter(|_| matches!(input, Input::Key(_)));
        offer(
            state,
            Stack::Composer,
            &LayerEvent::ComposerTook { before },
            now,
        );
    }
    settle_base(state, outcome, now)
}

/// Runs `f` with a context: the session, the time, and where things are on screen now.
fn with_cx<T>(state: &mut AppState, now: Instant, f: impl FnOnce(&mut Ctx<'_>) -> T) -> T {
    let areas = state.areas();
    let layer_open = state.layer_open();
    f(&mut Ctx::new(&mut state.session, now, areas, layer_open))
}

/// Settles what the base did. Under a server question only the question shows in the bottom
/// slot: a bar opened there now (Ctrl+R's history search, Ctrl+F's search) would be hidden and
/// take the typing unseen, and the question's letters would still answer it. It does not open.
fn settle_base(state: &mut AppState, outcome: Outcome, now: Instant) -> Vec<Effect> {
    match outcome {
        Outcome::Open(layer, effects)
            if !state.session.questions.is_empty()
                && layer.view().placement() == Placement::Bottom =>
        {
            effects
        }
        outcome => settle(state, Stack::Person, outcome, now).unwrap_or_default(),
    }
}

/// Offers the input to each layer of one stack, top first. `None` when all ignored it.
fn walk(
    state: &mut AppState,
    which: Stack,
    input: &Input<'_>,
    now: Instant,
) -> Option<Vec<Effect>> {
    let mut index = stack(state, which).len();
    while index > 0 {
        index -= 1;
        let outcome = with_layer(state, which, index, now, |layer, cx| {
            layer.handle(input, cx)
        });
        if let Some(effects) = apply(state, which, index, outcome, now) {
            return Some(effects);
        }
    }
    None
}

/// Runs `f` on the layer at `index` of a stack, with a context that holds everything but the
/// stacks.
fn with_layer<T>(
    state: &mut AppState,
    which: Stack,
    index: usize,
    now: Instant,
    f: impl FnOnce(&mut dyn LayerView, &mut Ctx<'_>) -> T,
) -> T {
    let areas: Areas = state.areas();
    let layer_open = state.layer_open();
    let AppState { layers, session } = state;
    let list = match which {
        Stack::Person => &mut layers.person,
        Stack::Question => &mut layers.question,
        Stack::Composer => &mut layers.composer,
    };
    let mut cx = Ctx::new(session, now, areas, layer_open);
    f(list[index].view_mut(), &mut cx)
}

/// Applies what the layer at `index` of a stack answered. `None` when the event goes on down.
fn apply(
    state: &mut AppState,
    which: Stack,
    index: usize,
    outcome: Outcome,
    now: Instant,
) -> Option<Vec<Effect>> {
    match outcome {
        Outcome::Ignored => None,
        Outcome::Consumed(effects) => Some(effects),
        Outcome::Close(effects) => {
            stack(state, which).remove(index);
            Some(effects)
        }
        Outcome::CloseAndFallThrough => {
            stack(state, which).remove(index);
            None
        }
        Outcome::Replace(layer, effects) => {
            let layer = filled(state, layer, now);
            stack(state, which)[index] = layer;
            Some(effects)
        }
        Outcome::Open(layer, effects) => {
            let layer = filled(state, layer, now);
            push(state, which, layer);
            Some(effects)
        }
    }
}

/// Applies the outcome of a handler that is not itself in a stack (the question, the
/// server-down box, the base): what it opens goes on top of `which`.
fn settle(
    state: &mut AppState,
    which: Stack,
    outcome: Outcome,
    now: Instant,
) -> Option<Vec<Effect>> {
    match outcome {
        Outcome::Ignored | Outcome::CloseAndFallThrough => None,
        Outcome::Consumed(effects) | Outcome::Close(effects) => Some(effects),
        Outcome::Open(layer, effects) | Outcome::Replace(layer, effects) => {
            let layer = filled(state, layer, now);
            push(state, which, layer);
            Some(effects)
        }
    }
}

/// A layer about to open. Help lists what is on screen under it, which only the router sees:
/// it is filled here.
fn filled(state: &AppState, mut layer: Layer, now: Instant) -> Layer {
    if let Layer::Help(help) = &mut layer {
        if help.sections.is_empty() {
            help.sections = if help.full {
                super::reference::sections(&state.session.config.keymap)
            } else {
                state.help_sections(now)
            };
        }
    }
    layer
}

/// After every event: the layers opened from a question go when it does (answered, withdrawn,
/// or the server lost).
pub(crate) fn follow_question(state: &mut AppState) {
    let front = state.session.questions.front().map(|q| &q.question.id);
    state.layers.follow_question(front);
}

/// After the composer may have changed: its cursor stays in view in the composer's box.
pub(crate) fn keep_cursor_in_view(state: &mut AppState) {
    let height = state
        .areas()
        .composer
        .map_or(1, |area| usize::from(area.height.saturating_sub(2)));
    let session = &mut state.session;
    let width = super::base::composer_input::width(session);
    session.composer.keep_cursor_in_view(width, height);
}

/// Hands the session's news (`Session::layer_events`) to the layers: each event to the first
/// layer, from the top, that takes it — one find for every kind of news. News that opens a
/// view (`layers::opened_by`) opens it on top unless one of its kind is open to take it; the
/// layers open hear it first either way (a picker stops waiting for the thread the box opened
/// over it is about). News nobody takes may still mean something to the session.
pub(crate) fn deliver(state: &mut AppState, now: Instant) -> Vec<Effect> {
    let mut effects = Vec::new();
    for event in std::mem::take(&mut state.session.layer_events) {
        let opens = layers::opened_by(&event, &state.session, now)
            .filter(|(layer, _)| !state.layers.holds_kind_of(layer));
        let taken = [Stack::Question, Stack::Person, Stack::Composer]
            .into_iter()
            .find_map(|which| offer(state, which, &event, now));
        match (taken, opens) {
            (taken, Some((layer, opening))) => {
                effects.extend(taken.unwrap_or_default());
                let outcome = Outcome::Open(layer, opening);
                effects.extend(settle(state, Stack::Person, outcome, now).unwrap_or_default());
            }
            (Some(taken), None) => effects.extend(taken),
            (None, None) => effects.extend(unclaimed(state, event)),
        }
    }
    effects
}

/// Offers `event` to one stack, top first; the effects of the layer that took it.
fn offer(
    state: &mut AppState,
    which: Stack,
    event: &LayerEvent,
    now: Instant,
) -> Option<Vec<Effect>> {
    for index in (0..stack(state, which).len()).rev() {
        let outcome = with_layer(state, which, index, now, |layer, cx| {
            layer.on_event(event, cx)
        });
        match outcome {
            Outcome::Ignored => continue,
            // It closes, and the layers below hear the news too.
            Outcome::CloseAndFallThrough => {
                stack(state, which).remove(index);
                continue;
            }
            _ => {}
        }
        return Some(apply(state, which, index, outcome, now).unwrap_or_default());
    }
    None
}

/// News no layer took: a `/rename` or a resume from the conversation is told in the
/// transcript; the rest was only for a layer that has closed since, and is dropped knowingly.
/// Every kind is named, so a new one has to say what becomes of it when nobody takes it.
fn unclaimed(state: &mut AppState, event: LayerEvent) -> Vec<Effect> {
    let session = &mut state.session;
    match event {
        LayerEvent::RenameAnswered { name, result, .. } => {
            crate::session::threads::renamed_here(session, &name, &result);
            vec![]
        }
        LayerEvent::OpenRefused { error } => crate::session::threads::refused_here(session, &error),
        // A sign-in answered after its layer closed: codex stops waiting for that login.
        LayerEvent::LoginAnswered {
            result: Ok(response),
            ..
        } => super::layers::sign_in::cancel_login(&response),
        // The sign-in layer's, closed since: a refused start, the login's end, the account
        // read again (the session keeps the account).
        LayerEvent::LoginAnswered { result: Err(_), .. }
        | LayerEvent::LoginCompleted(_)
        | LayerEvent::AccountChanged => vec![],
        // The picker's, closed since: its pages, matches, peeks, archive answers and the
        // moment its search was to go.
        LayerEvent::LayerTimer
        | LayerEvent::ThreadPage { .. }
        | LayerEvent::ThreadMatches { .. }
        | LayerEvent::ThreadPeek { .. }
        | LayerEvent::ArchiveAnswered { .. }
        | LayerEvent::DeleteAnswered { .. } => vec![],
        // Changes a picker would show; the session has them already.
        LayerEvent::ThreadRenamed { .. }
        | LayerEvent::ThreadArchived { .. }
        | LayerEvent::ThreadDeleted { .. }
        | LayerEvent::ThreadOpened => vec![],
        // It opened its layer (`layers::opened_by`), or one of its kind was open and let it by.
        LayerEvent::PickerWanted
        | LayerEvent::TrustWanted
        | LayerEvent::ConfirmWanted(_)
        | LayerEvent::SignInWanted
        | LayerEvent::ThreadLocked { .. } => vec![],
        // `/model`'s list, closed since (the next `/model` asks again).
        LayerEvent::Models(_) => vec![],
        // No review waiting to send: it was sent, or closed.
        LayerEvent::ReviewFilesRead => vec![],
        // The file finder's, closed since (or an answer it no longer waits for).
        LayerEvent::FilesFound { .. } => vec![],
        // The router's own, for the list over the composer: never posted as news.
        LayerEvent::ComposerTook { .. } => vec![],
        // `/rules`' list, closed since; the deletion was told in the transcript already.
        LayerEvent::RulesLoaded { .. } | LayerEvent::RuleDeleted { .. } => vec![],
        // The diff view's, closed since.
        LayerEvent::GitDiff { .. } | LayerEvent::TurnDiff { .. } => vec![],
        // No search or selected cell open to move.
        LayerEvent::CellsPrepended(_) | LayerEvent::CellsDropped(_) => vec![],
        // `/review`'s chooser, closed since.
        LayerEvent::GitRefs { .. } => vec![],
        // `/ps`' list, closed since; a stop was told in the transcript already.
        LayerEvent::Terminals(_) | LayerEvent::TerminalsChanged => vec![],
        // `/agents`' list, closed since; the registry holds what the listing said.
        LayerEvent::AgentsListed { .. } => vec![],
        // `/theme`'s picker, closed since (the next `/theme` reads the files again).
        LayerEvent::ThemesLoaded(_) => vec![],
        // `/mcp`'s and `/skills`' views, closed since; the session keeps what changed.
        LayerEvent::McpChanged | LayerEvent::SkillsChanged | LayerEvent::HooksChanged => vec![],
        // `/usage`'s, `/import`'s, `/rc`'s or `/daemon`'s view, closed since; the session
        // keeps what each was told.
        LayerEvent::AccountToolsChanged => vec![],
        // `/experimental`'s and `/memories`' views, closed since; the session keeps the news.
        LayerEvent::FeaturesChanged
        | LayerEvent::MemoriesChanged
        | LayerEvent::PluginsChanged
        | LayerEvent::AppsChanged => {
            vec![]
        }
        // The side pane's, closed since; the session keeps the side conversations.
        LayerEvent::SideChanged => vec![],
        // The rewind list's preview, closed since (nothing was put back).
        LayerEvent::RestorePreview { .. } => vec![],
        // `/config`'s or `/keymap`'s, closed since; the session keeps the settings.
        LayerEvent::SettingsChanged => vec![],
    }
}
