//! Themes on screen: each built-in theme previewed from `/theme` over a transcript of every
//! kind of colour (messages, markdown, code, command output with its own colours, a diff,
//! notices) at 120×40, with colours in the snapshot; the `ansi` theme puts no colour beyond the
//! terminal's 16 in any cell; `NO_COLOR` wins over every theme; theme files' hostile names,
//! descriptions and errors are shown safely.

use crate::support::common::*;
use crate::support::styled::{colours_beyond_16, draw, styled_text};
use crossterm::event::KeyCode;
use ratatui::style::Color;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};
use tern::model::{CellKind, CommandCell, MarkdownText, NoticeLevel};
use tern::protocol::{FileUpdateChange, PatchChangeKind};
use tern::session::event::ThemeChoice;
use tern::theme::Theme;

const ANSWER: &str = "## What changed\n\nThe **parser** keeps `tail` apart; see \
[the design](https://example.com/design).\n\n\
```rust\nfn main() {\n    let x = vec![1, 2];\n    println!(\"{x:?}\");\n}\n```\n\n> A quoted note.";

/// A transcript holding every kind of colour tern draws.
fn colourful(now: Instant) -> AppState {
    let mut state = ready_state(now);
    let cells = vec![
        CellKind::User {
            text: "Tidy the parser and show me.".into(),
        },
        CellKind::Agent {
            markdown: Box::new(MarkdownText::new(ANSWER)),
            streaming: false,
        },
        CellKind::Command(Box::new(CommandCell {
            command: "cargo test".into(),
            cwd: None,
            actions: vec![],
            // The program's own colours: 16, 256 and true colour.
            output: "\u{1b}[32mok\u{1b}[0m \u{1b}[38;5;208m256\u{1b}[0m \
                     \u{1b}[38;2;255;105;180mrgb\u{1b}[0m \u{1b}[48;2;0;0;139mback\u{1b}[0m\n"
                .into(),
            exit_code: Some(0),
            duration_ms: Some(900),
            running: false,
            status: None,
            decision: None,
            shell: false,
            evidence: None,
        })),
        CellKind::FileChange {
            changes: vec![FileUpdateChange {
                path: "src/parse.rs".into(),
                kind: PatchChangeKind::Update { move_path: None },
                diff: "@@ -1,3 +1,3 @@\n fn parse() {\n-    let retries = 3;\n+    let attempts = 3;\n }\n"
                    .into(),
            }],
            status: Some("completed".into()),
            cwd: None,
            decision: None,
        },
        CellKind::Notice {
            level: NoticeLevel::Warning,
            text: "Turn interrupted".into(),
        },
        CellKind::Notice {
            level: NoticeLevel::Error,
            text: "Turn failed: stream disconnected".into(),
        },
    ];
    for cell in cells {
        state.transcript_mut().push(cell);
    }
    state
}

fn open_picker(state: &mut AppState, now: Instant) {
    state.set_draft("/theme");
    update(state, key(KeyCode::Enter), now);
}

/// Moves the picker's selection to `theme`.
fn preview(state: &mut AppState, theme: Theme, now: Instant) {
    for _ in 0..Theme::BUILT_IN.len() {
        if state.config().theme == theme {
            return;
        }
        update(state, key(KeyCode::Down), now);
    }
    panic!("{theme:?} is not in the picker");
}

#[test]
fn every_built_in_theme_previews_the_whole_screen_at_120x40() {
    let now = Instant::now();
    let mut screens = Vec::new();
    for theme in Theme::BUILT_IN {
        let mut state = colourful(now);
        open_picker(&mut state, now);
        preview(&mut state, theme, now);
        let buffer = draw(&mut state, 120, 40, now);
        // Under the picker, the screen itself is in the previewed theme: the composer's box
        // and the code block's colours.
        let palette = theme.palette();
        let composer_corner = &buffer[(0, 35)];
        assert_eq!(composer_corner.symbol(), "╭", "{}", styled_text(&buffer));
        assert_eq!(Some(composer_corner.fg), palette.border.fg, "{theme:?}");
        snapshot!(
            &format!("theme_{}_120x40", theme.name()),
            &styled_text(&buffer)
        );
        screens.push(styled_text(&buffer));
    }
    for (i, a) in screens.iter().enumerate() {
        for b in &screens[i + 1..] {
            assert_ne!(a, b, "two themes draw the same screen");
        }
    }
}

#[test]
fn the_picker_at_80x24() {
    let now = Instant::now();
    let mut state = colourful(now);
    open_picker(&mut state, now);
    snapshot!("theme_picker_80x24", &screen(&mut state, 80, 24, now));
}

#[test]
fn the_ansi_theme_puts_no_colour_beyond_the_16_in_any_cell() {
    let now = Instant::now();
    // The same screen in the dark theme does hold true colours (code, diff, the output's own):
    // the check below sees them when they are there.
    let mut dark = colourful(now);
    update(&mut dark, ctrl('o'), now);
    assert!(!colours_beyond_16(&draw(&mut dark, 120, 40, now)).is_empty());

    let mut state = colourful(now);
    update(&mut state, ctrl('o'), now);
    open_picker(&mut state, now);
    preview(&mut state, Theme::Ansi, now);
    for (width, height) in [(120, 40), (80, 24), (200, 60)] {
        let open = draw(&mut state, width, height, now);
        assert_eq!(colours_beyond_16(&open), Vec::<String>::new());
    }
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(state.config().theme, Theme::Ansi);
    state.scroll_mut().to_bottom();
    let closed = draw(&mut state, 120, 40, now);
    assert_eq!(colours_beyond_16(&closed), Vec::<String>::new());
    // Colours it does use: the program's green, the diff's red and green.
    let text = styled_text(&closed);
    assert!(text.contains("fg Green"), "{text}");
}

#[test]
fn no_color_wins_over_every_theme() {
    let now = Instant::now();
    for theme in Theme::BUILT_IN {
        let mut state = colourful(now);
        state.config_mut().no_color = true;
        open_picker(&mut state, now);
        preview(&mut state, theme, now);
        let buffer = draw(&mut state, 120, 40, now);
        for cell in buffer.content.iter() {
            assert_eq!(
                (cell.fg, cell.bg),
                (Color::Reset, Color::Reset),
                "{theme:?}"
            );
        }
    }
}

#[test]
fn hostile_theme_files_are_shown_safely() {
    let now = Instant::now();
    let mut state = colourful(now);
    open_picker(&mut state, now);
    let evil = "\u{1b}]0;pwned\u{7}\u{1b}[2J\u{202e}evil\r\n";
    let mine = tern::theme::register(tern::theme::Palette {
        name: "screens-hostile",
        ..*Theme::Dark.palette()
    })
    .unwrap();
    let files = vec![
        ThemeChoice {
            name: format!("bad{evil}"),
            description: String::new(),
            theme: Err(format!("line 1, column 1: unknown key `{evil}`; more")),
        },
        ThemeChoice {
            name: "screens-hostile".into(),
            description: format!("desc {evil} {}", "long ".repeat(60)),
            theme: Ok(mine),
        },
    ];
    update(&mut state, AppEvent::ThemesLoaded(Ok(files)), now);
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Up), now);
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(&mut state, width, height, now);
        assert!(
            !text.contains(['\u{1b}', '\u{7}', '\u{202e}', '\r']),
            "{text:?}"
        );
        snapshot!(&format!("theme_hostile_files_{width}x{height}"), &text);
    }
}
