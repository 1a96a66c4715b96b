//! What happened in the conversation, reduced from notifications, and what the server is asking.
//! No IO.

pub mod agent_call;
pub mod agents;
pub mod cell;
pub mod copyable;
pub mod execpolicy;
pub mod export;
pub mod export_diff;
pub mod item_cell;
pub mod locations;
pub mod markdown_options;
pub mod markdown_text;
pub mod output_cap;
pub mod paragraph_tail;
pub mod plain_code;
pub mod plan_tags;
pub mod question;
pub mod question_form;
pub mod rewind;
pub mod rules;
pub mod table_tail;
pub mod thread_list;
pub mod transcript;
pub mod turn_diffs;
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
