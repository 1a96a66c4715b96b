//! One name for one thing: "prompt" is the person's message, and what the server asks is a
//! question (`model::question`, `QuestionQueue`). The old phrases for the server's question
//! stay out of the source, comments included, so the two do not drift back together.

use super::source::modules;
use std::path::PathBuf;

/// Phrases that meant the server's question when it was called a prompt.
const OLD_NAMES: [&str; 3] = ["server prompt", "approval prompt", "model::prompt"];

#[test]
fn the_servers_question_is_never_called_a_prompt() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    for (file, _) in modules(&src) {
        if file.ends_with("architecture/names.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read source");
        for (index, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            if OLD_NAMES.iter().any(|old| lower.contains(old)) {
                let relative = file.strip_prefix(&src).unwrap_or(&file);
                found.push(format!(
                    "src/{}:{}: {}",
                    relative.display(),
                    index + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the server's question called a prompt (say question):\n{}",
        found.join("\n")
    );
}
