//! `/plugins`' marketplaces: one added from a source (`marketplace/add`: `owner/repo`, a git
//! URL, or a local folder — a path starting `./` or `../` is the work folder's), one removed
//! or upgraded after its confirming key (`marketplace/remove`, `marketplace/upgrade`). What
//! each came to is said in the view and the transcript, and the list and the search are asked
//! again. codex 0.171 removes only a marketplace it was told to add (one a repository declares
//! in `.agents/plugins` is "not configured"), and upgrades only those added from git.

use crate::model::NoticeLevel;
use crate::protocol::{MarketplaceAddResponse, MarketplaceUpgradeResponse};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::one_line::visible_one_line;

/// The most upgrade errors told, and the most marketplaces named.
const MAX_LISTED: usize = 5;

/// A name, path or message from the server in a sentence: one line of at most this many
/// columns, its control characters made visible. Only what is kept is looked at.
const SHOWN_COLUMNS: usize = 80;

fn shown_text(text: &str) -> String {
    visible_one_line(text, SHOWN_COLUMNS)
}

/// `source` as codex is to read it: a path relative to the work folder made whole (codex
/// would read it from its own directory).
pub(crate) fn resolved(source: &str, work_folder: Option<&str>) -> String {
    let source = source.trim();
    let relative = source == "." || source.starts_with("./") || source.starts_with("../");
    match work_folder {
        Some(folder) if source == "." => folder.to_string(),
        Some(folder) if relative => std::path::Path::new(folder)
            .join(source.strip_prefix("./").unwrap_or(source))
            .to_string_lossy()
            .into_owned(),
        _ => source.to_string(),
    }
}

/// Enter on the source typed after Ctrl+A.
pub(crate) fn add(state: &mut Session, source: &str) -> Vec<Effect> {
    let source = resolved(source, state.work_folder().as_deref());
    if source.is_empty() {
        return vec![];
    }
    busy(
        state,
        format!("Adding the marketplace {}…", shown_text(&source)),
    );
    vec![Effect::Request(ClientRequest::AddMarketplace { source })]
}

/// `y` on "Remove the marketplace …?".
pub(crate) fn remove(state: &mut Session, name: &str) -> Vec<Effect> {
    busy(
        state,
        format!("Removing the marketplace {}…", shown_text(name)),
    );
    vec![Effect::Request(ClientRequest::RemoveMarketplace {
        name: name.to_string(),
    })]
}

/// `y` on "Upgrade …?": the marketplace `name`, or every one added from git.
pub(crate) fn upgrade(state: &mut Session, name: Option<&str>) -> Vec<Effect> {
    let what = name.map_or("the marketplaces added from git".into(), |n| {
        format!("the marketplace {}", shown_text(n))
    });
    busy(state, format!("Upgrading {what}…"));
    vec![Effect::Request(ClientRequest::UpgradeMarketplace {
        name: name.map(str::to_string),
    })]
}

fn busy(state: &mut Session, text: String) {
    let marketplaces = &mut state.plugins.marketplaces;
    marketplaces.busy = Some(text);
    marketplaces.said = None;
    state.layer_events.push(LayerEvent::PluginsChanged);
}

pub(crate) fn added(
    state: &mut Session,
    source: &str,
    answer: Answer<MarketplaceAddResponse>,
) -> Vec<Effect> {
    let said = match shown(answer) {
        Ok(added) if added.already_added => Ok(format!(
            "The marketplace {} was added already ({}).",
            shown_text(&added.marketplace_name),
            shown_text(&added.installed_root)
        )),
        Ok(added) => Ok(format!(
            "Marketplace added: {} ({}). Its plugins are listed.",
            shown_text(&added.marketplace_name),
            shown_text(&added.installed_root)
        )),
        Err(e) => Err(format!(
            "Could not add the marketplace {}: {}",
            shown_text(source),
            shown_text(&e)
        )),
    };
    settled(state, said)
}

pub(crate) fn removed(state: &mut Session, name: &str, answer: Answer<()>) -> Vec<Effect> {
    let name = shown_text(name);
    let said = match shown(answer) {
        Ok(()) => Ok(format!("Marketplace removed: {name}.")),
        Err(e) => Err(format!(
            "Could not remove the marketplace {name}: {}",
            shown_text(&e)
        )),
    };
    settled(state, said)
}

