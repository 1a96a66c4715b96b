//! A screen as text with its colours, for snapshots where the colours are the point (themes):
//! each row's text with a `{x}` mark where the style changes (`{}` back to the terminal's own),
//! under a legend naming each mark's foreground, background and emphasis.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};

type Look = (Color, Color, Modifier);

/// The screen of `state` drawn `width`×`height`, and its buffer.
pub fn draw(state: &mut AppState, width: u16, height: u16, now: Instant) -> Buffer {
    if (state.screen().width, state.screen().height) != (width, height) {
        update(state, AppEvent::Resize(width, height), now);
    }
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| tern::ui::draw(frame, state, now))
        .unwrap();
    terminal.backend().buffer().clone()
}

/// The buffer as marked text with its legend.
pub fn styled_text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut looks: Vec<Look> = Vec::new();
    let mut rows = Vec::new();
    for y in 0..area.height {
        let mut row = String::new();
        let mut current: Look = (Color::Reset, Color::Reset, Modifier::empty());
        let mut x = 0;
        while x < area.width {
            let cell = &buffer[(x, y)];
            let look = (cell.fg, cell.bg, cell.modifier);
            if look != current {
                if look == (Color::Reset, Color::Reset, Modifier::empty()) {
                    row.push_str("{}");
                } else {
                    let at = looks.iter().position(|l| *l == look).unwrap_or_else(|| {
                        looks.push(look);
                        looks.len() - 1
                    });
                    row.push_str(&format!("{{{}}}", mark(at)));
                }
                current = look;
            }
            row.push_str(cell.symbol());
            x += unicode_width::UnicodeWidthStr::width(cell.symbol()).max(1) as u16;
        }
        rows.push(row.trim_end().to_string());
    }
    let legend: Vec<String> = looks
        .iter()
        .enumerate()
        .map(|(i, (fg, bg, modifier))| {
            let mut parts = Vec::new();
            if *fg != Color::Reset {
                parts.push(format!("fg {fg}"));
            }
            if *bg != Color::Reset {
                parts.push(format!("bg {bg}"));
            }
            if !modifier.is_empty() {
                parts.push(format!("{modifier:?}"));
            }
            format!("{{{}}} {}", mark(i), parts.join(", "))
        })
        .collect();
    format!("{}\n\n{}", legend.join("\n"), rows.join("\n"))
}

fn mark(index: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    let mut out = String::new();
    let mut n = index;
    loop {
        out.insert(0, letters[n % 26] as char);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    out
}

/// Every colour of the buffer that is not one of the terminal's 16 (or its default), with
/// where it is.
pub fn colours_beyond_16(buffer: &Buffer) -> Vec<String> {
    let mut found = Vec::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            for (what, colour) in [
                ("fg", cell.fg),
                ("bg", cell.bg),
                ("underline", cell.underline_color),
            ] {
                let beyond = matches!(colour, Color::Rgb(..))
                    || matches!(colour, Color::Indexed(n) if n >= 16);
                if beyond {
                    found.push(format!(
                        "({x}, {y}) {what} {colour} under {:?}",
                        cell.symbol()
                    ));
                }
            }
        }
    }
    found
}
