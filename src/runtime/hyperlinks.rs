//! OSC 8 hyperlinks for the URLs on screen.
//!
//! ratatui's buffer has no notion of a link, and an escape sequence inside a cell would break
//! its width arithmetic. So after each frame the URLs found in the drawn buffer are printed
//! over themselves, wrapped in OSC 8, with their own colours. The text comes from the buffer,
//! which holds only sanitized characters, so it can never end the sequence early.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// A URL on screen: where it starts, the cells it covers (one character each) and its style.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ScreenLink {
    pub x: u16,
    pub y: u16,
    pub url: String,
    pub style: Style,
    /// Where it leads when that is more than what the row shows: a URL cut at the screen's
    /// edge and going on from the next row's first column (the sign-in link) is one link.
    pub target: Option<String>,
}

/// Whether to emit OSC 8: `TERN_HYPERLINKS=0|1` decides; otherwise every terminal but the
/// Linux console (which would show the sequence) gets them. Terminals without support ignore
/// OSC sequences they do not know.
pub(crate) fn enabled() -> bool {
    match std::env::var("TERN_HYPERLINKS").ok().as_deref() {
        Some("0") => false,
        Some(_) => true,
        None => std::env::var("TERM").map_or(true, |t| t != "linux" && t != "dumb"),
    }
}

/// The http(s) URLs in each row of the buffer.
pub(crate) fn find_links(buffer: &Buffer) -> Vec<ScreenLink> {
    let area = buffer.area;
    let mut links = Vec::new();
    for y in area.top()..area.bottom() {
        let cells: Vec<&str> = (area.left()..area.right())
            .map(|x| buffer[(x, y)].symbol())
            .collect();
        let mut x = 0;
        while x < cells.len() {
            let Some(len) = url_at(&cells[x..]) else {
                x += 1;
                continue;
            };
            let url: String = cells[x..x + len].concat();
            let at = area.left() + x as u16;
            links.push(ScreenLink {
                x: at,
                y,
                url,
                style: buffer[(at, y)].style(),
                target: None,
            });
            x += len;
        }
    }
    join_wrapped(&mut links, buffer);
    links
}

/// A URL that fills its row to the right edge and goes on at the next row's first column is
/// one URL cut at the screen's width (the sign-in link): the pieces on the rows below become
/// links too, and every piece links to the whole.
fn join_wrapped(links: &mut Vec<ScreenLink>, buffer: &Buffer) {
    let area = buffer.area;
    let mut joined = Vec::new();
    let url_run = |x: u16, y: u16| -> String {
        (x..area.right())
            .map(|x| buffer[(x, y)].symbol())
            .take_while(|s| {
                let mut chars = s.chars();
                matches!((chars.next(), chars.next()), (Some(c), None) if is_url_char(c))
            })
            .collect()
    };
    for link in links.iter_mut() {
        let mut pieces: Vec<ScreenLink> = Vec::new();
        // A row cut right after `.` or `:` had it trimmed as punctuation: the run to the edge
        // is the piece.
        let run = url_run(link.x, link.y);
        let mut whole = if link.x + run.chars().count() as u16 == area.right() {
            run
        } else {
            link.url.clone()
        };
        let (mut end, mut y) = (link.x + whole.chars().count() as u16, link.y);
        while end == area.right() && y + 1 < area.bottom() {
            y += 1;
            let piece = url_run(area.left(), y);
            if piece.is_empty() {
                break;
            }
            end = area.left() + piece.chars().count() as u16;
            whole.push_str(&piece);
            pieces.push(ScreenLink {
                x: area.left(),
                y,
                url: piece,
                style: buffer[(area.left(), y)].style(),
                target: None,
            });
        }
        if pieces.is_empty() {
            continue;
        }
        link.url =
            whole[..whole.len() - pieces.iter().map(|p| p.url.len()).sum::<usize>()].to_string();
        link.target = Some(whole.clone());
        for piece in &mut pieces {
            piece.target = Some(whole.clone());
        }
        joined.extend(pieces);
    }
    // A piece that looked like a URL of its own (it starts with `https://`) is the join's now.
    links.retain(|l| !joined.iter().any(|p| p.x == l.x && p.y == l.y));
    links.extend(joined);
}

/// The number of cells of a URL starting at the first cell, if one does.
fn url_at(cells: &[&str]) -> Option<usize> {
    let starts = |prefix: &str| {
        prefix.chars().enumerate().all(|(i, c)| {
            cells
                .get(i)
                .is_some_and(|s| s.chars().eq(std::iter::once(c)))
        })
    };
    let prefix = ["https://", "http://"].into_iter().find(|p| starts(p))?;
    let mut len = cells
        .iter()
        .take_while(|s| {
            let mut chars = s.chars();
            matches!((chars.next(), chars.next()), (Some(c), None) if is_url_char(c))
        })
        .count();
    // Sentence punctuation and a closing parenthesis that does not belong to the URL.
    while len > prefix.len() {
        let last = cells[len - 1];
        let opens = cells[..len].iter().filter(|s| **s == "(").count();
        let closes = cells[..len].iter().filter(|s| **s == ")").count();
        let trailing = matches!(last, "." | "," | ";" | ":" | "!" | "?" | "'" | "\"")
            || (last == ")" && closes > opens);
        if !trailing {
            break;
        }
        len -= 1;
    }
    (len > prefix.len()).then_some(len)
}

