//! The screen-layer stack: everything that sits over the transcript and composer.
//!
//! Keys, pastes and mouse events walk the stack from the top. Each layer answers
//! [`Outcome::Consumed`] (with effects), [`Outcome::Ignored`] (the event falls to the layer
//! below), [`Outcome::Close`] (pop it, with effects) or [`Outcome::Open`] (push another layer).
//! From the top: layers opened from the front server prompt, the prompt itself, the layers the
//! person opened, then the base (transcript scrolling and the composer). Ctrl+C is handled above
//! all of them, in [`route`] — the one place that decides who gets an event.
//!
//! Adding a view: one arm in [`Layer`], one file here for its state and keys, one file in `ui`
//! for its drawing.

pub mod choice;
pub mod diff;
pub mod help;
pub mod history_search;
pub mod prefix;
pub mod question_view;
pub mod queue;
pub mod rules;
pub mod search;
pub mod server_down;
pub mod status_view;
pub mod thread_picker;

pub use choice::Choice;
pub use diff::DiffPager;
pub use help::Help;
pub use history_search::HistorySearch;
pub use prefix::PrefixChooser;
pub use question_view::QuestionView;
pub use queue::QueueFocus;
pub use rules::RulesList;
pub use search::Search;
pub use status_view::StatusView;
pub use thread_picker::ThreadPicker;

use super::effect::Effect;
use super::event::LayerEvent;
use super::questions::{Gate, QueuedQuestion};
use super::state::AppState;
use super::{base, questions};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::time::Instant;

pub use super::layer_types::{Hint, Input, Placement};

/// What a layer answers (see `layer_types::Outcome`), naming the layer kinds it may open.
pub type Outcome = super::layer_types::Outcome<Layer>;

#[derive(Debug)]
pub enum Layer {
    Search(Search),
    Help(Help),
    /// Opened from a command prompt: the exact exec-policy rule to write.
    Prefix(PrefixChooser),
    /// Opened from a prompt: its whole body, full screen.
    QuestionView(QuestionView),
    Rules(RulesList),
    Diff(DiffPager),
    /// `tern resume`, `/resume`: past threads to reopen.
    ThreadPicker(Box<ThreadPicker>),
    /// `/model`, `/approvals`.
    Choice(Choice),
    /// `/status`.
    Status(StatusView),
    /// ↑ from the composer into the messages queued for the next turn.
    Queue(QueueFocus),
    /// Ctrl+R: earlier prompts, filtered as you type.
    HistorySearch(HistorySearch),
}

impl Layer {
    fn handle(&mut self, input: &Input<'_>, state: &mut AppState, now: Instant) -> Outcome {
        match self {
            Layer::Search(search) => search.handle(input, state, now),
            Layer::Help(help) => help.handle(input),
            Layer::Prefix(chooser) => chooser.handle(input, state, now),
            Layer::QuestionView(view) => view.handle(input),
            Layer::Rules(list) => list.handle(input),
            Layer::Diff(diff) => diff.handle(input, state, now),
            Layer::ThreadPicker(picker) => picker.handle(input, state, now),
            Layer::Choice(choice) => choice.handle(input, state),
            Layer::Status(view) => view.handle(input),
            Layer::Queue(focus) => focus.handle(input, state),
            Layer::HistorySearch(search) => search.handle(input, state),
        }
    }

    /// News from the session (see `LayerEvent`): `Ignored` when it is not this layer's.
    fn on_event(&mut self, event: &LayerEvent, state: &AppState) -> Outcome {
        match self {
            Layer::Diff(diff) => diff.on_event(event, state),
            Layer::ThreadPicker(picker) => picker.on_event(event),
            Layer::Choice(choice) => choice.on_event(event, state),
            Layer::Rules(list) => list.on_event(event),
            Layer::Search(search) => search.on_event(event),
            Layer::Help(_)
            | Layer::Prefix(_)
            | Layer::QuestionView(_)
            | Layer::Status(_)
            | Layer::Queue(_)
            | Layer::HistorySearch(_) => Outcome::Ignored,
        }
    }

    pub fn placement(&self) -> Placement {
        match self {
            Layer::Search(_) | Layer::Prefix(_) | Layer::HistorySearch(_) => Placement::Bottom,
            Layer::Help(_) | Layer::Rules(_) => Placement::Popup,
            Layer::Choice(_) | Layer::Status(_) | Layer::Queue(_) => Placement::Popup,
            Layer::QuestionView(_) | Layer::Diff(_) | Layer::ThreadPicker(_) => {
                Placement::FullScreen
            }
        }
    }

