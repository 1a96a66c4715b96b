//! `review/start`: a code review run inline on the thread, as a turn of its own. Its events
//! come in that turn: `enteredReviewMode`, the reviewer's work, `exitedReviewMode` with the
//! review as one text (see `ThreadItem`).

use super::items::Turn;
use serde::{Deserialize, Serialize};

pub(crate) const REVIEW_START: &str = "review/start";

/// What to review.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ReviewTarget {
    /// Staged, unstaged and untracked changes.
    UncommittedChanges,
    /// The changes against a base branch, from their merge base.
    BaseBranch { branch: String },
    /// One commit; `title` (its subject) labels it for people.
    Commit { sha: String, title: Option<String> },
    /// Free instructions for the reviewer.
    Custom { instructions: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewStartParams {
    pub thread_id: String,
    pub target: ReviewTarget,
    /// Always `inline` (the review's turn is in this thread).
    pub delivery: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewStartResponse {
    pub turn: Turn,
    #[serde(default)]
    pub review_thread_id: Option<String>,
}
