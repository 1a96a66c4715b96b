//! The generator of `unicode_tables.rs`, from the Unicode Character Database (the files of
//! Debian's `unicode-data` package, `/usr/share/unicode`, or `$TERN_UCD_DIR`). Run it with
//!
//! ```text
//! cargo test --lib text::generate_tables -- --ignored
//! ```
//!
//! and commit the result. A plain `cargo test` checks that the committed tables are what this
//! makes of the database on the machine, when it has one.

use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn ucd_dir() -> PathBuf {
    std::env::var_os("TERN_UCD_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/unicode"))
}

/// The code points of `file` whose property field (the second, `;`-separated) is `property`.
fn with_property(file: &Path, property: &str, field: usize) -> BTreeSet<u32> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut set = BTreeSet::new();
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or("");
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        if fields.len() <= field || fields[field] != property {
            continue;
        }
        let (lo, hi) = match fields[0].split_once("..") {
            Some((lo, hi)) => (lo, hi),
            None => (fields[0], fields[0]),
        };
        let lo = u32::from_str_radix(lo, 16).expect("a code point");
        let hi = u32::from_str_radix(hi, 16).expect("a code point");
        set.extend(lo..=hi);
    }
    set
}

/// `UnicodeData.txt`'s code points of general category `category` (ranges given as
/// `<…, First>` / `<…, Last>` pairs included).
fn with_category(file: &Path, category: &str) -> BTreeSet<u32> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut set = BTreeSet::new();
    let mut first = None;
    for line in text.lines() {
        let fields: Vec<&str> = line.split(';').collect();
        if fields.len() < 3 || fields[2] != category {
            continue;
        }
        let cp = u32::from_str_radix(fields[0], 16).expect("a code point");
        if fields[1].ends_with(", First>") {
            first = Some(cp);
        } else if fields[1].ends_with(", Last>") {
            set.extend(first.take().unwrap_or(cp)..=cp);
        } else {
            set.insert(cp);
        }
    }
    set
}

/// The first code point of each emoji variation sequence (`emoji-variation-sequences.txt`).
fn variation_bases(file: &Path) -> BTreeSet<u32> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .map(|cp| u32::from_str_radix(cp, 16).expect("a code point"))
        .collect()
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
            "pub const {name}: &[(u32, u32)] = &[(0x{lo:04X}, 0x{hi:04X})];"
        );
        return;
    }
    let _ = writeln!(out, "pub const {name}: &[(u32, u32)] = &[");
    for (lo, hi) in ranges {
        let _ = writeln!(out, "    (0x{lo:04X}, 0x{hi:04X}),");
    }
    let _ = writeln!(out, "];");
}

/// The source of `unicode_tables.rs` made from the database in `dir`.
pub fn generate(dir: &Path) -> String {
    let version = std::fs::read_to_string(dir.join("DerivedCoreProperties.txt"))
        .ok()
        .and_then(|t| {
            t.lines()
                .next()
                .map(|l| l.trim_start_matches("# ").to_string())
        })
        .unwrap_or_default();
    let unicode_data = dir.join("UnicodeData.txt");
    // Default ignorable code points, and the other format characters (the interlinear
    // annotation marks U+FFF9–FFFB are format characters but not default ignorable), less those
    // a font draws (the prepended concatenation marks), and the line and paragraph separators.
    let mut invisible = with_property(
        &dir.join("DerivedCoreProperties.txt"),
        "Default_Ignorable_Code_Point",
        1,
    );
    invisible.extend(with_category(&unicode_data, "Cf"));
    invisible.extend(with_category(&unicode_data, "Zl"));
    invisible.extend(with_category(&unicode_data, "Zp"));
    for mark in with_property(&dir.join("PropList.txt"), "Prepended_Concatenation_Mark", 1) {
        invisible.remove(&mark);
    }
    let emoji_data = dir.join("emoji/emoji-data.txt");
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
        &with_property(&emoji_data, "Extended_Pictographic", 1),
    );
    table(
        &mut out,
        "Emoji_Modifier: the skin tones.",
        "EMOJI_MODIFIER",
        &with_property(&emoji_data, "Emoji_Modifier", 1),
    );
    table(
        &mut out,
        "The characters with an emoji or text presentation sequence (VS16, VS15 after them).",
        "EMOJI_VARIATION_BASE",
        &variation_bases(&dir.join("emoji/emoji-variation-sequences.txt")),
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
fn the_committed_tables_are_what_the_generator_makes() {
    let dir = ucd_dir();
    if !dir.join("DerivedCoreProperties.txt").exists() {
        eprintln!("no UCD in {}: the tables are not checked", dir.display());
        return;
    }
    let committed = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(TABLES))
        .expect("the committed tables");
    let made = generate(&dir);
    if committed.lines().nth(1) != made.lines().nth(1) {
        eprintln!(
            "the UCD in {} is another version: the tables are not checked",
            dir.display()
        );
        return;
    }
    assert!(
        committed == made,
        "src/text/unicode_tables.rs differs from what the generator makes of {}",
        dir.display()
    );
}