    pub fn title(&self) -> &'static str {
        match self {
            Layer::Search(_) => "Search",
            Layer::Help(_) => "Help",
            Layer::Prefix(_) => "Always allow",
            Layer::QuestionView(_) => "Full view",
            Layer::Rules(_) => "Rules",
            Layer::Diff(_) => "Diff",
            Layer::ThreadPicker(_) => "Resume",
            Layer::Choice(choice) => choice.title(),
            Layer::Status(_) => "Status",
            Layer::Queue(_) => "Queued",
            Layer::HistorySearch(_) => "History search",
        }
    }

    pub fn hints(&self) -> Vec<Hint> {
        match self {
            Layer::Search(_) => search::hints(),
            Layer::Help(_) => help::hints(),
            Layer::Prefix(chooser) => chooser.hints(),
            Layer::QuestionView(_) => question_view::hints(),
            Layer::Rules(list) => rules::hints(list),
            Layer::Diff(_) => diff::hints(),
            Layer::ThreadPicker(picker) => thread_picker::hints(picker),
            Layer::Choice(_) => choice::hints(),
            Layer::Status(_) => status_view::hints(),
            Layer::Queue(_) => queue::hints(),
            Layer::HistorySearch(_) => history_search::hints(),
        }
    }

    /// Rows the layer wants inside its box, `width` columns wide with borders.
    pub fn rows(&self, width: u16) -> usize {
        match self {
            Layer::Search(_) => 1,
            Layer::Help(help) => help.rows(),
            Layer::Prefix(chooser) => {
                crate::render::prefix::chooser_lines(&chooser.offer, chooser.len, width).len()
            }
            Layer::QuestionView(_) => 0,
            Layer::Rules(list) => list.rules().len().max(1),
            // Full screen: it takes the rows there are.
            Layer::Diff(_) | Layer::ThreadPicker(_) => 0,
            // Popups size themselves when drawn.
            Layer::Status(_) => 0,
            Layer::Choice(choice) => choice.rows(),
            // Drawn in the queued list's own rows.
            Layer::Queue(_) => 0,
            Layer::HistorySearch(search) => search.rows(),
        }
    }
}

/// What is on screen, one entry per layer.
#[derive(Debug, Clone, Copy)]
pub enum Entry<'a> {
    /// The server died, never answered or went silent: what happened, and the restart key
    /// (`health`'s, below every layer the person opened).
    ServerDown(&'a crate::app::health::ServerDown),
    Layer(&'a Layer),
    /// The front server prompt, with how many are waiting in all.
    Question(&'a QueuedQuestion, usize),
}

impl Entry<'_> {
    pub fn placement(&self) -> Placement {
        match self {
            Entry::Layer(layer) => layer.placement(),
            Entry::Question(..) | Entry::ServerDown(_) => Placement::Bottom,
        }
    }

    pub fn title(&self) -> &'static str {
        match self {
            Entry::Layer(layer) => layer.title(),
            Entry::Question(..) => "Approval",
            Entry::ServerDown(down) => down.title(),
        }
    }

    pub fn hints(&self, now: Instant) -> Vec<Hint> {
        match self {
            Entry::Layer(layer) => layer.hints(),
            Entry::ServerDown(down) => server_down::hints(down),
            Entry::Question(queued, _) => questions::hints(
                &queued.question,
                queued.selected,
                queued.activation.as_ref().is_some_and(|a| a.live(now)),
            ),
        }
    }

    /// Rows wanted inside the box: for a prompt, its whole body, a gap, and its options.
    pub fn rows(&self, width: u16, state: &AppState) -> usize {
        match self {
            Entry::Layer(layer) => layer.rows(width),
            Entry::ServerDown(down) => down.rows(width),
            Entry::Question(queued, _) => {
                let lines = crate::render::question::question_lines(
                    &queued.question,
                    queued.selected,
                    queued.form.as_ref(),
                    width,
                    state.question_look(),
                );
                lines.body.len() + 1 + lines.options.len()
            }
        }
    }
}

/// Everything over the base, bottom first: the order `ui` draws in. Routing walks it from the
/// end.
pub fn on_screen(state: &AppState) -> Vec<Entry<'_>> {
    let mut entries: Vec<Entry<'_>> = state.health.down.iter().map(Entry::ServerDown).collect();
    entries.extend(state.layers.iter().map(Entry::Layer));
    if let Some(front) = state.questions.front() {
        entries.push(Entry::Question(front, state.questions.len()));
        entries.extend(front.layers.iter().map(Entry::Layer));
    }
    entries
}

