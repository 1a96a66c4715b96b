//! The report-like boxes write their sentences, headings and footers through the shared
//! helpers of `ui/report_lines` (a sentence wrapped to the box, a heading after a blank line,
//! the keys' footer), not each its own copy: this reads their sources and fails on a copy.

const VIEWS: [(&str, &str); 10] = [
    ("apps", include_str!("../../../src/ui/apps.rs")),
    (
        "experimental",
        include_str!("../../../src/ui/experimental.rs"),
    ),
    ("warnings", include_str!("../../../src/ui/warnings.rs")),
    ("memories", include_str!("../../../src/ui/memories.rs")),
    ("plugins", include_str!("../../../src/ui/plugins.rs")),
    ("usage", include_str!("../../../src/ui/usage.rs")),
    ("import", include_str!("../../../src/ui/import.rs")),
    ("daemon", include_str!("../../../src/ui/daemon.rs")),
    (
        "remote_control",
        include_str!("../../../src/ui/remote_control.rs"),
    ),
    ("feedback", include_str!("../../../src/ui/feedback.rs")),
];

#[test]
fn report_views_wrap_and_footer_through_the_shared_helpers() {
    for (name, source) in VIEWS {
        assert!(
            !source.contains("wrap_spans("),
            "ui/{name}.rs wraps a sentence itself: use report_lines::say"
        );
        assert!(
            source.contains("footer(") && !source.contains("footer: Some(Line::from("),
            "ui/{name}.rs writes its footer itself: use report_lines::footer"
        );
        assert!(
            !source.contains("any other key"),
            "ui/{name}.rs asks its own question: ask through layers::confirm"
        );
    }
}
