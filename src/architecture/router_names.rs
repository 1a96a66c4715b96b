//! The router names no view (`src/lib.rs`): what a view does as it opens or on news is in the
//! view or its registry entry (`layers::opened_by`), not a branch of the router. Two are named
//! still, each for what only the router sees: help (F1 anywhere, and the keys of what is on
//! screen under it) and the hunk review (typing there is not held back as if at a question).

use std::path::PathBuf;

/// The views the router may name, each with why above.
const NAMED: [&str; 2] = ["Help", "HunkReview"];

#[test]
fn the_router_names_no_view_but_help_and_the_hunk_review() {
    let router = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/app/router.rs");
    let text = std::fs::read_to_string(&router).expect("read the router");
    let mut named = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices("Layer::") {
            let view: String = line[at + "Layer::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !view.is_empty() && !NAMED.contains(&view.as_str()) {
                named.push(format!("src/app/router.rs:{}: {}", index + 1, line.trim()));
            }
        }
    }
    assert!(
        named.is_empty(),
        "the router names a view (move it into the view or layers::opened_by):\n{}",
        named.join("\n")
    );
}
