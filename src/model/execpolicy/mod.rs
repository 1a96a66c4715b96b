//! Exec-policy prefix rules, before tern offers one: what the command really runs
//! ([`shell`]), which prefixes are too broad to allow for good ([`refuse`]), and what the server
//! proposed measured against both ([`offer`]).

pub(crate) mod refuse;
pub(crate) mod shell;

pub use refuse::refusal;
pub use shell::{ParsedCommand, RuleTarget};

/// What tern can offer for a proposed `acceptWithExecpolicyAmendment`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Offer {
    /// A prefix of the words of the command that runs: the person may shorten or lengthen it
    /// within `words`, starting at `proposed_len` words.
    Prefix {
        words: Vec<String>,
        proposed_len: usize,
    },
    /// The proposal is the whole shell wrapper of a compound script: it only ever matches
    /// exactly this script.
    ExactScript { words: Vec<String> },
    /// The proposal does not match the command being approved: not offered.
    Mismatch(String),
}

/// Measures the server's proposal against the command it came with.
pub(crate) fn offer(command: &str, proposal: &[String]) -> Offer {
    let parsed = ParsedCommand::parse(command);
    if let RuleTarget::Words(words) = parsed.target() {
        let is_prefix = !proposal.is_empty()
            && proposal.len() <= words.len()
            && words[..proposal.len()] == *proposal;
        if is_prefix {
            return Offer::Prefix {
                proposed_len: proposal.len(),
                words,
            };
        }
        // The whole wrapper around one simple command: offer the inner command instead, in full.
        if parsed.words.as_deref() == Some(proposal) {
            return Offer::Prefix {
                proposed_len: words.len(),
                words,
            };
        }
    }
    match &parsed.words {
        Some(words) if words.as_slice() == proposal && parsed.script.is_some() => {
            Offer::ExactScript {
                words: words.clone(),
            }
        }
        _ => Offer::Mismatch(
            "the rule the server proposed does not match the command being approved".into(),
        ),
    }
}

/// The rule as codex writes it into `rules/default.rules`.
pub(crate) fn rule_text(prefix: &[String]) -> String {
    let words: Vec<String> = prefix
        .iter()
        .map(|w| serde_json::to_string(w).unwrap_or_default())
        .collect();
    format!(
        "prefix_rule(pattern=[{}], decision=\"allow\")",
        words.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn offers_measure_the_proposal_against_the_command() {
        let cmd = "/bin/bash -lc 'git status --short'";
        assert_eq!(
            offer(cmd, &words(&["git", "status"])),
            Offer::Prefix {
                words: words(&["git", "status", "--short"]),
                proposed_len: 2
            }
        );
        assert_eq!(
            offer(cmd, &words(&["/bin/bash", "-lc", "git status --short"])),
            Offer::Prefix {
                words: words(&["git", "status", "--short"]),
                proposed_len: 3
            }
        );
        assert!(matches!(
            offer(cmd, &words(&["rm", "-rf"])),
            Offer::Mismatch(_)
        ));
        let compound = "/bin/bash -lc 'echo x > f; cat f'";
        assert_eq!(
            offer(compound, &words(&["/bin/bash", "-lc", "echo x > f; cat f"])),
            Offer::ExactScript {
                words: words(&["/bin/bash", "-lc", "echo x > f; cat f"])
            }
        );
        assert!(matches!(
            offer(compound, &words(&["echo", "x"])),
            Offer::Mismatch(_)
        ));
        assert!(matches!(offer("git status", &[]), Offer::Mismatch(_)));
        assert_eq!(
            offer("git status", &words(&["git"])),
            Offer::Prefix {
                words: words(&["git", "status"]),
                proposed_len: 1
            }
        );
    }

    #[test]
    fn rule_text_is_what_codex_writes() {
        assert_eq!(
            rule_text(&words(&["git", "status"])),
            r#"prefix_rule(pattern=["git", "status"], decision="allow")"#
        );
        assert_eq!(
            rule_text(&words(&["say", "a \"b\""])),
            r#"prefix_rule(pattern=["say", "a \"b\""], decision="allow")"#
        );
    }
}