/// The keys of whatever is on top, for the hint bar: the topmost layer, else the list open over
/// the composer (which sits above the server-down box), else the base.
pub fn top_hints(state: &AppState, now: Instant) -> Vec<Hint> {
    let entries = on_screen(state);
    if let Some(entry) = entries
        .iter()
        .rev()
        .find(|entry| !matches!(entry, Entry::ServerDown(_)))
    {
        return entry.hints(now);
    }
    match (&state.composer.popup, entries.last()) {
        (Some(popup), _) => base::popup_hints(popup),
        (None, Some(entry)) => entry.hints(now),
        (None, None) => base::hints(state),
    }
}

/// Which list of layers: the person's, or the front prompt's own.
#[derive(Debug, Clone, Copy)]
enum Stack {
    Person,
    Question,
}

fn stack(state: &mut AppState, which: Stack) -> Option<&mut Vec<Layer>> {
    match which {
        Stack::Person => Some(&mut state.layers),
        Stack::Question => state.questions.front_mut().map(|front| &mut front.layers),
    }
}

/// Routes one event: Ctrl+C first; then, while a server prompt is up, the type-ahead gate
/// (`questions::guard`) decides whether a key is typing for the draft or meant for the prompt;
/// then the layers from the top, then the base.
pub fn route(state: &mut AppState, input: Input<'_>, now: Instant) -> Vec<Effect> {
    if let Input::Key(key) = input {
        if key.kind == KeyEventKind::Release {
            return vec![];
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return super::quit_ladder::ctrl_c(state, now);
        }
    }
    // A key held back earlier and not followed by another was meant: it decides first.
    let mut effects = tick(state, now);
    if !state.questions.is_empty() {
        match input {
            Input::Key(key) => match state.questions.gate(key, now) {
                Gate::Hold | Gate::Swallow => return effects,
                Gate::Typing(keys) => {
                    for key in keys {
                        effects.extend(route_as_typing(state, key, now));
                    }
                    return effects;
                }
                Gate::Pass => {}
            },
            Input::Paste(_)
                if !state
                    .questions
                    .front()
                    .is_some_and(QueuedQuestion::typing_text) =>
            {
                if let Some(held) = state.questions.pasted(now) {
                    effects.extend(route_as_typing(state, held, now));
                }
            }
            _ => {}
        }
    }
    effects.extend(route_from_top(state, input, now));
    effects
}

/// Time passed: a held key whose moment came goes to the prompt.
pub fn tick(state: &mut AppState, now: Instant) -> Vec<Effect> {
    match state.questions.take_due(now) {
        Some(key) => route_from_top(state, Input::Key(key), now),
        None => vec![],
    }
}

/// A key typed while a prompt is up goes to what is under the prompt (the draft, or the search
/// bar). Under a question nothing is sent: Enter there is a new line, Esc does nothing.
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
    if let Some(effects) = server_down(state, &input, now) {
        return effects;
    }
    let outcome = base::handle(state, &input, now);
    settle_base(state, outcome)
}

fn route_from_top(state: &mut AppState, input: Input<'_>, now: Instant) -> Vec<Effect> {
    if let Some(effects) = walk(state, Stack::Question, &input, now) {
        return effects;
    }
    if !state.questions.is_empty() {
        let outcome = questions::handle(state, &input, now);
        if let Some(effects) = settle(state, Stack::Question, outcome) {
            return effects;
        }
    }
    if let Some(effects) = walk(state, Stack::Person, &input, now) {
        return effects;
    }
    if let Some(effects) = server_down(state, &input, now) {
        return effects;
    }
    let outcome = base::handle(state, &input, now);
    settle_base(state, outcome)
}

/// The server-down box, when it shows, sits under the person's layers.
fn server_down(state: &mut AppState, input: &Input<'_>, now: Instant) -> Option<Vec<Effect>> {
    state.health.down.as_ref()?;
    let outcome = server_down::handle(state, input, now);
    settle(state, Stack::Person, outcome)
}

/// Settles what the base did. Under a server prompt only the prompt shows in the bottom slot:
/// a bar opened there now (Ctrl+R's history search, Ctrl+F's search) would be hidden and take
/// the typing unseen, and the prompt's letters would still answer it. It does not open.
fn settle_base(state: &mut AppState, outcome: Outcome) -> Vec<Effect> {
    match outcome {
        Outcome::Open(layer, effects)
            if !state.questions.is_empty() && layer.placement() == Placement::Bottom =>
        {
            effects
        }
        outcome => settle(state, Stack::Person, outcome).unwrap_or_default(),
    }
}

