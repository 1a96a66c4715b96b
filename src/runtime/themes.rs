//! `/theme`'s reading of the theme files: each file parsed, the good ones registered as themes,
//! each listed for the picker with its theme or what is wrong with it.

use crate::session::event::ThemeChoice;
use crate::theme::{self, user};
use std::path::Path;

pub(crate) fn read_and_register(dir: &Path) -> Result<Vec<ThemeChoice>, String> {
    let files = user::read_dir(dir)?;
    Ok(files
        .into_iter()
        .map(|file| {
            let theme = file.result.and_then(|palette| {
                theme::register(palette)
                    .ok_or_else(|| "too many theme files read in this session".to_string())
            });
            ThemeChoice {
                description: match &theme {
                    Ok(theme) => theme.palette().description.to_string(),
                    Err(_) => String::new(),
                },
                name: file.name,
                theme,
            }
        })
        .collect())
}
