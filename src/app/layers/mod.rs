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
pub mod file_finder;
pub mod help;
pub mod history_search;
pub mod prefix;
pub mod question_view;
pub mod queue;
pub mod rules;
pub mod search;
pub mod server_down;
pub mod slash_popup;
pub mod status_view;
pub mod thread_picker;

pub use choice::Choice;
pub use diff::DiffPager;
pub use file_finder::FileFinder;
pub use help::Help;
pub use history_search::HistorySearch;
pub use prefix::PrefixChooser;
pub use question_view::QuestionView;
pub use queue::QueueFocus;
pub use rules::RulesList;
pub use search::Search;
pub use slash_popup::SlashPopup;
pub use status_view::StatusView;
pub use thread_picker::ThreadPicker;

use super::effect::Effect;
use super::questions::{Gate, QueuedQuestion};
use super::state::AppState;
use super::{base, questions};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent};
use std::time::Instant;

/// An event that layers compete for.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    Key(KeyEvent),
    Paste(&'a str),
    Mouse(MouseEvent),
}

#[derive(Debug)]
pub enum Outcome {
    Consumed(Vec<Effect>),
    Ignored,
    Close(Vec<Effect>),
    Open(Layer, Vec<Effect>),
}

/// Where a layer is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// In place of the composer, between the transcript and the status line.
    Bottom,
    /// A box centred over the transcript.
    Popup,
    /// Everything above the status line.
    FullScreen,
}

/// A key and what it does, for the hint bar and the help overlay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub keys: String,
    pub action: String,
}

impl Hint {
    pub fn new(keys: impl Into<String>, action: impl Into<String>) -> Self {
        Hint {
            keys: keys.into(),
            action: action.into(),
        }
    }
}

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
    /// `/` in an empty composer: the commands matching what is typed, above the composer.
    SlashPopup(SlashPopup),
    /// `/model`, `/approvals`.
    Choice(Choice),
    /// `/status`.
    Status(StatusView),
    /// `@` in the composer: files of the session's directory.
    FileFinder(FileFinder),
    /// ↑ from the composer into the messages queued for the next turn.
    Queue(QueueFocus),
    /// The server died, never answered or went silent: what happened, and the restart key.
    ServerDown(server_down::ServerDown),
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
            Layer::SlashPopup(popup) => popup.handle(input, state, now),
            Layer::Choice(choice) => choice.handle(input, state),
            Layer::Status(view) => view.handle(input),
            Layer::FileFinder(finder) => finder.handle(input, state, now),
            Layer::Queue(focus) => focus.handle(input, state, now),
            Layer::ServerDown(down) => down.handle(input, state, now),
            Layer::HistorySearch(search) => search.handle(input, state),
        }
    }

    pub fn placement(&self) -> Placement {
        match self {
            Layer::Search(_)
            | Layer::Prefix(_)
            | Layer::ServerDown(_)
            | Layer::HistorySearch(_) => Placement::Bottom,
            Layer::Help(_) | Layer::Rules(_) => Placement::Popup,
            // Drawn just above the composer, which stays in place and keeps taking the typing.
            Layer::SlashPopup(_)
            | Layer::Choice(_)
            | Layer::Status(_)
            | Layer::FileFinder(_)
            | Layer::Queue(_) => Placement::Popup,
            Layer::QuestionView(_) | Layer::Diff(_) | Layer::ThreadPicker(_) => {
                Placement::FullScreen
            }
        }
    }

    /// Lists drawn from the draft being typed (a command name, an `@` mention): they have
    /// nothing to show once the draft is cleared.
    pub fn follows_draft(&self) -> bool {
        matches!(self, Layer::SlashPopup(_) | Layer::FileFinder(_))
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
            Layer::SlashPopup(_) => "Commands",
            Layer::Choice(choice) => choice.title(),
            Layer::Status(_) => "Status",
            Layer::FileFinder(_) => "Files",
            Layer::Queue(_) => "Queued",
            Layer::ServerDown(down) => down.title(),
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
            Layer::SlashPopup(_) => slash_popup::hints(),
            Layer::Choice(_) => choice::hints(),
            Layer::Status(_) => status_view::hints(),
            Layer::FileFinder(_) => file_finder::hints(),
            Layer::Queue(_) => queue::hints(),
            Layer::ServerDown(down) => server_down::hints(down),
            Layer::HistorySearch(_) => history_search::hints(),
        }
    }

    /// Rows the layer wants inside its box, `width` columns wide with borders.
    pub fn rows(&self, width: u16) -> usize {
        match self {
            Layer::Search(_) => 1,
            Layer::Help(help) => help.rows(),
            Layer::Prefix(chooser) => {
                crate::render::prefix::chooser_rows(&chooser.offer, chooser.len, width)
            }
            Layer::QuestionView(_) => 0,
            Layer::ServerDown(down) => down.rows(width),
            Layer::Rules(list) => list.rules().len().max(1),
            // Full screen: it takes the rows there are.
            Layer::Diff(_) | Layer::ThreadPicker(_) => 0,
            // Popups size themselves when drawn.
            Layer::SlashPopup(_) | Layer::Status(_) => 0,
            Layer::Choice(choice) => choice.rows(),
            Layer::FileFinder(finder) => finder.rows(),
            // Drawn in the queued list's own rows.
            Layer::Queue(_) => 0,
            Layer::HistorySearch(search) => search.rows(),
        }
    }
}

/// What is on screen, one entry per layer.
#[derive(Debug, Clone, Copy)]
pub enum Entry<'a> {
    Layer(&'a Layer),
    /// The front server prompt, with how many are waiting in all.
    Question(&'a QueuedQuestion, usize),
}

impl Entry<'_> {
    pub fn placement(&self) -> Placement {
        match self {
            Entry::Layer(layer) => layer.placement(),
            Entry::Question(..) => Placement::Bottom,
        }
    }

    pub fn title(&self) -> &'static str {
        match self {
            Entry::Layer(layer) => layer.title(),
            Entry::Question(..) => "Approval",
        }
    }

    pub fn hints(&self, now: Instant) -> Vec<Hint> {
        match self {
            Entry::Layer(layer) => layer.hints(),
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
    let mut entries: Vec<Entry<'_>> = state.layers.iter().map(Entry::Layer).collect();
    if let Some(front) = state.questions.front() {
        entries.push(Entry::Question(front, state.questions.len()));
        entries.extend(front.layers.iter().map(Entry::Layer));
    }
    entries
}

/// The keys of whatever is on top, for the hint bar.
pub fn top_hints(state: &AppState, now: Instant) -> Vec<Hint> {
    match on_screen(state).last() {
        Some(entry) => entry.hints(now),
        None => base::hints(state),
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
    let outcome = base::handle(state, &input, now);
    settle_base(state, outcome)
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
                Outcome::Consumed(effects) | Outcome::Close(effects) => effects,
                Outcome::Open(_, effects) => effects,
                Outcome::Ignored => vec![],
            });
        };
        match outcome {
            Outcome::Ignored => layers.insert(index.min(layers.len()), layer),
            Outcome::Consumed(effects) => {
                layers.insert(index.min(layers.len()), layer);
                return Some(effects);
            }
            Outcome::Close(effects) => return Some(effects),
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
        Outcome::Ignored => None,
        Outcome::Consumed(effects) | Outcome::Close(effects) => Some(effects),
        Outcome::Open(layer, effects) => {
            if let Some(layers) = stack(state, which) {
                layers.push(layer);
            }
            Some(effects)
        }
    }
}