/// Offers the event to each layer of one list, top first. `None` when all ignored it.
fn walk(
    state: &mut AppState,
    which: Stack,
    input: &Input<'_>,
    now: Instant,
) -> Option<Vec<Effect>> {
    let mut index = stack(state, which)?.len();
    while index > 0 {
        index -= 1;
        // Taken out while it runs, so it can be given the whole state.
        let mut layer = stack(state, which)?.remove(index);
        let outcome = layer.handle(input, state, now);
        // The handler may have answered the prompt that owned this list: then it is gone, and
        // so are its layers.
        let Some(layers) = stack(state, which) else {
            return Some(match outcome {
                Outcome::Consumed(effects)
                | Outcome::Close(effects)
                | Outcome::Open(_, effects)
                | Outcome::Replace(_, effects) => effects,
                Outcome::Ignored | Outcome::CloseAndFallThrough => vec![],
            });
        };
        match outcome {
            Outcome::Ignored => layers.insert(index.min(layers.len()), layer),
            Outcome::Consumed(effects) => {
                layers.insert(index.min(layers.len()), layer);
                return Some(effects);
            }
            Outcome::Close(effects) => return Some(effects),
            // Gone, and the layer below gets the event.
            Outcome::CloseAndFallThrough => {}
            Outcome::Replace(replacement, effects) => {
                layers.insert(index.min(layers.len()), replacement);
                return Some(effects);
            }
            Outcome::Open(opened, effects) => {
                layers.insert(index.min(layers.len()), layer);
                layers.push(opened);
                return Some(effects);
            }
        }
    }
    None
}

/// Applies the outcome of a handler that is not itself in a list (the prompt, the base):
/// an opened layer goes on top of `which`.
fn settle(state: &mut AppState, which: Stack, outcome: Outcome) -> Option<Vec<Effect>> {
    match outcome {
        Outcome::Ignored | Outcome::CloseAndFallThrough => None,
        Outcome::Consumed(effects) | Outcome::Close(effects) => Some(effects),
        Outcome::Open(layer, effects) | Outcome::Replace(layer, effects) => {
            if let Some(layers) = stack(state, which) {
                layers.push(layer);
            }
            Some(effects)
        }
    }
}

/// Hands the session's news (`AppState::layer_events`) to the layers: each event to the first
/// layer, from the top, that takes it — one find for every kind of news. News nobody takes may
/// still mean something to the session.
pub fn deliver(state: &mut AppState) -> Vec<Effect> {
    let mut effects = Vec::new();
    for event in std::mem::take(&mut state.layer_events) {
        if event == LayerEvent::PickerWanted {
            effects.extend(thread_picker::open(state, true));
            continue;
        }
        let taken = match offer(state, Stack::Question, &event) {
            Some(taken) => Some(taken),
            None => offer(state, Stack::Person, &event),
        };
        match taken {
            Some(taken) => effects.extend(taken),
            None => effects.extend(unclaimed(state, event)),
        }
    }
    effects
}

/// Offers `event` to one list, top first; the effects of the layer that took it.
fn offer(state: &mut AppState, which: Stack, event: &LayerEvent) -> Option<Vec<Effect>> {
    // Taken out while they look, so each can be shown the rest of the state.
    let mut layers = std::mem::take(stack(state, which)?);
    let mut taken = None;
    for index in (0..layers.len()).rev() {
        match layers[index].on_event(event, state) {
            Outcome::Ignored | Outcome::CloseAndFallThrough => continue,
            Outcome::Consumed(effects) => taken = Some(effects),
            Outcome::Close(effects) => {
                layers.remove(index);
                taken = Some(effects);
            }
            Outcome::Replace(layer, effects) => {
                layers[index] = layer;
                taken = Some(effects);
            }
            Outcome::Open(layer, effects) => {
                layers.push(layer);
                taken = Some(effects);
            }
        }
        break;
    }
    if let Some(list) = stack(state, which) {
        *list = layers;
    }
    taken
}

/// News no layer took: a `/rename` or a resume from the conversation is told in the
/// transcript; the rest was only for a layer that has closed since.
fn unclaimed(state: &mut AppState, event: LayerEvent) -> Vec<Effect> {
    match event {
        LayerEvent::RenameAnswered { name, result, .. } => {
            super::threads::renamed_here(state, &name, &result);
            vec![]
        }
        LayerEvent::OpenRefused { error } => super::threads::refused_here(state, &error),
        _ => vec![],
    }
}
