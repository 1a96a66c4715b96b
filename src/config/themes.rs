//! The theme at startup: the person's theme files (`themes/*.toml` beside the config file) are
//! read and registered, then the theme named by `TERN_THEME` or the config file is looked up
//! among the built-in ones and those; a name that is no theme, or a theme file with a mistake,
//! is a warning (naming the file, the line and the key), and the terminal's background decides.

use super::{Effective, Source};
use crate::text::sanitize::sanitize_line;
use crate::theme::{self, user, Theme};
use std::path::{Path, PathBuf};

/// Where the theme files are: `themes/` beside the config file.
pub(crate) fn themes_dir(config_file: Option<&Path>) -> Option<PathBuf> {
    Some(config_file?.parent()?.join("themes"))
}

/// The session's theme and where its settings live, as found at startup.
#[derive(Debug, Clone, PartialEq)]
pub struct StartupTheme {
    pub theme: Theme,
    /// `TERN_THEME` chose it.
    pub from_env: bool,
    /// The config file `/theme` saves to.
    pub config_file: Option<PathBuf>,
    /// The folder of theme files `/theme` reads.
    pub themes_dir: Option<PathBuf>,
    /// What to tell the person.
    pub warnings: Vec<String>,
}

/// Reads the theme files, registers the good ones and picks the session's theme.
pub fn at_startup(
    config_file: Option<&Path>,
    effective: &Effective,
    colorfgbg: Option<&str>,
) -> StartupTheme {
    let dir = themes_dir(config_file);
    let wanted = effective.theme.value.as_str();
    let mut warnings = Vec::new();
    let files = match dir.as_deref().map(user::read_dir) {
        Some(Ok(files)) => files,
        Some(Err(e)) => {
            warnings.push(format!("theme files: {}", sanitize_line(&e)));
            Vec::new()
        }
        None => Vec::new(),
    };
    for file in files {
        match file.result {
            Ok(palette) => {
                if theme::register(palette).is_none() {
                    warnings.push("too many theme files: the rest are left out".into());
                    break;
                }
            }
            // A broken file is said when it is the one asked for; /theme lists every one.
            Err(e) if file.name == wanted => warnings.push(format!(
                "theme file {}: {}; using the default theme",
                sanitize_line(&shown_path(dir.as_deref(), &file.name)),
                sanitize_line(&e)
            )),
            Err(_) => {}
        }
    }
    let known = wanted == "auto" || Theme::from_name(wanted).is_some();
    if !known && !warnings.iter().any(|w| w.starts_with("theme file ")) {
        let names: Vec<&str> = Theme::BUILT_IN.iter().map(|t| t.name()).collect();
        warnings.push(format!(
            "no theme `{}` (the built-in ones are {}, and a theme of your own is a file {}); \
             using the default theme",
            sanitize_line(wanted),
            names.join(", "),
            sanitize_line(&shown_path(dir.as_deref(), "NAME"))
        ));
    }
    StartupTheme {
        theme: Theme::detect(Some(wanted), colorfgbg),
        from_env: effective.theme.source == Source::Env("TERN_THEME"),
        config_file: config_file.map(Path::to_path_buf),
        themes_dir: dir,
        warnings,
    }
}

fn shown_path(dir: Option<&Path>, name: &str) -> String {
    match dir {
        Some(dir) => dir
            .join(format!("{name}.toml"))
            .to_string_lossy()
            .into_owned(),
        None => format!("themes/{name}.toml"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{effective, load, Overrides};

    fn start_with(dir: &Path, config_text: &str, env: Option<&str>) -> (StartupTheme, Vec<String>) {
        let file = dir.join("config.toml");
        std::fs::write(&file, config_text).unwrap();
        let loaded = load(Some(file.clone()), true).unwrap();
        let over = Overrides {
            theme_env: env.map(str::to_string),
            ..Default::default()
        };
        let startup = at_startup(Some(&file), &effective(over, &loaded), None);
        let warnings = startup.warnings.clone();
        (startup, warnings)
    }

    #[test]
    fn a_theme_file_named_in_the_config_is_the_session_theme() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("themes")).unwrap();
        std::fs::write(
            dir.path().join("themes/startup-dusk.toml"),
            "base = \"light\"\naccent = \"#ff79c6\"\n",
        )
        .unwrap();
        let (config, warnings) = start_with(dir.path(), "theme = \"startup-dusk\"\n", None);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(matches!(config.theme, Theme::User(_)));
        assert_eq!(config.theme.name(), "startup-dusk");
        assert_eq!(config.themes_dir, Some(dir.path().join("themes")));
        assert_eq!(config.config_file, Some(dir.path().join("config.toml")));
        assert!(!config.from_env);
        let (config, _) = start_with(dir.path(), "theme = \"startup-dusk\"\n", Some("ansi"));
        assert_eq!(config.theme, Theme::Ansi, "TERN_THEME wins");
        assert!(config.from_env);
    }

    #[test]
    fn a_broken_or_missing_theme_is_a_warning_naming_the_place() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("themes")).unwrap();
        std::fs::write(
            dir.path().join("themes/startup-broken.toml"),
            "accent = \"red\"\n\nacent = \"blue\"\n",
        )
        .unwrap();
        let (config, warnings) = start_with(dir.path(), "theme = \"startup-broken\"\n", None);
        assert_eq!(config.theme, Theme::Dark);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains("startup-broken.toml: line 3, column 1: unknown key `acent`"),
            "{warnings:?}"
        );
        let (config, warnings) = start_with(dir.path(), "theme = \"sepia\"\n", None);
        assert_eq!(config.theme, Theme::Dark);
        assert!(warnings[0].starts_with("no theme `sepia`"), "{warnings:?}");
        assert!(warnings[0].contains("themes/NAME.toml"), "{warnings:?}");
        let (_, warnings) = start_with(dir.path(), "theme = \"high-contrast\"\n", None);
        assert!(
            warnings.is_empty(),
            "a broken file not asked for says nothing: {warnings:?}"
        );
    }
}