fn is_url_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c)
}

/// The bytes that print each link over itself as an OSC 8 hyperlink, leaving the cursor and
/// attributes as they were.
pub(crate) fn overlay(links: &[ScreenLink]) -> Vec<u8> {
    use crossterm::style::{Attribute, Print, SetAttribute, SetStyle};
    use ratatui::backend::IntoCrossterm;
    let mut out = Vec::new();
    if links.is_empty() {
        return out;
    }
    let _ = crossterm::queue!(out, crossterm::cursor::SavePosition);
    for link in links {
        // ratatui-crossterm's conversion (colours and every modifier) replaced a hand-kept table.
        let style: crossterm::style::ContentStyle = link.style.into_crossterm();
        let _ = crossterm::queue!(
            out,
            crossterm::cursor::MoveTo(link.x, link.y),
            SetAttribute(Attribute::Reset),
            SetStyle(style),
            Print(format!(
                "\x1b]8;;{}\x1b\\{}\x1b]8;;\x1b\\",
                link.target.as_deref().unwrap_or(&link.url),
                link.url
            )),
            SetAttribute(Attribute::Reset),
        );
    }
    let _ = crossterm::queue!(out, crossterm::cursor::RestorePosition);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    /// The style of the text the links are found in: a link keeps it.
    fn text_style() -> Style {
        crate::theme::Theme::Dark.palette().dim
    }

    fn buffer_with(rows: &[&str]) -> Buffer {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 60, rows.len() as u16));
        for (y, row) in rows.iter().enumerate() {
            buffer.set_string(0, y as u16, row, text_style());
        }
        buffer
    }

    #[test]
    fn urls_are_found_without_trailing_punctuation() {
        let buffer = buffer_with(&[
            "see the docs (https://example.com/a_(b)?q=1).",
            "plain http://x.org, and httpx://no and https:// alone",
        ]);
        let links = find_links(&buffer);
        let urls: Vec<(&str, u16, u16)> =
            links.iter().map(|l| (l.url.as_str(), l.x, l.y)).collect();
        assert_eq!(
            urls,
            [
                ("https://example.com/a_(b)?q=1", 14, 0),
                ("http://x.org", 6, 1)
            ]
        );
        assert_eq!(links[0].style.fg, text_style().fg);
    }

    #[test]
    fn a_url_cut_at_the_screen_edge_is_one_link() {
        let mut buffer = Buffer::empty(Rect::new(0, 0, 20, 4));
        let url = "https://auth.example.com/oauth?state=abc123";
        for (y, piece) in url.as_bytes().chunks(20).enumerate() {
            buffer.set_string(
                0,
                y as u16,
                std::str::from_utf8(piece).unwrap(),
                text_style(),
            );
        }
        let links = find_links(&buffer);
        // The first row is a URL by itself; the rows after it join it.
        assert_eq!(links.len(), 3, "{links:?}");
        assert!(
            links.iter().all(|l| l.target.as_deref() == Some(url)),
            "{links:?}"
        );
        let bytes = String::from_utf8(overlay(&links)).unwrap();
        assert!(
            bytes.contains(&format!("\x1b]8;;{url}\x1b\\https://auth.example")),
            "{bytes:?}"
        );
        // Cut right after a `.`: still one link.
        let mut cut = Buffer::empty(Rect::new(0, 0, 12, 2));
        cut.set_string(0, 0, "https://a.b.", text_style());
        cut.set_string(0, 1, "com/x", text_style());
        let links = find_links(&cut);
        assert_eq!(links.len(), 2, "{links:?}");
        assert_eq!(links[0].url, "https://a.b.");
        assert!(links
            .iter()
            .all(|l| l.target.as_deref() == Some("https://a.b.com/x")));
        // A URL that ends before the edge stays alone.
        let alone = find_links(&buffer_with(&["https://e.com", "https://f.com"]));
        assert!(alone.iter().all(|l| l.target.is_none()), "{alone:?}");
    }

    #[test]
    fn the_overlay_wraps_the_url_in_osc_8_and_restores_the_cursor() {
        let links = find_links(&buffer_with(&["go to https://e.com now"]));
        let bytes = String::from_utf8(overlay(&links)).unwrap();
        assert!(bytes.starts_with("\x1b7"), "{bytes:?}");
        assert!(bytes.ends_with("\x1b8"), "{bytes:?}");
        assert!(
            bytes.contains("\x1b[1;7H"),
            "moves to column 7 of row 1: {bytes:?}"
        );
        assert!(bytes.contains("\x1b]8;;https://e.com\x1b\\https://e.com\x1b]8;;\x1b\\"));
        assert!(overlay(&[]).is_empty());
    }
}
