//! The front server question as a layer: it sits over everything the person opened, in the
//! composer's place, and implements the same `LayerView` as every layer. Its state is the
//! session's (`state::questions`), which server events change, so this is only its behaviour:
//! [`keys`] answers approvals, [`form`] walks through a form's questions.

pub(crate) mod form;
pub(crate) mod keys;

use crate::app::layer_types::{Input, Placement};
use crate::app::layers::{Ctx, LayerView, Outcome, ViewCx};
use crate::controls::keys::KeyList;
use crate::session::state::Session;

#[derive(Debug, Clone, Copy, Default)]
pub struct FrontQuestion;

impl LayerView for FrontQuestion {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        keys::handle(cx, input)
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Approval"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        keys::key_list(cx)
    }

    /// Its whole body, a gap, and its options.
    fn rows(&self, width: u16, session: &Session) -> usize {
        let Some(front) = session.questions.front() else {
            return 0;
        };
        let lines = crate::render::question::question_lines(
            &front.question,
            front.selected,
            front.form.as_ref(),
            width,
            session.question_look(),
        );
        lines.body.len() + 1 + lines.options.len()
    }
}
