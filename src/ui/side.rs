//! The side pane (`/side`): the side conversation's transcript in a box where the geometry puts
//! it (`Areas::side`: the right half of the transcript's rows, the main transcript reflowed in
//! the left; all of them on a narrow screen), newest rows at the bottom, and one line saying where the composer sends and how the pane closes.
//! `/side` alone: the earlier side conversations as a list box. The question and every cell
//! come from the person or the model: shown sanitised (cells by their own rendering).

use super::chrome::{draw_popup, menu_row, popup_box, title};
use super::draw::{Draw, DrawCx};
use super::list::{cut, pointer, ListBox};
use crate::app::layers::side::SidePane;
use crate::controls::pick_list::PickList;
use crate::controls::view::View;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

fn draw_pane(
    frame: &mut Frame<'_>,
    area: Rect,
    (closing, back): (bool, usize),
    session: &Session,
    p: &Palette,
) {
    let border = if closing {
        p.border_attention
    } else {
        p.border_focused
    };
    let block = popup_box(
        title(" Side conversation · from main thread ", border),
        border,
    );
    let inner = draw_popup(frame, area, block);
    if inner.height == 0 || inner.width == 0 {
        return;
    }
    let width = usize::from(inner.width);
    let model = session
        .side
        .open
        .as_deref()
        .and_then(|id| session.threads.get(id));
    let answering = model.is_some_and(|m| m.turn_active());
    let footer = if closing {
        Line::from(Span::styled(
            cut(
                "Keep this side conversation? Enter/k/Esc keep · a archive",
                width,
            ),
            p.attention,
        ))
    } else if back > 0 {
        Line::from(Span::styled(
            cut(
                &format!("{back} rows back · PgDn to the newest · Esc closes"),
                width,
            ),
            p.dim,
        ))
    } else if answering {
        Line::from(Span::styled(
            cut("answering… · Esc stops · Ctrl+C closes", width),
            p.working,
        ))
    } else {
        Line::from(Span::styled(
            cut("Enter sends here · Esc closes · Ctrl+C closes", width),
            p.dim,
        ))
    };
    let height = usize::from(inner.height - 1);
    let mut lines = match (model, &session.side.starting) {
        (Some(model), _) => {
            let mut rows = last_rows(&model.transcript, session, inner.width, height + back);
            // Scrolled back: the newest `back` rows stay below the box.
            let keep = rows
                .len()
                .saturating_sub(back.min(rows.len().saturating_sub(height)));
            rows.truncate(keep);
            let skip = rows.len().saturating_sub(height);
            rows.split_off(skip)
        }
        (None, Some(question)) => vec![Line::from(Span::styled(
            cut(
                &format!("Forking the main thread for: {}", visible_line(question)),
                width,
            ),
            p.dim,
        ))],
        (None, None) => vec![],
    };
    while lines.len() < height {
        lines.push(Line::default());
    }
    lines.push(footer);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The last `height` rows of `transcript` laid out at `width`, cells a blank row apart.
fn last_rows(
    transcript: &crate::model::Transcript,
    session: &Session,
    width: u16,
    height: usize,
) -> Vec<Line<'static>> {
    let view = View::new(transcript, session.layout_key(width), height as u16);
    let mut rows: Vec<Line<'static>> = Vec::new();
    for index in (0..transcript.len()).rev() {
        let laid = view.cell_drawn(index, 0..usize::MAX);
        let mut cell: Vec<Line<'static>> = (0..laid.len())
            .filter_map(|row| laid.get(row).cloned())
            .collect();
        cell.push(Line::default());
        cell.extend(rows);
        rows = cell;
        if rows.len() > height {
            break;
        }
    }
    // The blank after the newest cell goes; only the bottom `height` rows show.
    rows.pop();
    let skip = rows.len().saturating_sub(height);
    rows.split_off(skip)
}

fn draw_earlier(
    frame: &mut Frame<'_>,
    within: Rect,
    list: &PickList,
    session: &Session,
    p: &Palette,
) {
    let earlier = &session.side.earlier;
    let selected = list.index(earlier.len());
    let inner_width = usize::from(within.width.saturating_sub(6)).min(100);
    let lines: Vec<Line<'static>> = earlier
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let is = selected == Some(i);
            let line = Line::from(vec![
                Span::raw(pointer(is)),
                Span::raw(cut(
                    &visible_line(&s.question),
                    inner_width.saturating_sub(2),
                )),
            ]);
            menu_row(line, is, p)
        })
        .collect();
    let footer = Line::from(Span::styled(" Enter reopens · Esc closes ", p.dim));
    ListBox {
        title: "Side conversations".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 40, u16::MAX),
        selected_line: selected,
        lines,
    }
    .draw(frame, within, p);
}

impl Draw for SidePane {
    fn draw(&self, frame: &mut Frame<'_>, cx: &DrawCx<'_>) {
        match self {
            SidePane::Earlier(list) => {
                draw_earlier(frame, cx.areas.main, list, cx.session, cx.palette)
            }
            pane => draw_pane(
                frame,
                cx.areas.side.unwrap_or(cx.areas.transcript),
                match pane {
                    SidePane::Pane { back } => (false, *back),
                    _ => (true, 0),
                },
                cx.session,
                cx.palette,
            ),
        }
    }
}
