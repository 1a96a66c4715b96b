//! A person's own themes: TOML files in tern's config folder (`themes/NAME.toml`, the file's
//! name is the theme's). A file starts from a built-in theme and sets roles by the names of
//! [`ROLES`] and, under `[diff]`, [`DIFF_ROLES`]:
//!
//! ```text
//! base = "dark"          # the built-in theme it starts from (the default)
//! description = "dusk"   # shown in /theme
//! syntax = "dracula"     # the code colours (a bat theme, see `syntax::code_theme_names`)
//! accent = "#ff79c6"     # a colour: #rrggbb, a name (red, bright-blue, dark-gray …), 0–255
//! dim = { fg = "#6272a4", italic = true }
//! [diff]
//! added = { bg = "#203020" }
//! ```
//!
//! Anything wrong is an error naming the key, with its line and column; the file is then not a
//! theme (tern says so and goes on).

use super::palette::{Palette, DIFF_ROLES, ROLES};
use super::syntax::{code_theme, code_theme_names};
use super::Theme;
use ratatui::style::{Color, Modifier, Style};
use std::path::Path;
use toml_edit::{ImDocument, Item, TableLike, Value};

/// Theme files larger than this are refused unread.
pub(crate) const MAX_FILE_BYTES: u64 = 64 * 1024;
/// The most theme files read from the folder.
pub(crate) const MAX_FILES: usize = 100;

/// One file of the themes folder, as read: its theme's name, and the palette or what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ThemeFile {
    pub name: String,
    pub result: Result<Palette, String>,
}

/// Reads every `*.toml` of `dir` (sorted by name; at most [`MAX_FILES`]). A folder that does
/// not exist has no themes.
pub(crate) fn read_dir(dir: &Path) -> Result<Vec<ThemeFile>, String> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", dir.display())),
    };
    let mut paths: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    Ok(paths
        .into_iter()
        .take(MAX_FILES)
        .map(|path| read_file(&path))
        .collect())
}

