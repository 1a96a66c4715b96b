//! Keeps colours inside this module: a test reads every source file under `src/` and fails on a
//! colour named anywhere else — a `Color::` path (the `NO_COLOR` stripper's `Color::Reset` and
//! the scrollback writer's property test are allowed by name, in `ALLOWED`), or, in code that draws, one of ratatui's colour shorthands (`.red()`,
//! `.on_yellow()` …). Tests may use the shorthands to say which colour they expect.

use std::path::{Path, PathBuf};

/// `Color::` paths allowed outside the theme: (file, variant).
const ALLOWED: [(&str, &str); 5] = [
    // `NO_COLOR`: every cell's colours go back to the terminal's own.
    ("src/ui/cell_policy.rs", "Reset"),
    // The scrollback line writer is checked against the buffer path with colours of every
    // kind a cell can hold (command output brings 256-colour and RGB codes).
    ("src/runtime/inline/line_bytes_tests.rs", "Reset"),
    ("src/runtime/inline/line_bytes_tests.rs", "Red"),
    ("src/runtime/inline/line_bytes_tests.rs", "Indexed"),
    ("src/runtime/inline/line_bytes_tests.rs", "Rgb"),
];

/// ratatui's `Stylize` colour methods, as `.name()`; each also has an `on_` form.
const SHORTHANDS: [&str; 16] = [
    "black",
    "red",
    "green",
    "yellow",
    "blue",
    "magenta",
    "cyan",
    "gray",
    "dark_gray",
    "light_red",
    "light_green",
    "light_yellow",
    "light_blue",
    "light_magenta",
    "light_cyan",
    "white",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every colour named in `text` (the file at `name`) outside what is allowed there, as
/// `name:line: text`.
fn colours_named(name: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_tests = false;
    for (i, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            in_tests = true;
        }
        if code.starts_with("//") {
            continue;
        }
        let paths = code.match_indices("Color::").any(|(at, _)| {
            let variant: String = code[at + "Color::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric())
                .collect();
            !ALLOWED.contains(&(name, variant.as_str()))
        });
        let shorthand = !in_tests
            && SHORTHANDS.iter().any(|colour| {
                code.contains(&format!(".{colour}()")) || code.contains(&format!(".on_{colour}()"))
            });
        if paths || shorthand {
            found.push(format!("{name}:{}: {}", i + 1, code));
        }
    }
    found
}

#[test]
fn no_colour_is_named_outside_the_theme() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let name = path
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        if name.starts_with("src/theme/") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a readable source file");
        found.extend(colours_named(&name, &text));
    }
    assert!(
        found.is_empty(),
        "colours named outside src/theme/ (give them a role in theme::Palette):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_guard_sees_paths_shorthands_and_only_the_allowed_reset() {
    let drawing = "let s = Style::default().fg(Color::Cyan);\nlet t = \"x\".on_yellow();\n";
    assert_eq!(colours_named("src/ui/x.rs", drawing).len(), 2);
    let reset = "cell.set_fg(Color::Reset);\n";
    assert!(colours_named("src/ui/cell_policy.rs", reset).is_empty());
    assert_eq!(colours_named("src/ui/other.rs", reset).len(), 1);
    let tests = "// Color::Red in a comment\n#[cfg(test)]\nmod tests { let w = N.red(); }\n";
    assert!(colours_named("src/render/x.rs", tests).is_empty());
    let in_a_test = "#[cfg(test)]\nmod tests { let w = Some(Color::Red); }\n";
    assert_eq!(colours_named("src/render/x.rs", in_a_test).len(), 1);
}
