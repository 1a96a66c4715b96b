use super::*;

fn rules(content: &str) -> Vec<Rule> {
    parse(content)
        .into_iter()
        .filter_map(|entry| match entry {
            Entry::Rule(rule) => Some(rule),
            Entry::Unparsed { .. } => None,
        })
        .collect()
}

fn unparsed(content: &str) -> Vec<(usize, String)> {
    parse(content)
        .into_iter()
        .filter_map(|entry| match entry {
            Entry::Unparsed { line, text } => Some((line, text)),
            Entry::Rule(_) => None,
        })
        .collect()
}

fn words(list: &[&str]) -> Option<Vec<PatternToken>> {
    Some(
        list.iter()
            .map(|w| PatternToken::Word(w.to_string()))
            .collect(),
    )
}

const SERVER_LINE: &str = r#"prefix_rule(pattern=["git", "status"], decision="allow")"#;

#[test]
fn reads_the_line_the_server_appends() {
    let content = format!("{SERVER_LINE}\n");
    let rule = &rules(&content)[0];
    assert_eq!(rule.function, "prefix_rule");
    assert_eq!(rule.pattern, words(&["git", "status"]));
    assert_eq!(rule.decision, Decision::Allow);
    assert_eq!(rule.justification, None);
    assert_eq!(rule.line, 1);
    assert_eq!(rule.source, SERVER_LINE);
    assert_eq!(rule.lines, 0..content.len());
    assert!(rule.owns_lines);
}

#[test]
fn reads_each_decision_and_the_default() {
    let content = r#"
prefix_rule(pattern=["ls"])
prefix_rule(pattern=["gh", "pr", "view"], decision="prompt")
prefix_rule(pattern = ['rm', '-rf'], decision = 'forbidden', justification = "never \"this\"")
prefix_rule(pattern=["x"], decision="maybe")
prefix_rule(pattern=["y"], decision=DECISION)
"#;
    let found = rules(content);
    let decisions: Vec<&Decision> = found.iter().map(|r| &r.decision).collect();
    assert_eq!(
        decisions,
        [
            &Decision::Allow,
            &Decision::Prompt,
            &Decision::Forbidden,
            &Decision::Unknown("maybe".into()),
            &Decision::Unknown("(not a string)".into()),
        ]
    );
    assert_eq!(found[2].pattern, words(&["rm", "-rf"]));
    assert_eq!(found[2].justification.as_deref(), Some("never \"this\""));
    assert_eq!(found[1].line, 3);
}

#[test]
fn reads_a_rule_spanning_lines_with_comments_and_alternatives() {
    let content = r#"# Prompt before viewing pull requests.
prefix_rule(
    # The prefix to match.
    pattern = ["gh", "pr", ["view", "list"]],
    decision = "prompt",  # ask first
    match = [
        "gh pr view 7888",
    ],
    not_match = [["gh", "pr", "--repo", "x"]],
)
prefix_rule(pattern=["ls"], decision="allow")
"#;
    let found = rules(content);
    assert_eq!(found.len(), 2);
    let rule = &found[0];
    assert_eq!(rule.line, 2);
    assert_eq!(
        rule.pattern,
        Some(vec![
            PatternToken::Word("gh".into()),
            PatternToken::Word("pr".into()),
            PatternToken::AnyOf(vec!["view".into(), "list".into()]),
        ])
    );
    assert_eq!(rule.decision, Decision::Prompt);
    assert!(rule.source.starts_with("prefix_rule(\n    # The prefix"));
    assert!(rule.source.ends_with("\"x\"]],\n)"));
    assert_eq!(found[1].line, 11);
    assert!(unparsed(content).is_empty());
}

#[test]
fn broken_lines_are_reported_and_the_rules_around_them_still_read() {
    let content = r#"prefix_rule(pattern=["a"], decision="allow")
prefix_rule(pattern=["b"], decision="allow"
prefix_rule(pattern=["c], decision="allow")
x = 1
prefix_rule(pattern=["d"], decision="forbidden")
)))
prefix_rule(pattern=["e"] decision="allow")
"#;
    let names: Vec<_> = rules(content).into_iter().map(|r| r.pattern).collect();
    assert_eq!(names, [words(&["a"]), words(&["d"])]);
    assert_eq!(
        unparsed(content),
        [
            (
                2,
                r#"prefix_rule(pattern=["b"], decision="allow""#.to_string()
            ),
            (
                3,
                r#"prefix_rule(pattern=["c], decision="allow")"#.to_string()
            ),
            (4, "x = 1".to_string()),
            (6, ")))".to_string()),
            (
                7,
                r#"prefix_rule(pattern=["e"] decision="allow")"#.to_string()
            ),
        ]
    );
}