pub(crate) fn upgraded(
    state: &mut Session,
    name: Option<&str>,
    answer: Answer<MarketplaceUpgradeResponse>,
) -> Vec<Effect> {
    let what = name.map_or("the marketplaces".into(), |n| {
        format!("the marketplace {}", shown_text(n))
    });
    let said = match shown(answer) {
        Err(e) => Err(format!("Could not upgrade {what}: {}", shown_text(&e))),
        Ok(up) if !up.errors.is_empty() => {
            let errors: Vec<String> = up
                .errors
                .iter()
                .take(MAX_LISTED)
                .map(|e| {
                    format!(
                        "{}: {}",
                        shown_text(&e.marketplace_name),
                        shown_text(&e.message)
                    )
                })
                .collect();
            Err(format!("Could not upgrade {}", errors.join("; ")))
        }
        Ok(up) if up.selected_marketplaces.is_empty() => {
            Ok("No marketplace added from git: nothing to upgrade.".into())
        }
        Ok(up) => {
            let mut names: Vec<String> = up
                .selected_marketplaces
                .iter()
                .take(MAX_LISTED)
                .map(|n| shown_text(n))
                .collect();
            let more = up.selected_marketplaces.len().saturating_sub(MAX_LISTED);
            if more > 0 {
                names.push(format!("{more} more"));
            }
            Ok(if up.upgraded_roots.is_empty() {
                format!("Up to date: {}.", names.join(", "))
            } else {
                format!(
                    "Upgraded: {}. Their plugins are listed again.",
                    names.join(", ")
                )
            })
        }
    };
    settled(state, said)
}

/// A change answered: said in the view and the transcript; the list and the search asked again.
fn settled(state: &mut Session, said: Result<String, String>) -> Vec<Effect> {
    let (ok, text) = match said {
        Ok(text) => (true, text),
        Err(text) => (false, text),
    };
    let level = if ok {
        NoticeLevel::Info
    } else {
        NoticeLevel::Warning
    };
    state.shown.transcript.notice(level, text.clone());
    let marketplaces = &mut state.plugins.marketplaces;
    marketplaces.busy = None;
    marketplaces.said = Some((ok, text));
    state.layer_events.push(LayerEvent::PluginsChanged);
    let mut effects = super::plugins::refresh(state);
    let query = state.plugins.search.query.clone();
    if !query.trim().is_empty() {
        effects.extend(super::plugin_search::typed(state, &query));
    }
    effects
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hostile upgrade answer: many marketplaces with huge names and messages.
    #[test]
    fn what_an_upgrade_came_to_is_said_in_a_bounded_line() {
        let huge = format!("{}\u{1b}[2J", "n".repeat(100_000));
        let answer = MarketplaceUpgradeResponse {
            selected_marketplaces: vec![huge.clone(); 1_000],
            upgraded_roots: vec![huge.clone()],
            errors: vec![],
        };
        let mut state = Session::new(crate::session::state::SessionConfig::default());
        upgraded(&mut state, Some(&huge), Ok(answer));
        let (ok, said) = state.plugins.marketplaces.said.clone().expect("said");
        assert!(ok);
        assert!(said.len() < 1_000, "{} bytes", said.len());
        assert!(
            said.ends_with("995 more. Their plugins are listed again."),
            "{said}"
        );
        assert!(!said.contains('\u{1b}'));
    }

    #[test]
    fn only_a_path_starting_with_dots_is_made_whole_from_the_work_folder() {
        let folder = Some("/w/project");
        assert_eq!(resolved(" ./market ", folder), "/w/project/market");
        assert_eq!(resolved("./.hidden", folder), "/w/project/.hidden");
        assert_eq!(resolved("../other", folder), "/w/project/../other");
        assert_eq!(resolved(".", folder), "/w/project");
        // GitHub's owner/repo, URLs and absolute paths go as typed.
        assert_eq!(resolved("owner/repo", folder), "owner/repo");
        assert_eq!(resolved("/abs/m", folder), "/abs/m");
        assert_eq!(resolved("https://h/m.git", folder), "https://h/m.git");
        assert_eq!(resolved("./market", None), "./market");
    }
}
