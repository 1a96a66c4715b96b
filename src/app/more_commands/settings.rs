//! Commands of the settings family (codex 0.171's newer surface): what is in force and where
//! it came from, the warnings kept, and the status line's, the title's and the keys' choices.

use crate::app::command_row::{command, Command};
use crate::app::layers;
use crate::app::layers::items_checklist::Surface;
use crate::app::reference;
use crate::controls::keys::Keymap;

pub(crate) static COMMANDS: &[Command] = &[
    command(
        "config",
        "every setting in force and where it came from",
        |s, _, _| layers::config_view::open(s),
    ),
    command(
        "warnings",
        "the warnings kept this session, with their details",
        |_, _, _| layers::warnings::open(),
    ),
    command(
        "statusline",
        "choose what the status line shows (saved in tern's config)",
        |s, _, _| layers::items_checklist::open(s, Surface::StatusLine),
    ),
    command(
        "title",
        "choose what the terminal's title shows (saved in tern's config)",
        |s, _, _| layers::items_checklist::open(s, Surface::Title),
    ),
    command(
        "keymap",
        "see and change the keys of every action (saved in tern's config)",
        // Every table's actions as they are without `[keys]`, read out by the reference.
        |s, _, _| {
            let tables = reference::tables(&Keymap::default());
            let lists = tables.into_iter().map(|t| t.list).collect();
            layers::keymap_view::open(lists, &s.config.keymap)
        },
    ),
];

/// The official TUI's commands tern leaves out, each with why: `/help`'s "Not in tern".
pub(crate) static LEFT_OUT: &[(&str, &str)] = &[
    (
        "/voice",
        "talking with codex by microphone and speaker (realtime audio): tern is a text \
         terminal, often over ssh, with no audio to reach",
    ),
    (
        "/pets",
        "an animated pet in the footer: decoration that redraws on a timer, and tern draws \
         nothing on a timer",
    ),
    (
        "/ide",
        "the open files and selection of an IDE with codex's extension: tern has no link to \
         that extension (@ and /mention add files)",
    ),
    (
        "/presets",
        "reusable prompts and slash commands the official TUI saves under its own \
         `tui.presets` and runs by number: tern's are the prompt history (Ctrl+R) and skills",
    ),
];
