//! README.md stays what a newcomer reads in five minutes: at most 200 lines, each section within
//! the budget written at its heading, and its tables of keys and commands true — every key it
//! names is a key of the table it names (`app::reference`, the tables the keys are handled by),
//! every command a command.

use tern::app::reference::tables;
use tern::controls::keys::Keymap;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The rows of the markdown table whose header row starts with `first`, as cells.
fn table_rows(text: &str, first: &str) -> Vec<Vec<String>> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with(&format!("| {first} |")));
    lines.next();
    lines.next();
    lines
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn the_readme_keeps_to_200_lines_and_each_section_to_its_budget() {
    let text = readme();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() <= 200, "README.md has {} lines", lines.len());
    let headings: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with('#') && !lines[i].starts_with("###"))
        .filter(|&i| {
            // Not a comment inside a code block.
            lines[..i].iter().filter(|l| l.starts_with("```")).count() % 2 == 0
        })
        .collect();
    assert!(headings.len() >= 9, "sections: {headings:?}");
    for (n, &at) in headings.iter().enumerate() {
        let end = headings.get(n + 1).copied().unwrap_or(lines.len());
        let budget: usize = lines
            .get(at + 1)
            .and_then(|l| l.strip_prefix("<!-- budget: "))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("`{}` has no budget comment under it", lines[at]));
        let used = end - at;
        assert!(
            used <= budget,
            "`{}` takes {used} lines, its budget is {budget}",
            lines[at]
        );
    }
}

#[test]
fn every_key_in_the_readme_is_a_key_of_the_table_it_names() {
    let text = readme();
    let rows = table_rows(&text, "keys");
    // The keys used most; `?` and `tern --keys` list the rest (issue 30 made room this way).
    assert!(rows.len() >= 10, "the keys table: {rows:?}");
    let tables = tables(&Keymap::default());
    for row in rows {
        let [keys, place, does] = &row[..] else {
            panic!("a keys row has three cells: {row:?}");
        };
        assert!(!does.is_empty());
        let table = tables
            .iter()
            .find(|t| t.list.title == *place)
            .unwrap_or_else(|| panic!("no key table `{place}`"));
        for key in keys.split(", ") {
            let handled = table
                .list
                .rows
                .iter()
                .any(|r| r.keys.iter().any(|chord| chord.label() == key));
            assert!(handled, "{key} is no key of `{place}`");
        }
    }
}

#[test]
fn every_command_in_the_readme_is_a_command() {
    let text = readme();
    let rows = table_rows(&text, "command");
    assert!(rows.len() >= 6, "the commands table: {rows:?}");
    for row in rows {
        for name in row[0].split(", ") {
            let name = name.trim_matches('`').trim_start_matches('/');
            assert!(
                tern::app::commands::find(name).is_some(),
                "/{name} is no command"
            );
        }
    }
}
