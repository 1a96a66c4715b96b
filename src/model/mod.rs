//! What happened in the conversation, reduced from notifications, and what the server is asking.
//! No IO.

pub mod agent_call;
pub mod agents;
pub(crate) mod auto_review;
pub(crate) mod cell;
pub(crate) mod copyable;
pub mod execpolicy;
pub mod export;
pub(crate) mod export_diff;
pub(crate) mod item_cell;
pub(crate) mod locations;
pub(crate) mod markdown_options;
pub(crate) mod markdown_text;
pub mod output_cap;
pub(crate) mod paragraph_tail;
pub(crate) mod plain_code;
pub(crate) mod plan_tags;
pub(crate) mod question;
pub(crate) mod question_form;
pub(crate) mod review;
pub(crate) mod review_ask;
pub mod rewind;
pub mod rules;
pub(crate) mod scrollback;
pub(crate) mod table_tail;
pub(crate) mod thread_list;
pub mod transcript;
pub(crate) mod turn_diffs;
pub mod work;

pub use cell::{
    Cell, CellKind, CommandCell, Laid, LaidTable, LayoutKey, NoticeLevel, Theme, TurnTokens,
};
pub use item_cell::{ImageInfo, ImageProtocol, ItemCell};
pub use markdown_options::MARKDOWN_OPTIONS;
pub use markdown_text::{ListPart, MarkdownText, TableTail};
pub use plain_code::PlainCode;
pub use question::{OptionKind, Question, QuestionOption, QuestionSubject, Record};
pub use question_form::{FormAnswer, FormSpec};
pub use transcript::{Transcript, NOTICE_COLUMNS};
pub use turn_diffs::TurnDiffs;
