//! Transcript scrolling: follow the tail, or stay put at a line the person scrolled to.

use std::cell::Cell;

#[derive(Debug, Default)]
pub struct Scroll {
    /// `None` follows the tail; `Some(top)` pins the first visible line.
    pinned_top: Option<usize>,
    /// Written by the renderer each frame: total transcript lines and viewport height.
    metrics: Cell<(usize, usize)>,
}

impl Scroll {
    pub fn is_following(&self) -> bool {
        self.pinned_top.is_none()
    }

    pub fn set_metrics(&self, total: usize, height: usize) {
        self.metrics.set((total, height));
    }

    fn max_top(&self) -> usize {
        let (total, height) = self.metrics.get();
        total.saturating_sub(height)
    }

    /// The first visible line for a transcript of `total` lines in `height` rows.
    pub fn top(&self, total: usize, height: usize) -> usize {
        let max = total.saturating_sub(height);
        self.pinned_top.map_or(max, |top| top.min(max))
    }

    pub fn by(&mut self, delta: isize) {
        let max = self.max_top();
        let current = self.pinned_top.unwrap_or(max).min(max);
        let next = current.saturating_add_signed(delta).min(max);
        self.pinned_top = if next >= max { None } else { Some(next) };
    }

    pub fn page(&mut self, pages: isize) {
        let (_, height) = self.metrics.get();
        let step = height.saturating_sub(2).max(1) as isize;
        self.by(pages * step);
    }

    pub fn to_top(&mut self) {
        self.pinned_top = Some(0);
        if self.max_top() == 0 {
            self.pinned_top = None;
        }
    }

    pub fn to_bottom(&mut self) {
        self.pinned_top = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scrolling_up_pins_and_scrolling_down_follows_again() {
        let mut s = Scroll::default();
        s.set_metrics(100, 20);
        assert_eq!(s.top(100, 20), 80);
        s.by(-5);
        assert!(!s.is_following());
        assert_eq!(s.top(120, 20), 75, "new output must not move a pinned view");
        s.by(5);
        assert!(s.is_following());
        s.to_top();
        assert_eq!(s.top(100, 20), 0);
        s.page(1);
        assert_eq!(s.top(100, 20), 18);
        s.to_bottom();
        assert_eq!(s.top(100, 20), 80);
    }
}