#[test]
fn a_pattern_that_is_not_a_list_of_strings_is_not_read_as_one() {
    let found = rules("prefix_rule(pattern=PATTERN)\nprefix_rule(pattern=[\"a\", 1])\n");
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].pattern, None);
    assert_eq!(found[1].pattern, None);
}

#[test]
fn other_calls_are_listed_with_their_function() {
    let found =
        rules("network_rule(host=\"api.github.com\", protocol=\"https\", decision=\"allow\")\n");
    assert_eq!(found[0].function, "network_rule");
    assert_eq!(found[0].pattern, None);
}

#[test]
fn escapes_in_strings_are_decoded_so_they_can_be_shown_as_markers() {
    let found = rules(r#"prefix_rule(pattern=["a\x1b[31mb", "\u00e9", r"\n"])"#);
    assert_eq!(found[0].pattern, words(&["a\u{1b}[31mb", "é", "\\n"]));
}

#[test]
fn no_input_makes_the_reader_panic() {
    let sample = "# c\nprefix_rule(\n  pattern=[\"g\\\"it\", ['a', \"b\"]], # x\n  decision='''pro\nmpt''',\n  justification=\"é\\u00e9\\x\", m=f(1, [2]) + {3: 4},\n);prefix_rule(pattern=[\"z\"])\r\n\\\n\"unterminated\n";
    for end in (0..=sample.len()).filter(|&i| sample.is_char_boundary(i)) {
        let part = &sample[..end];
        for entry in parse(part) {
            if let Entry::Rule(rule) = entry {
                assert!(rule.lines.end <= part.len());
                assert_eq!(remove(part, &rule.source, 0).is_ok(), rule.owns_lines);
            }
        }
    }
}

#[test]
fn removal_keeps_every_other_line_and_comment_byte_for_byte() {
    let content = "# my rules\n\nprefix_rule(pattern=[\"ls\"], decision=\"allow\")\n  # about git:\nprefix_rule(pattern=[\"git\", \"status\"], decision=\"allow\")   # added by tern\n\tprefix_rule(pattern=[\"rm\"], decision=\"forbidden\")\n";
    let git = &rules(content)[1];
    assert_eq!(
        remove(content, &git.source, 0).unwrap(),
        "# my rules\n\nprefix_rule(pattern=[\"ls\"], decision=\"allow\")\n  # about git:\n\tprefix_rule(pattern=[\"rm\"], decision=\"forbidden\")\n"
    );
    let rm = &rules(content)[2];
    assert_eq!(
        rm.source,
        "\tprefix_rule(pattern=[\"rm\"], decision=\"forbidden\")"
    );
    assert_eq!(
        remove(content, &rm.source, 0).unwrap(),
        "# my rules\n\nprefix_rule(pattern=[\"ls\"], decision=\"allow\")\n  # about git:\nprefix_rule(pattern=[\"git\", \"status\"], decision=\"allow\")   # added by tern\n"
    );
}

#[test]
fn removal_in_a_crlf_file_keeps_its_line_breaks() {
    let content = "# rules\r\nprefix_rule(pattern=[\"a\"])\r\nprefix_rule(pattern=[\"b\"])\r\n";
    let a = &rules(content)[0];
    assert_eq!(a.source, "prefix_rule(pattern=[\"a\"])");
    assert_eq!(
        remove(content, &a.source, 0).unwrap(),
        "# rules\r\nprefix_rule(pattern=[\"b\"])\r\n"
    );
}

#[test]
fn removal_of_a_last_line_without_a_line_break() {
    let content = "prefix_rule(pattern=[\"a\"])\nprefix_rule(pattern=[\"b\"])";
    assert_eq!(
        remove(content, "prefix_rule(pattern=[\"b\"])", 0).unwrap(),
        "prefix_rule(pattern=[\"a\"])\n"
    );
    assert_eq!(
        remove(content, "prefix_rule(pattern=[\"a\"])", 0).unwrap(),
        "prefix_rule(pattern=[\"b\"])"
    );
    // The server adds a line break before appending: the rule is still found by its text.
    let appended = format!("{content}\n{SERVER_LINE}\n");
    assert_eq!(
        remove(&appended, "prefix_rule(pattern=[\"b\"])", 0).unwrap(),
        format!("prefix_rule(pattern=[\"a\"])\n{SERVER_LINE}\n")
    );
}

#[test]
fn of_identical_rules_only_the_chosen_one_goes() {
    let content = format!("{SERVER_LINE}\n# between\n{SERVER_LINE}\n");
    let entries = parse(&content);
    assert_eq!(occurrence(&entries, 0), 0);
    assert_eq!(occurrence(&entries, 1), 1);
    assert_eq!(
        remove(&content, SERVER_LINE, 1).unwrap(),
        format!("{SERVER_LINE}\n# between\n")
    );
    assert_eq!(
        remove(&content, SERVER_LINE, 0).unwrap(),
        format!("# between\n{SERVER_LINE}\n")
    );
    // One of them went meanwhile: the one left goes.
    let one = format!("{SERVER_LINE}\n");
    assert_eq!(remove(&one, SERVER_LINE, 1).unwrap(), "");
}

#[test]
fn a_rule_spanning_lines_goes_whole_and_its_neighbours_stay() {
    let content = "# keep me\nprefix_rule(\n    pattern = [\"gh\"],  # inner\n    decision = \"prompt\",\n)\n# keep me too\n";
    let rule = &rules(content)[0];
    assert_eq!(rule.lines.start, "# keep me\n".len());
    assert_eq!(
        remove(content, &rule.source, 0).unwrap(),
        "# keep me\n# keep me too\n"
    );
}

#[test]
fn a_rule_sharing_its_line_is_listed_but_not_removed() {
    let content = "prefix_rule(pattern=[\"a\"]); prefix_rule(pattern=[\"b\"])\n";
    let found = rules(content);
    assert_eq!(found.len(), 2);
    assert!(!found[0].owns_lines && !found[1].owns_lines);
    assert_eq!(
        remove(content, &found[0].source, 0),
        Err(RemoveError::SharesLine)
    );
    // A trailing `;` alone is fine.
    let content = "prefix_rule(pattern=[\"a\"]);\n";
    assert_eq!(remove(content, &rules(content)[0].source, 0).unwrap(), "");
}

#[test]
fn a_rule_no_longer_in_the_file_is_not_found() {
    assert_eq!(
        remove("# nothing\n", SERVER_LINE, 0),
        Err(RemoveError::NotFound)
    );
}

#[test]
fn summaries_quote_what_is_not_plain_and_escape_controls() {
    let found = rules(
        "prefix_rule(pattern=[\"gh\", \"pr\", [\"view\", \"list\"]])\nprefix_rule(pattern=[\"echo\", \"a b\", \"x\\u202ey\\x1b[2J\", \"\"])\nnetwork_rule(host=\"h\",\n  protocol=\"https\")\n",
    );
    assert_eq!(found[0].summary(), "gh pr {view|list}");
    assert_eq!(found[1].summary(), r#"echo "a b" "x\u{202e}y\u{1b}[2J" """#);
    assert_eq!(
        found[2].summary(),
        "network_rule(host=\"h\", protocol=\"https\")"
    );
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Text made of the pieces rules files are made of, in any order: calls cut anywhere,
    /// stray brackets and quotes, comments, escapes, CRLF and non-ASCII.
    fn rules_text() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(vec![
            "prefix_rule(",
            "pattern=",
            "[",
            "]",
            "(",
            ")",
            "{",
            "}",
            ",",
            "=",
            ";",
            "\"git\"",
            "'x'",
            "\"",
            "'",
            "\"\"\"",
            "r\"\\d\"",
            "\\",
            "\\x1b",
            "\\u00e9",
            " ",
            "\t",
            "\n",
            "\r\n",
            "\r",
            "# note",
            "decision=\"allow\"",
            "1",
            "é",
            "\u{1b}[2J",
            "ab",
        ]);
        prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_text_is_read_without_panic_and_removal_cuts_only_the_rule(content in rules_text()) {
            let lines = content.matches('\n').count() + 1;
            let mut seen = std::collections::HashSet::new();
            for entry in parse(&content) {
                match entry {
                    Entry::Unparsed { line, .. } => prop_assert!(line >= 1 && line <= lines),
                    Entry::Rule(rule) => {
                        prop_assert!(rule.lines.end <= content.len());
                        prop_assert!(content.is_char_boundary(rule.lines.start));
                        prop_assert!(content.is_char_boundary(rule.lines.end));
                        // The first rule with its text is the one occurrence 0 removes.
                        if seen.insert(rule.source.clone()) {
                            let expected = rule.owns_lines.then(|| {
                                format!("{}{}", &content[..rule.lines.start], &content[rule.lines.end..])
                            });
                            prop_assert_eq!(remove(&content, &rule.source, 0).ok(), expected);
                        }
                    }
                }
            }
        }
    }
}
