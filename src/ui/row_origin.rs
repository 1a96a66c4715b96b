//! Where a screen row of the transcript comes from: the transcript writes it for every row it
//! draws, and the search highlighting and the selected cell's marks read it, without reaching
//! back into the transcript's drawing.

/// Where a screen row of the transcript comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct RowOrigin {
    pub cell: usize,
    pub row: usize,
}
