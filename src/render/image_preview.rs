//! Where an image cell keeps room for its inline preview: blank rows at the end of the cell,
//! sized from the image's pixels, only when the terminal answered an image-protocol query
//! (`LayoutKey::images`) and can show that format. The runtime draws the image into those rows
//! after the frame (`runtime::image_preview`); the layout only keeps them free.

use crate::model::{CellKind, ImageInfo, ItemCell, LayoutKey};

/// The largest preview, in cells: enough to recognise a screenshot, small enough to keep the
/// conversation in view.
pub(crate) const MAX_COLS: u64 = 40;
pub(crate) const MAX_ROWS: u64 = 12;
/// Pixels a cell is taken to show, so a small image is not blown up.
const CELL_PX_WIDE: u64 = 8;
/// Columns the preview is indented by, under the cell's title.
pub(crate) const INDENT: u16 = 2;

/// A preview an image cell shows: the file and the cells it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Preview<'a> {
    pub path: &'a str,
    pub cols: u16,
    pub rows: u16,
}

/// The preview of `kind` at `key`, if it has one.
pub(crate) fn preview_of(kind: &CellKind, key: LayoutKey) -> Option<Preview<'_>> {
    let protocol = key.images?;
    let (path, info) = match kind {
        CellKind::Item(ItemCell::ImageView {
            path,
            info: Some(info),
        }) => (path.as_str(), info),
        CellKind::Item(ItemCell::ImageGeneration {
            saved_path: Some(path),
            info: Some(info),
            failure: None,
            ..
        }) => (path.as_str(), info),
        _ => return None,
    };
    if !protocol.shows(info) {
        return None;
    }
    let (cols, rows) = size(info, key.width)?;
    Some(Preview { path, cols, rows })
}

/// Columns and rows for an image of `info`'s pixels in a transcript `width` columns wide,
/// keeping its aspect (a cell is about twice as tall as it is wide).
pub(crate) fn size(info: &ImageInfo, width: u16) -> Option<(u16, u16)> {
    let (w, h) = (u64::from(info.width), u64::from(info.height));
    if w == 0 || h == 0 {
        return None;
    }
    let room = u64::from(width.saturating_sub(INDENT * 2)).min(MAX_COLS);
    if room == 0 {
        return None;
    }
    let mut cols = room.min(w.div_ceil(CELL_PX_WIDE)).max(1);
    let mut rows = (cols * h).div_ceil(w * 2).max(1);
    if rows > MAX_ROWS {
        rows = MAX_ROWS;
        cols = (rows * 2 * w / h).clamp(1, room);
    }
    Some((u16::try_from(cols).ok()?, u16::try_from(rows).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(width: u32, height: u32) -> ImageInfo {
        ImageInfo {
            width,
            height,
            bytes: 1,
            png: true,
        }
    }

    #[test]
    fn sizes_keep_the_aspect_within_bounds() {
        // A 16:9 screenshot: 40 columns, about 40 × 9/16 / 2 rows.
        assert_eq!(size(&info(1280, 720), 120), Some((40, 12)));
        // Tall: the rows are capped and the columns shrink to keep the aspect.
        assert_eq!(size(&info(100, 1000), 120), Some((2, 12)));
        // Small images stay small; nonsense sizes get no preview.
        assert_eq!(size(&info(16, 16), 120), Some((2, 1)));
        assert_eq!(size(&info(0, 10), 120), None);
        assert_eq!(size(&info(u32::MAX, u32::MAX), 120), Some((24, 12)));
        // A narrow transcript: never wider than it leaves.
        assert_eq!(size(&info(1280, 720), 20).map(|s| s.0), Some(16));
        assert_eq!(size(&info(1280, 720), 4), None);
    }
}
