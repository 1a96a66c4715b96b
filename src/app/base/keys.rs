//! The conversation's keys — the transcript and the composer — as one table. What its
//! conditions read is [`BaseState`] (`base_state`), what its rows do [`BaseKey`] (`base_key`),
//! and vim's normal-mode rows come from `vim_rows`.
//!
//! The rows are in hint-bar order; the ones help alone lists follow. The keys several modes
//! share (Esc, Ctrl+R, Alt+←/→, `?`, `/`, Ctrl+Z, Shift+Tab, Ctrl+O) are listed by
//! `precedence`, which reads this table.

use super::base_key::BaseKey;
use super::base_state::BaseState;
use super::vim_rows::{vim, VIM_COUNT, VIM_EDIT, VIM_INSERT, VIM_MOVE, VIM_OPERATOR};
use crate::controls::composer::Edit;
use crate::controls::keys::{Chord, KeyRow, KeyTable, Rest, Show, Words};
use crossterm::event::KeyCode;

const fn row(
    name: &'static str,
    keys: &'static [Chord],
    action: BaseKey,
    bar: &'static str,
) -> KeyRow<BaseState, BaseKey> {
    KeyRow::new(name, keys, action, bar)
}

const fn edit(
    name: &'static str,
    keys: &'static [Chord],
    edit: Edit,
    help: &'static str,
) -> KeyRow<BaseState, BaseKey> {
    KeyRow::new(name, keys, BaseKey::Edit(edit), help).reference()
}

fn send_words(s: &BaseState) -> Words {
    match (s.running, s.busy) {
        (true, _) => Words {
            bar: "steer",
            help: "steer the running turn (a /command runs)",
        },
        (false, true) => Words {
            bar: "send after",
            help: "send the prompt once the turn has ended",
        },
        (false, false) => Words {
            bar: "send",
            help: "send the prompt",
        },
    }
}

/// What Ctrl+C does next: the words are the quit ladder's (`quit_ladder::next_step`), read
/// from the same facts.
fn ctrl_c_words(s: &BaseState) -> Words {
    if s.question {
        Words {
            bar: "refuse and stop",
            help: "refuse the request and stop the turn",
        }
    } else if s.running {
        Words {
            bar: "interrupt",
            help: "interrupt the running turn",
        }
    } else if !s.composer_empty {
        Words {
            bar: "clear",
            help: "clear the draft (↑ brings it back)",
        }
    } else {
        Words {
            bar: "quit",
            help: "twice to quit",
        }
    }
}

const ALT_LEFT: Chord = Chord::alt(KeyCode::Left);
/// Help over any view, by default.
pub(crate) const HELP_ANYWHERE: Chord = Chord::key(KeyCode::F(1));
const ALT_RIGHT: Chord = Chord::alt(KeyCode::Right);