/// Reads one theme file.
pub(crate) fn read_file(path: &Path) -> ThemeFile {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = match std::fs::metadata(path) {
        Ok(meta) if meta.len() > MAX_FILE_BYTES => {
            Err(format!("larger than {} KB", MAX_FILE_BYTES / 1024))
        }
        Ok(_) => std::fs::read_to_string(path).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    let result = text.and_then(|text| parse(&name, &text));
    ThemeFile { name, result }
}

/// A theme file's text as a palette called `name`, or what is wrong with it ("line L, column C:
/// …", naming the key).
pub(crate) fn parse(name: &str, text: &str) -> Result<Palette, String> {
    check_name(name)?;
    let document = ImDocument::parse(text).map_err(|e| {
        let at = e.span().map_or(String::new(), |s| position(text, s.start));
        format!("{at}{}", one_line(e.message()))
    })?;
    let top = document.as_table();
    let base = match top.get("base") {
        Some(item) => {
            let base = string(text, top, "base", item)?;
            Theme::built_in(&base).ok_or_else(|| {
                let names: Vec<&str> = Theme::BUILT_IN.iter().map(|t| t.name()).collect();
                at(
                    text,
                    top,
                    "base",
                    &format!(
                        "`base`: no built-in theme `{}`; use one of: {}",
                        shown(&base),
                        names.join(", ")
                    ),
                )
            })?
        }
        None => Theme::Dark,
    };
    let mut palette = Palette {
        name: leak(name.to_string()),
        description: "",
        terminal_colours_only: false,
        ..*base.palette()
    };
    palette.description = leak(match top.get("description") {
        Some(item) => string(text, top, "description", item)?,
        None => format!("your theme (themes/{name}.toml, from {})", base.name()),
    });
    for (key, item) in top.iter() {
        match key {
            "base" | "description" => {}
            "syntax" => {
                let wanted = string(text, top, key, item)?;
                palette.syntax = code_theme(&wanted).ok_or_else(|| {
                    at(
                        text,
                        top,
                        key,
                        &format!(
                            "`syntax`: no code theme `{}`; use one of: {}",
                            shown(&wanted),
                            code_theme_names().join(", ")
                        ),
                    )
                })?;
            }
            "diff" => {
                let Some(diff) = item.as_table_like() else {
                    return Err(at(text, top, key, "`diff` must be a table of diff roles"));
                };
                for (role, value) in diff.iter() {
                    let Some(slot) = palette.diff.role_mut(role) else {
                        return Err(at(
                            text,
                            diff,
                            role,
                            &format!(
                                "unknown diff role `diff.{}`; the diff roles are: {}",
                                shown(role),
                                DIFF_ROLES.join(", ")
                            ),
                        ));
                    };
                    *slot = style(text, diff, role, value, "diff.")?;
                }
            }
            role => {
                let Some(slot) = palette.role_mut(role) else {
                    return Err(at(
                        text,
                        top,
                        key,
                        &format!(
                            "unknown key `{}`; a theme sets base, description, syntax, [diff] and \
                             the roles: {}",
                            shown(role),
                            ROLES.join(", ")
                        ),
                    ));
                };
                *slot = style(text, top, role, item, "")?;
            }
        }
    }
    Ok(palette)
}

/// A theme's name is its file's: letters, digits, `-` and `_`, and not a built-in theme's.
fn check_name(name: &str) -> Result<(), String> {
    let fine = !name.is_empty()
        && name.len() <= 40
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !fine {
        return Err(
            "a theme file's name (its theme's name) is 1 to 40 letters, digits, - and _".into(),
        );
    }
    if Theme::built_in(name).is_some() || name == "auto" {
        return Err(format!(
            "`{name}` is a built-in theme's name: name the file otherwise"
        ));
    }
    Ok(())
}

/// A role's style: a colour (its foreground), or a table of `fg`, `bg` and emphasis.
fn style(
    text: &str,
    table: &dyn TableLike,
    role: &str,
    item: &Item,
    prefix: &str,
) -> Result<Style, String> {
    let named = format!("{prefix}{role}");
    if let Some(value) = item.as_value().filter(|v| !v.is_inline_table()) {
        return colour(value)
            .map(|c| Style::new().fg(c))
            .map_err(|why| at(text, table, role, &format!("`{}`: {why}", shown(&named))));
    }
    let Some(fields) = item.as_table_like() else {
        return Err(at(
            text,
            table,
            role,
            &format!(
                "`{}`: a colour or a table such as {{ fg = \"red\", bold = true }}",
                shown(&named)
            ),
        ));
    };
    let mut style = Style::new();
    for (field, value) in fields.iter() {
        let wrong = |why: String| {
            at(
                text,
                fields,
                field,
                &format!("`{}.{}`: {why}", shown(&named), shown(field)),
            )
        };
        let Some(value) = value.as_value() else {
            return Err(wrong("a colour or true/false".into()));
        };
        match field {
            "fg" => style = style.fg(colour(value).map_err(wrong)?),
            "bg" => style = style.bg(colour(value).map_err(wrong)?),
            "bold" | "italic" | "dim" | "underlined" | "reversed" => {
                let modifier = match field {
                    "bold" => Modifier::BOLD,
                    "italic" => Modifier::ITALIC,
                    "dim" => Modifier::DIM,
                    "underlined" => Modifier::UNDERLINED,
                    _ => Modifier::REVERSED,
                };
                match value.as_bool() {
                    Some(true) => style = style.add_modifier(modifier),
                    Some(false) => {}
                    None => return Err(wrong("true or false".into())),
                }
            }
            _ => {
                return Err(wrong(
                    "unknown; a style sets fg, bg, bold, italic, dim, underlined, reversed".into(),
                ))
            }
        }
    }
    Ok(style)
}

/// The colour names a theme file may use, with the terminal colour each is.
const NAMES: [(&str, u8); 18] = [
    ("black", 0),
    ("red", 1),
    ("green", 2),
    ("yellow", 3),
    ("blue", 4),
    ("magenta", 5),
    ("cyan", 6),
    ("gray", 7),
    ("grey", 7),
    ("dark-gray", 8),
    ("dark-grey", 8),
    ("bright-red", 9),
    ("bright-green", 10),
    ("bright-yellow", 11),
    ("bright-blue", 12),
    ("bright-magenta", 13),
    ("bright-cyan", 14),
    ("white", 15),
];

fn colour(value: &Value) -> Result<Color, String> {
    const HOW: &str =
        "use #rrggbb, a name (red, bright-blue, dark-gray, white, default …) or 0 to 255";
    if let Some(n) = value.as_integer() {
        return u8::try_from(n)
            .map(super::terminal::ansi)
            .map_err(|_| format!("{n} is not a colour number; {HOW}"));
    }
    let Some(spelled) = value.as_str() else {
        return Err(format!("not a colour; {HOW}"));
    };
    let lower = spelled.trim().to_ascii_lowercase();
    if let Some(hex) = lower.strip_prefix('#') {
        let channel = |at: usize| {
            hex.get(at..at + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        };
        if hex.len() == 6 {
            if let (Some(r), Some(g), Some(b)) = (channel(0), channel(2), channel(4)) {
                return Ok(Color::Rgb(r, g, b));
            }
        }
    }
    if lower == "default" || lower == "reset" {
        return Ok(Color::Reset);
    }
    let lower = lower.replace(['_', ' '], "-").replace("light-", "bright-");
    NAMES
        .iter()
        .find(|(name, _)| *name == lower)
        .map(|(_, n)| super::terminal::ansi(*n))
        .ok_or_else(|| format!("unknown colour `{}`; {HOW}", shown(spelled)))
}

fn string(text: &str, table: &dyn TableLike, key: &str, item: &Item) -> Result<String, String> {
    item.as_str()
        .map(str::to_string)
        .ok_or_else(|| at(text, table, key, &format!("`{key}` must be a string")))
}

/// "line L, column C: what" for `key` of `table`.
fn at(text: &str, table: &dyn TableLike, key: &str, what: &str) -> String {
    let start = table
        .key(key)
        .and_then(|k| k.span())
        .or_else(|| table.get(key).and_then(Item::span))
        .map(|span| span.start);
    match start {
        Some(start) => format!("{}{what}", position(text, start)),
        None => what.to_string(),
    }
}

fn position(text: &str, offset: usize) -> String {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("line {line}, column {column}: ")
}

/// A word from the file, quoted in a message: cut short. Messages and descriptions are the
/// file's words, as untrusted as any: whoever shows them sanitises them (`theme` is below the
/// sanitiser).
fn shown(word: &str) -> String {
    match word.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &word[..cut]),
        None => word.to_string(),
    }
}

fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Theme files are read a handful of times per session: their names live as long as the
/// process, as the built-in ones do.
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_theme_file_starts_from_its_base_and_sets_roles() {
        let text = "base = \"light\"\ndescription = \"dusk\"\nsyntax = \"dracula\"\n\
                    accent = \"#ff79c6\"\ndim = { fg = \"dark-gray\", italic = true }\n\
                    error = 9\n[diff]\nadded = { bg = \"#203020\" }\n";
        let palette = parse("dusk", text).unwrap();
        let light = Theme::Light.palette();
        assert_eq!(palette.name, "dusk");
        assert_eq!(palette.description, "dusk");
        assert_eq!(palette.accent, Style::new().fg(Color::Rgb(255, 121, 198)));
        assert_eq!(
            palette.dim,
            Style::new()
                .fg(Color::DarkGray)
                .add_modifier(Modifier::ITALIC)
        );
        assert_eq!(palette.error, Style::new().fg(Color::LightRed));
        assert_eq!(palette.diff.added, Style::new().bg(Color::Rgb(32, 48, 32)));
        assert_eq!(palette.warning, light.warning, "the rest is the base's");
        assert_eq!(palette.diff.removed, light.diff.removed);
        assert_eq!(palette.syntax, two_face::theme::EmbeddedThemeName::Dracula);
    }

    #[test]
    fn every_mistake_names_the_key_with_its_line_and_column() {
        let err = |text: &str| parse("mine", text).unwrap_err();
        let e = err("accent = \"red\"\n  acent = \"blue\"\n");
        assert!(
            e.starts_with("line 2, column 3: unknown key `acent`"),
            "{e}"
        );
        assert!(e.contains("accent, key"), "lists the roles: {e}");
        let e = err("dim = \"grren\"\n");
        assert!(
            e.starts_with("line 1, column 1: `dim`: unknown colour `grren`"),
            "{e}"
        );
        let e = err("\n[diff]\nadded = \"#12345\"\n");
        assert!(
            e.starts_with("line 3, column 1: `diff.added`: unknown colour"),
            "{e}"
        );
        let e = err("[diff]\nadd = \"red\"\n");
        assert!(
            e.starts_with("line 2, column 1: unknown diff role `diff.add`"),
            "{e}"
        );
        let e = err("dim = { fg = \"red\", blink = true }\n");
        assert!(
            e.starts_with("line 1, column 21: `dim.blink`: unknown"),
            "{e}"
        );
        let e = err("dim = { bold = \"yes\" }\n");
        assert!(e.contains("`dim.bold`: true or false"), "{e}");
        let e = err("base = \"sepia\"\n");
        assert!(e.contains("no built-in theme `sepia`"), "{e}");
        let e = err("syntax = \"nope\"\n");
        assert!(
            e.contains("no code theme `nope`") && e.contains("dracula"),
            "{e}"
        );
        let e = err("error = 300\n");
        assert!(e.contains("300 is not a colour number"), "{e}");
        let e = err("dim = \n");
        assert!(
            e.starts_with("line 1, column"),
            "a TOML error has its place: {e}"
        );
    }

    #[test]
    fn long_words_are_cut_in_messages() {
        let long = "x".repeat(500);
        let e = parse("mine", &format!("{long} = \"red\"\n")).unwrap_err();
        assert!(e.contains(&format!("`{}…`", "x".repeat(40))), "{e}");
        assert!(e.len() < 1000);
    }

    #[test]
    fn names_are_file_names_and_never_built_in_ones() {
        assert!(parse("dark", "").unwrap_err().contains("built-in"));
        assert!(parse("auto", "").is_err());
        assert!(parse("my theme", "").is_err());
        assert!(parse("x\u{1b}", "").is_err());
        assert!(parse("my-theme_2", "").is_ok());
    }

    #[test]
    fn the_folder_is_read_in_order_and_big_files_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("b.toml"), "accent = \"red\"\n").unwrap();
        std::fs::write(dir.path().join("a.toml"), "accent = \n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "x").unwrap();
        std::fs::write(dir.path().join("huge.toml"), "#".repeat(70_000)).unwrap();
        let files = read_dir(dir.path()).unwrap();
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "huge"]);
        assert!(files[0].result.is_err());
        assert!(files[1].result.is_ok());
        assert!(files[2]
            .result
            .as_ref()
            .unwrap_err()
            .contains("larger than"));
        assert!(read_dir(&dir.path().join("none")).unwrap().is_empty());
    }
}
