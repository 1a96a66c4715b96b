//! Skills: `skills/list` (the skills of a directory, with what is wrong with the ones that do
//! not load) and the `skills/changed` notification that says to ask again. Spelled as the
//! 0.171 schema's `v2/Skills*.ts`, `v2/SkillMetadata.ts`. A skill is invoked by naming it in the
//! prompt (`$name`) and sending it as a `skill` input beside the text (`UserInput::Skill`).

use serde::{Deserialize, Serialize};

pub(crate) const SKILLS_LIST: &str = "skills/list";
pub(crate) const SKILLS_CONFIG_WRITE: &str = "skills/config/write";

/// `skills/config/write`: turn one skill (chosen by its `SKILL.md`) on or off in codex's config.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillsConfigWriteParams {
    pub path: String,
    pub enabled: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillsConfigWriteResponse {
    /// Whether the skill is on now (a setting elsewhere may keep it off).
    pub effective_enabled: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillsListParams {
    /// The directories to list for (empty: the session's).
    pub cwds: Vec<String>,
    /// Read the skill files again rather than from the cache (after `skills/changed`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub force_reload: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillsListResponse {
    #[serde(default)]
    pub data: Vec<SkillsListEntry>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillsListEntry {
    #[serde(default)]
    pub cwd: String,
    #[serde(default)]
    pub skills: Vec<SkillMetadata>,
    #[serde(default)]
    pub errors: Vec<SkillErrorInfo>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillMetadata {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub short_description: Option<String>,
    #[serde(default)]
    pub interface: Option<SkillInterface>,
    /// The skill's `SKILL.md`, absolute.
    #[serde(default)]
    pub path: String,
    /// `user`, `repo`, `system`, `admin`.
    #[serde(default)]
    pub scope: String,
    #[serde(default = "enabled")]
    pub enabled: bool,
}

fn enabled() -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SkillInterface {
    #[serde(default)]
    pub display_name: Option<String>,
    #[serde(default)]
    pub short_description: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SkillErrorInfo {
    #[serde(default)]
    pub path: String,
    #[serde(default)]
    pub message: String,
}

impl SkillMetadata {
    /// The one line that says what it is for: the short description when there is one.
    pub fn summary(&self) -> &str {
        self.interface
            .as_ref()
            .and_then(|i| i.short_description.as_deref())
            .or(self.short_description.as_deref())
            .filter(|s| !s.trim().is_empty())
            .unwrap_or(&self.description)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_recorded_answer_reads_and_params_are_spelled_as_the_schema() {
        let answer = json!({"data": [{"cwd": "/w", "skills": [
            {"name": "repo-skill", "description": "A repo skill", "path": "/w/.codex/skills/repo-skill/SKILL.md",
             "scope": "repo", "enabled": true, "pluginId": null,
             "interface": {"shortDescription": "short", "iconSmallUrl": null, "iconLargeUrl": null}}],
            "errors": [{"path": "/w/.codex/skills/bad/SKILL.md", "message": "missing YAML frontmatter delimited by ---"}]}]});
        let list: SkillsListResponse = serde_json::from_value(answer).unwrap();
        assert_eq!(list.data[0].skills[0].summary(), "short");
        assert_eq!(list.data[0].errors.len(), 1);
        let params = SkillsListParams {
            cwds: vec!["/w".into()],
            force_reload: false,
        };
        assert_eq!(
            serde_json::to_value(&params).unwrap(),
            json!({"cwds": ["/w"]})
        );
        let again = SkillsListParams {
            cwds: vec!["/w".into()],
            force_reload: true,
        };
        assert_eq!(
            serde_json::to_value(&again).unwrap(),
            json!({"cwds": ["/w"], "forceReload": true})
        );
    }
}
