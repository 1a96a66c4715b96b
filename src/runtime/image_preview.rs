//! Draws image previews inline, over the rows their cells keep blank (`render::image_preview`),
//! in the protocol the terminal answered for at startup — and in no other case: without an
//! answer, `Previews::frame` writes nothing. A preview is written only when what is on screen
//! changed (a scroll, a new image, a resize), so a streaming answer below it costs nothing.
//!
//! kitty: each file is sent once under an id of its own and placed again by id; before a new
//! set of placements, the old ones are deleted (the image data stays). Every command asks for
//! no reply (`q=2`), so nothing comes back into tern's input.
//! iTerm2: the file is sent with each placement (the protocol has no ids); the cells an old
//! preview covered are printed again from the frame, which removes what is left of it.

use crate::model::ImageProtocol;
use crate::ui::ImagePlacement;
use base64::Engine;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use std::collections::HashMap;

/// The largest file previewed: a preview is sent whole through the terminal.
const MAX_FILE: u64 = 8 * 1024 * 1024;
/// Files kept encoded, so a scroll does not read them again.
const KEPT_FILES: usize = 8;
/// kitty reads its data in chunks of at most 4096 base64 bytes.
const KITTY_CHUNK: usize = 4096;

/// What the previews on screen are, between frames.
#[derive(Debug, Default)]
pub struct Previews {
    shown: Vec<ImagePlacement>,
    area: Rect,
    /// kitty: the id each file was sent under.
    ids: HashMap<String, u32>,
    /// Files read and encoded (base64), or `None` when unreadable or too big.
    files: Vec<(String, Option<String>)>,
}

impl Previews {
    /// The bytes that bring the terminal's previews from the last frame's to `placements`,
    /// drawn in `buffer`. Nothing without a `protocol` (the terminal never answered).
    pub(crate) fn frame(
        &mut self,
        protocol: Option<ImageProtocol>,
        placements: Vec<ImagePlacement>,
        buffer: &Buffer,
    ) -> Vec<u8> {
        let Some(protocol) = protocol else {
            return Vec::new();
        };
        // A resize redraws the whole screen, which takes the previews with it.
        if buffer.area != self.area {
            self.area = buffer.area;
            self.shown.clear();
        }
        if placements == self.shown {
            return Vec::new();
        }
        let mut out = b"\x1b7".to_vec();
        match protocol {
            ImageProtocol::Kitty => {
                if !self.shown.is_empty() {
                    out.extend_from_slice(b"\x1b_Ga=d,d=a,q=2\x1b\\");
                }
                for p in &placements {
                    self.kitty(p, &mut out);
                }
            }
            ImageProtocol::Iterm2 => {
                for old in self.shown.iter().filter(|o| !placements.contains(o)) {
                    reprint(old, buffer, &mut out);
                }
                let shown = std::mem::take(&mut self.shown);
                for p in placements.iter().filter(|p| !shown.contains(p)) {
                    self.iterm2(p, &mut out);
                }
            }
        }
        out.extend_from_slice(b"\x1b8");
        self.shown = placements;
        out
    }

    /// The screen was cleared behind tern's back (a stop and `fg`, an editor): place again.
    pub(crate) fn forget_screen(&mut self) {
        self.shown.clear();
    }

    fn kitty(&mut self, p: &ImagePlacement, out: &mut Vec<u8>) {
        out.extend_from_slice(move_to(p).as_bytes());
        let size = format!("c={},r={},C=1,q=2", p.cols, p.rows);
        if let Some(id) = self.ids.get(&p.path) {
            out.extend_from_slice(format!("\x1b_Ga=p,i={id},{size}\x1b\\").as_bytes());
            return;
        }
        let Some(data) = self.encoded(&p.path) else {
            return;
        };
        let id = u32::try_from(self.ids.len() + 1).unwrap_or(u32::MAX);
        let chunks: Vec<&[u8]> = data.as_bytes().chunks(KITTY_CHUNK).collect();
        for (i, chunk) in chunks.iter().enumerate() {
            let more = u8::from(i + 1 < chunks.len());
            let head = if i == 0 {
                format!("a=T,f=100,i={id},{size},m={more}")
            } else {
                format!("m={more},q=2")
            };
            out.extend_from_slice(format!("\x1b_G{head};").as_bytes());
            out.extend_from_slice(chunk);
            out.extend_from_slice(b"\x1b\\");
        }
        self.ids.insert(p.path.clone(), id);
    }

    fn iterm2(&mut self, p: &ImagePlacement, out: &mut Vec<u8>) {
        let Some(data) = self.encoded(&p.path) else {
            return;
        };
        out.extend_from_slice(move_to(p).as_bytes());
        out.extend_from_slice(
            format!(
                "\x1b]1337;File=inline=1;width={};height={};preserveAspectRatio=1:{data}\x07",
                p.cols, p.rows
            )
            .as_bytes(),
        );
    }

    /// `path`'s bytes in base64 (the only thing from the file that reaches the terminal: the
    /// alphabet cannot end the sequence), read once.
    fn encoded(&mut self, path: &str) -> Option<String> {
        if let Some((_, data)) = self.files.iter().find(|(p, _)| p == path) {
            return data.clone();
        }
        // Only a regular file (the path is the server's), never waiting on one.
        let data = super::regular_file::read_capped(path, MAX_FILE, false)
            .ok()
            .map(|bytes| base64::engine::general_purpose::STANDARD.encode(bytes));
        if self.files.len() == KEPT_FILES {
            self.files.remove(0);
        }
        self.files.push((path.to_string(), data.clone()));
        data
    }
}

fn move_to(p: &ImagePlacement) -> String {
    format!("\x1b[{};{}H", u32::from(p.y) + 1, u32::from(p.x) + 1)
}

/// Prints the frame's cells over where `old` was, which replaces what is left of its image.
fn reprint(old: &ImagePlacement, buffer: &Buffer, out: &mut Vec<u8>) {
    use crossterm::style::{Attribute, Print, SetAttribute, SetStyle};
    use ratatui::backend::IntoCrossterm;
    for y in old.y..old.y.saturating_add(old.rows) {
        let _ = crossterm::queue!(out, crossterm::cursor::MoveTo(old.x, y));
        for x in old.x..old.x.saturating_add(old.cols) {
            let Some(cell) = buffer.cell((x, y)) else {
                continue;
            };
            let style: crossterm::style::ContentStyle = cell.style().into_crossterm();
            let _ = crossterm::queue!(
                out,
                SetAttribute(Attribute::Reset),
                SetStyle(style),
                Print(cell.symbol())
            );
        }
    }
    let _ = crossterm::queue!(out, SetAttribute(Attribute::Reset));
}