pub(crate) static KEYS: KeyTable<BaseState, BaseKey> = KeyTable::new(
    "",
    "Conversation",
    &[
        // The hint bar's, in its order.
        row("interrupt", &[Chord::ESC], BaseKey::Interrupt, "interrupt")
            .explained("interrupt the running turn")
            .when("a turn runs, vim keys off", |s| {
                s.running && !s.question && !s.vim
            }),
        row("inbox", &[Chord::ctrl('t')], BaseKey::Inbox, "inbox")
            .explained("the inbox: every question waiting for you, in every thread")
            .when("no question is up", |s| !s.question)
            .bar_if(|s| s.inbox),
        row("vim_escape", &[Chord::ESC], BaseKey::VimEscape, "normal mode")
            .explained("vim: to normal mode; in normal mode, drop the command being typed (Ctrl+C interrupts)")
            .when("vim keys are on", |s| s.vim && !s.question)
            .bar_if(|s| !s.vim_normal),
        // Vim's normal mode: its own keys, as typed, to its engine (`composer::vim`), which
        // reads commands of several keys (`d2w`, `ci(`, `fx`); they cannot be moved.
        vim("vim_insert", VIM_INSERT, "insert")
            .explained("insert before/after the cursor, at the line's start/end, on a new line below/above")
            .bar_keys(2)
            .shown(Show::Bar),
        vim("vim_move", VIM_MOVE, "move")
            .explained("move (with a count: 3w); gg/G the first/last line; f t F T a character; k/j past the first/last line: earlier/later prompts")
            .shown_as("h j k l w b e 0 ^ $ gg G f t F T"),
        vim("vim_count", VIM_COUNT, "count")
            .explained("a count for the next command (3dw, 2p)")
            .shown_as("1-9"),
        vim("vim_operator", VIM_OPERATOR, "operator")
            .explained("delete, change, yank over a motion or a text object (iw aw i( a[ i{ i\" …); dd cc yy whole lines"),
        vim("vim_edit", VIM_EDIT, "edit")
            .explained("delete a character, substitute, to the line's end, replace one / replace mode, put after/before"),
        vim("vim_undo", &[Chord::ch('u')], "undo")
            .explained("vim: undo (Ctrl+R redoes)")
            .shown(Show::Bar),
        vim("vim_repeat", &[Chord::ch('.')], "repeat")
            .explained("repeat the last change (a count replaces its count)"),
        row("help", &[Chord::ch('?')], BaseKey::Help, "keys")
            .explained("this help")
            .when("the composer is empty", |s| s.composer_empty && !s.question),
        // Where `?` is typed (a draft, a filter, a query) help is still one key away: the
        // router opens it over any view (`router::help_anywhere`), and a hint bar that drops
        // hints names it ("… F1 more").
        row("help_anywhere", &[HELP_ANYWHERE], BaseKey::Help, "keys")
            .explained("this help, over any view (where ? types)")
            .help(),
        row("send", &[Chord::ENTER], BaseKey::Send, "send")
            .explained("send the prompt (steers a running turn; a /command runs)")
            .words_by(send_words)
            .bar_if(|s| !s.composer_empty),
        row("queue", &[Chord::TAB], BaseKey::Queue, "queue")
            .explained("queue the prompt for a new turn")
            .when("a turn runs", |s| s.busy)
            .bar_if(|s| !s.composer_empty),
        edit(
            "newline",
            &[
                Chord::shift(KeyCode::Enter),
                Chord::alt(KeyCode::Enter),
                Chord::ctrl('j'),
            ],
            Edit::Newline,
            "newline",
        )
        .explained("new line")
        .shown(Show::Bar)
        .bar_keys(1)
        .bar_if(|s| !s.busy && !s.composer_empty),
        row("follow", &[Chord::END], BaseKey::Follow, "follow")
            .explained("follow the end of the transcript")
            .when("the composer is empty", |s| s.composer_empty)
            .bar_if(|s| s.reading_back),
        row("page_up", &[Chord::PGUP], BaseKey::PageUp, "scroll")
            .explained("scroll the transcript a page"),
        row("page_down", &[Chord::PGDN], BaseKey::PageDown, "scroll")
            .explained("scroll the transcript a page"),
        row("ctrl_c", &[Chord::ctrl('c')], BaseKey::CtrlC, "quit")
            .explained(
                "the least drastic of: refuse the questions and stop, interrupt, clear the \
                 draft, quit (twice)",
            )
            .words_by(ctrl_c_words)
            .fixed(),
        // Help's.
        row("queue_focus", &[Chord::UP], BaseKey::QueueFocus, "queued")
            .explained("select the queued messages: Enter edits, Del/x drops")
            .when("messages are queued, on the first line", |s| {
                s.queued && s.first_line
            })
            .help(),
        row("mention", &[Chord::ch('@')], BaseKey::Mention, "mention")
            .explained("find a file to mention")
            .when("at the start or after a space", |s| {
                s.mention_here && !s.question && !s.vim_normal
            })
            .help(),
        row("shell", &[Chord::ch('!')], BaseKey::Shell, "shell command")
            .explained("!command, then Enter: run your own shell command, unsandboxed (the first one asks)")
            .when("the composer is empty", |s| {
                s.composer_empty && !s.question && !s.vim_normal
            })
            .fixed()
            .help(),
        row("skill", &[Chord::ch('$')], BaseKey::SkillMention, "skill")
            .explained("name a skill for the prompt ($name goes as a skill input)")
            .when("at the start or after a space", |s| {
                s.mention_here && !s.question && !s.vim_normal
            })
            .help(),
        edit("up", &[Chord::UP], Edit::Up, "rows")
            .explained("a row up/down; from the first/last row, earlier prompts (the draft comes back after the newest)")
            .when("not reading back on an empty composer", |s| {
                !((s.queued && s.first_line) || (s.composer_empty && s.reading_back))
            })
            .help(),
        edit("down", &[Chord::DOWN], Edit::Down, "rows")
            .explained("a row up/down; from the first/last row, earlier prompts (the draft comes back after the newest)")
            .when("not reading back on an empty composer", |s| {
                !(s.composer_empty && s.reading_back)
            })
            .help(),
        row(
            "select_cell",
            &[Chord::alt(KeyCode::Up)],
            BaseKey::SelectCell,
            "select a cell",
        )
        .explained("select a cell of the transcript: copy it, open its diff or a file it names")
        .when("no question is up", |s| !s.question)
        .help(),
        row("drag_select", &[], BaseKey::Pointer, "select")
            .shown_as("drag")
            .explained("select the transcript's text and copy it (OSC 52, and the system clipboard when local); double-click a word, triple-click a line")
            .fixed()
            .help(),
        row("terminal_select", &[], BaseKey::Pointer, "terminal's selection")
            .shown_as("Shift+drag")
            .explained("the terminal's own selection, which tern never sees (--no-mouse leaves every drag to the terminal)")
            .fixed()
            .help(),
        row(
            "history_search",
            &[Chord::ctrl('r')],
            BaseKey::HistorySearch,
            "history",
        )
        .explained("search earlier prompts")
        .when("no question is up, not in vim's normal mode", |s| {
            !s.question && !s.vim_normal
        })
        .help(),
        row("vim_redo", &[Chord::ctrl('r')], BaseKey::VimRedo, "redo")
            .explained("vim: redo what u undid")
            .when("vim's normal mode", |s| s.vim_normal && !s.question)
            .help(),
        edit(
            "delete_line_start",
            &[Chord::ctrl('u')],
            Edit::DeleteLineStart,
            "delete to line start",
        )
        .help(),
        edit(
            "delete_word_back",
            &[Chord::ctrl('w'), Chord::alt(KeyCode::Backspace)],
            Edit::DeleteWordBack,
            "delete a word back",
        )
        .help_keys(1)
        .help(),
        edit("undo", &[Chord::ctrl('z')], Edit::Undo, "undo")
            .when("the composer has text", |s| !s.composer_empty)
            .help(),
        row("suspend", &[Chord::ctrl('z')], BaseKey::Suspend, "suspend")
            .explained("stop tern as a shell stops a program (`fg` brings it back)")
            .when("the composer is empty", |s| s.composer_empty)
            .help(),
        edit("redo", &[Chord::ctrl('y')], Edit::Redo, "redo").help(),
        edit(
            "word_left",
            &[
                ALT_LEFT,
                Chord::ctrl_key(KeyCode::Left),
                Chord::alt(KeyCode::Char('b')),
            ],
            Edit::WordLeft,
            "word back/forward",
        )
        .help_keys(1)
        .when("the composer has text", |s| !s.composer_empty)
        .help(),
        edit(
            "word_right",
            &[
                ALT_RIGHT,
                Chord::ctrl_key(KeyCode::Right),
                Chord::alt(KeyCode::Char('f')),
            ],
            Edit::WordRight,
            "word back/forward",
        )
        .help_keys(1)
        .when("the composer has text", |s| !s.composer_empty)
        .help(),
        edit(
            "line_start",
            &[Chord::HOME, Chord::ctrl('a')],
            Edit::LineStart,
            "line start/end",
        )
        .help_keys(1)
        .when("the composer has text", |s| !s.composer_empty)
        .help(),
        edit(
            "line_end",
            &[Chord::END, Chord::ctrl('e')],
            Edit::LineEnd,
            "line start/end",
        )
        .help_keys(1)
        .when("the composer has text", |s| !s.composer_empty)
        .help(),
        row("editor", &[Chord::ctrl('g')], BaseKey::Editor, "editor")
            .explained("edit the draft in $VISUAL/$EDITOR")
            .help(),
        row(
            "line_up",
            &[Chord::shift(KeyCode::Up)],
            BaseKey::LineUp,
            "scroll a line",
        )
        .explained("scroll the transcript by a line")
        .help(),
        row(
            "line_down",
            &[Chord::shift(KeyCode::Down)],
            BaseKey::LineDown,
            "scroll a line",
        )
        .explained("scroll the transcript by a line")
        .help(),
        row("read_up", &[Chord::UP], BaseKey::LineUp, "scroll a line")
            .explained("scroll the transcript by a line")
            .when("the composer is empty, scrolled back", |s| {
                s.composer_empty && s.reading_back && !s.queued
            })
            .help(),
        row(
            "read_down",
            &[Chord::DOWN],
            BaseKey::LineDown,
            "scroll a line",
        )
        .explained("scroll the transcript by a line")
        .when("the composer is empty, scrolled back", |s| {
            s.composer_empty && s.reading_back
        })
        .help(),
        row(
            "top",
            &[Chord::ctrl_key(KeyCode::Home)],
            BaseKey::Top,
            "top",
        )
        .explained("the top of the transcript")
        .help(),
        row("top_here", &[Chord::HOME], BaseKey::Top, "top")
            .explained("the top of the transcript")
            .when("the composer is empty", |s| s.composer_empty)
            .help(),
        row(
            "end",
            &[Chord::ctrl_key(KeyCode::End)],
            BaseKey::Follow,
            "follow",
        )
        .explained("follow the end of the transcript")
        .help(),
        row("search", &[Chord::ctrl('f')], BaseKey::Search, "search")
            .explained("search the transcript")
            .when("no question is up", |s| !s.question)
            .help(),
        row(
            "paste_image",
            &[Chord::ctrl('v')],
            BaseKey::PasteImage,
            "attach image",
        )
        .explained("attach the clipboard's image (Backspace at the draft's start takes it off)")
        .when("no question is up", |s| !s.question)
        .help(),
        row("expand", &[Chord::ctrl('o')], BaseKey::Expand, "expand")
            .explained("expand or collapse output, reasoning and diffs")
            .help(),
        row("commands", &[Chord::ch('/')], BaseKey::Commands, "commands")
            .explained("the commands, filtered as you type")
            // Scrolled back or not: a key does what it does at the end (`/copy` typed while
            // reading back is a command, not a search; Ctrl+F searches).
            .when("the composer is empty", |s| s.composer_empty && !s.question)
            .help(),
        row("quit", &[Chord::ctrl('d')], BaseKey::Quit, "quit")
            .when("the composer is empty", |s| s.composer_empty)
            .help(),
        // The reference's: editing everyone knows.
        edit(
            "delete_line_end",
            &[Chord::ctrl('k')],
            Edit::DeleteLineEnd,
            "delete to line end",
        ),
        edit(
            "delete_word_forward",
            &[Chord::alt(KeyCode::Char('d')), Chord::alt(KeyCode::Delete)],
            Edit::DeleteWordForward,
            "delete a word forward",
        ),
        edit(
            "char_left",
            &[Chord::LEFT, Chord::ctrl('b')],
            Edit::CharLeft,
            "a character back",
        ),
        edit(
            "char_right",
            &[Chord::RIGHT],
            Edit::CharRight,
            "a character forward",
        ),
        edit(
            "delete_back",
            &[Chord::BACKSPACE, Chord::ctrl('h')],
            Edit::DeleteBack,
            "delete back",
        ),
        edit(
            "delete_forward",
            &[Chord::DELETE, Chord::ctrl('d')],
            Edit::DeleteForward,
            "delete forward",
        )
        .when("the composer has text", |s| !s.composer_empty),
        // Plan mode, reasoning and rewind (issue 20).
        row("rewind", &[Chord::ESC], BaseKey::Rewind, "rewind")
            .explained("twice: rewind to an earlier message (files too, if you say so)")
            .shown_as("Esc Esc")
            .when("idle, the composer empty, vim keys off", |s| {
                !s.busy && s.composer_empty && !s.question && !s.vim
            })
            .help(),
        row("mode", &[Chord::BACKTAB], BaseKey::Mode, "mode")
            .explained("Plan mode and back: codex plans before it changes anything")
            .when("no question is up", |s| !s.question)
            .help(),
        row(
            "effort_down",
            &[Chord::alt(KeyCode::Char(','))],
            BaseKey::EffortDown,
            "less reasoning",
        )
        .explained("less reasoning for the next turn")
        .help(),
        row(
            "effort_up",
            &[Chord::alt(KeyCode::Char('.'))],
            BaseKey::EffortUp,
            "more reasoning",
        )
        .explained("more reasoning for the next turn")
        .help(),
        // Issue 21's: between the main thread and its sub-agents (word moves with text).
        row(
            "agent_previous",
            &[ALT_LEFT],
            BaseKey::AgentPrevious,
            "previous agent",
        )
        .explained("the previous of the main thread and its sub-agents (round the ends)")
        .when("the composer is empty", |s| s.composer_empty)
        .help(),
        row("agent_next", &[ALT_RIGHT], BaseKey::AgentNext, "next agent")
            .explained("the next of the main thread and its sub-agents (round the ends)")
            .when("the composer is empty", |s| s.composer_empty)
            .help(),
    ],
    Rest::typing(""),
);

/// The keys that open help over any view (F1, unless `[keys] help_anywhere` says otherwise).
pub(crate) fn help_anywhere(keymap: &crate::controls::keys::Keymap) -> Vec<Chord> {
    keymap.chords("", "help_anywhere", &[HELP_ANYWHERE])
}
