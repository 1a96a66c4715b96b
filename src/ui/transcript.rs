//! The scrolling transcript: only the visible window is copied to the screen.

use crate::app::AppState;
use crate::render::cell_lines;
use ratatui::layout::Rect;
use ratatui::style::{Color, Stylize};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::rc::Rc;

pub fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) {
    let width = area.width;
    let height = area.height as usize;
    let cells = state.transcript.cells();
    let laid_out: Vec<Rc<Vec<Line<'static>>>> =
        cells.iter().map(|c| c.lines(width, cell_lines)).collect();
    // One blank line between cells.
    let total: usize = laid_out.iter().map(|l| l.len() + 1).sum();
    state.scroll.set_metrics(total, height);
    let top = state.scroll.top(total, height);

    let mut visible: Vec<Line<'static>> = Vec::with_capacity(height);
    let mut line_no = 0usize;
    for lines in &laid_out {
        let block = lines.len() + 1;
        if line_no + block <= top {
            line_no += block;
            continue;
        }
        for (i, line) in lines
            .iter()
            .chain(std::iter::once(&Line::default()))
            .enumerate()
        {
            let at = line_no + i;
            if at >= top && visible.len() < height {
                visible.push(line.clone());
            }
        }
        line_no += block;
        if visible.len() >= height {
            break;
        }
    }
    frame.render_widget(Paragraph::new(visible), area);

    if !state.scroll.is_following() && area.height > 0 {
        let hint = " ↓ more below · End to follow ";
        let w = hint.chars().count() as u16;
        if area.width > w {
            let at = Rect::new(area.x + area.width - w, area.y + area.height - 1, w, 1);
            frame.render_widget(Paragraph::new(hint.fg(Color::Black).on_yellow()), at);
        }
    }
}
