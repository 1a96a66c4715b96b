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

pub mod diff;
pub mod help;
pub mod search;

pub use diff::DiffPager;
pub use help::Help;
pub use search::Search;

use super::effect::Effect;
use super::state::AppState;
use super::{actions, base, prompts};
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
    Diff(DiffPager),
}

impl Layer {
    fn handle(&mut self, input: &Input<'_>, state: &mut AppState, now: Instant) -> Outcome {
        match self {
            Layer::Search(search) => search.handle(input, state, now),
            Layer::Help(help) => help.handle(input),
            Layer::Diff(diff) => diff.handle(input, state),
        }
    }

    pub fn placement(&self) -> Placement {
        match self {
            Layer::Search(_) => Placement::Bottom,
            Layer::Help(_) => Placement::Popup,
            Layer::Diff(_) => Placement::FullScreen,
        }
    }

    pub fn title(&self) -> &'static str {
        match self {
            Layer::Search(_) => "Search",
            Layer::Help(_) => "Help",
            Layer::Diff(_) => "Diff",
        }
    }

    pub fn hints(&self) -> Vec<Hint> {
        match self {
            Layer::Search(_) => search::hints(),
            Layer::Help(_) => help::hints(),
            Layer::Diff(_) => diff::hints(),
        }
    }

    /// Rows the layer wants inside its box, `width` columns wide with borders.
    pub fn rows(&self, _width: u16) -> usize {
        match self {
            Layer::Search(_) => 1,
            Layer::Help(help) => help.rows(),
            // Full screen: it takes the rows there are.
            Layer::Diff(_) => 0,
        }
    }
}

/// What is on screen, one entry per layer.
#[derive(Debug, Clone, Copy)]
pub enum Entry<'a> {
    Layer(&'a Layer),
    /// The front server prompt, with how many are waiting in all.
    Prompt(&'a crate::model::Prompt, usize),
}

impl Entry<'_> {
    pub fn placement(&self) -> Placement {
        match self {
            Entry::Layer(layer) => layer.placement(),
            Entry::Prompt(..) => Placement::Bottom,
        }
    }

    pub fn title(&self) -> &'static str {
        match self {
            Entry::Layer(layer) => layer.title(),
            Entry::Prompt(..) => "Approval",
        }
    }

    pub fn hints(&self) -> Vec<Hint> {
        match self {
            Entry::Layer(layer) => layer.hints(),
            Entry::Prompt(prompt, _) => prompts::hints(prompt),
        }
    }

    pub fn rows(&self, width: u16) -> usize {
        match self {
            Entry::Layer(layer) => layer.rows(width),
            Entry::Prompt(prompt, _) => crate::render::prompt::prompt_lines(prompt, width).len(),
        }
    }
}

/// Everything over the base, bottom first: the order `ui` draws in. Routing walks it from the
/// end.
pub fn on_screen(state: &AppState) -> Vec<Entry<'_>> {
    let mut entries: Vec<Entry<'_>> = state.layers.iter().map(Entry::Layer).collect();
    if let Some(front) = state.prompts.front() {
        entries.push(Entry::Prompt(&front.prompt, state.prompts.len()));
        entries.extend(front.layers.iter().map(Entry::Layer));
    }
    entries
}

/// The keys of whatever is on top, for the hint bar.
pub fn top_hints(state: &AppState) -> Vec<Hint> {
    match on_screen(state).last() {
        Some(entry) => entry.hints(),
        None => base::hints(state),
    }
}

/// Which list of layers: the person's, or the front prompt's own.
#[derive(Debug, Clone, Copy)]
enum Stack {
    Person,
    Prompt,
}

fn stack(state: &mut AppState, which: Stack) -> Option<&mut Vec<Layer>> {
    match which {
        Stack::Person => Some(&mut state.layers),
        Stack::Prompt => state.prompts.front_mut().map(|front| &mut front.layers),
    }
}

/// Routes one event: Ctrl+C first, then the layers from the top, then the base.
pub fn route(state: &mut AppState, input: Input<'_>, now: Instant) -> Vec<Effect> {
    if let Input::Key(key) = input {
        if key.kind == KeyEventKind::Release {
            return vec![];
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return actions::quit(state);
        }
    }
    if let Some(effects) = walk(state, Stack::Prompt, &input, now) {
        return effects;
    }
    if !state.prompts.is_empty() {
        let outcome = prompts::handle(state, &input, now);
        if let Some(effects) = settle(state, Stack::Prompt, outcome) {
            return effects;
        }
    }
    if let Some(effects) = walk(state, Stack::Person, &input, now) {
        return effects;
    }
    let outcome = base::handle(state, &input, now);
    settle(state, Stack::Person, outcome).unwrap_or_default()
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
        let layers = stack(state, which)?;
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
