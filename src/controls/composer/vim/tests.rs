//! The vim table: each command on a small text, with counts. A case is the text before (the
//! cursor at `|`, in normal mode), the keys (`<Esc>`, `<C-r>`, `<CR>`, `<S-CR>`, `<BS>`), and
//! the text after with its cursor (and the mode, when it is insert).

use super::insert::apply_insert;
use super::*;

fn keys(spelled: &str) -> Vec<KeyEvent> {
    let mut out = Vec::new();
    let mut rest = spelled;
    while let Some(c) = rest.chars().next() {
        if c == '<' {
            if let Some(end) = rest.find('>') {
                let name = &rest[1..end];
                let key = match name {
                    "Esc" => KeyEvent::from(KeyCode::Esc),
                    "CR" => KeyEvent::from(KeyCode::Enter),
                    "S-CR" => KeyEvent::new(KeyCode::Enter, KeyModifiers::SHIFT),
                    "BS" => KeyEvent::from(KeyCode::Backspace),
                    "C-r" => KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL),
                    "Up" => KeyEvent::from(KeyCode::Up),
                    other => panic!("unknown key <{other}>"),
                };
                out.push(key);
                rest = &rest[end + 1..];
                continue;
            }
        }
        out.push(KeyEvent::from(KeyCode::Char(c)));
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// `text` with `|` where the cursor is.
fn parse(marked: &str) -> Buffer {
    let at = marked.find('|').expect("a cursor mark");
    let before = &marked[..at];
    let row = before.matches('\n').count();
    let col = before.rsplit('\n').next().unwrap_or("").chars().count();
    let text = marked.replacen('|', "", 1);
    Buffer {
        lines: text.split('\n').map(str::to_string).collect(),
        cursor: Pos::new(row, col),
    }
}

fn mark(buffer: &Buffer) -> String {
    let mut lines = buffer.lines.clone();
    let line = &mut lines[buffer.cursor.row];
    let at = line
        .char_indices()
        .nth(buffer.cursor.col)
        .map_or(line.len(), |(i, _)| i);
    line.insert(at, '|');
    lines.join("\n")
}

/// Runs `spelled` on `before` in normal mode; insert-mode typing is done as the composer would
/// (plain characters and Backspace).
fn run(vim: &mut Vim, before: &str, spelled: &str) -> (String, Mode) {
    let mut buffer = parse(before);
    for key in keys(spelled) {
        if vim.key(key, &mut buffer) == VimOutcome::PassThrough {
            apply_insert(&VimInput::Key(key), &mut buffer);
        }
    }
    (mark(&buffer), vim.mode)
}

fn normal() -> Vim {
    Vim {
        mode: Mode::Normal,
        ..Vim::new("")
    }
}

#[test]
fn each_command_on_a_small_text() {
    use Mode::{Insert as I, Normal as N};
    let cases: &[(&str, &str, &str, Mode)] = &[
        // Motions.
        ("hel|lo world", "h", "he|llo world", N),
        ("hel|lo world", "3h", "|hello world", N),
        ("|hello world", "l", "h|ello world", N),
        ("|hello world", "4l", "hell|o world", N),
        ("|hello world", "99l", "hello worl|d", N),
        ("a|b\ncd\nef", "j", "ab\nc|d\nef", N),
        ("ab\ncd\ne|f", "2k", "a|b\ncd\nef", N),
        ("long |line\nab", "j", "long line\na|b", N),
        ("|one two-three four", "w", "one |two-three four", N),
        ("|one two-three four", "3w", "one two-|three four", N),
        ("|one two-three four", "4w", "one two-three |four", N),
        ("|one two-three four", "9w", "one two-three fou|r", N),
        ("one tw|o\n\nthree", "w", "one two\n|\nthree", N),
        ("one tw|o\n\nthree", "2w", "one two\n\n|three", N),
        ("one two thr|ee", "b", "one two |three", N),
        ("one two thr|ee", "2b", "one |two three", N),
        ("one\n  |two", "b", "|one\n  two", N),
        ("|one two", "e", "on|e two", N),
        ("on|e two", "e", "one tw|o", N),
        ("|one two three", "2e", "one tw|o three", N),
        ("  ab|c", "0", "|  abc", N),
        ("  ab|c", "^", "  |abc", N),
        ("|abc", "$", "ab|c", N),
        ("|ab\ncd\nef", "2$", "ab\nc|d\nef", N),
        ("ab\ncd\ne|f", "gg", "|ab\ncd\nef", N),
        ("|ab\ncd\n  ef", "G", "ab\ncd\n  |ef", N),
        ("|ab\ncd\nef", "2G", "ab\n|cd\nef", N),
        ("ab\ncd\n|ef", "2gg", "ab\n|cd\nef", N),
        ("|a,b,c,d", "f,", "a|,b,c,d", N),
        ("|a,b,c,d", "3f,", "a,b,c|,d", N),
        ("|a,b,c,d", "t,", "|a,b,c,d", N),
        ("|a,b,c,d", "2t,", "a,|b,c,d", N),
        ("a,b,c,|d", "F,", "a,b,c|,d", N),
        ("a,b,c,|d", "2T,", "a,b,|c,d", N),
        ("|abc", "fz", "|abc", N),
        // Operators with motions.
        ("|one two three", "dw", "|two three", N),
        ("|one two three", "2dw", "|three", N),
        ("|one two three", "d2w", "|three", N),
        ("one |two", "dw", "one| ", N),
        ("one |two\nthree", "dw", "one| \nthree", N),
        ("one t|wo three", "de", "one t| three", N),
        ("one two th|ree", "db", "one two |ree", N),
        ("|a,b,c", "df,", "|b,c", N),
        ("|a,b,c", "dt,", "|,b,c", N),
        ("hello |world", "d$", "hello| ", N),
        ("hello |world", "d0", "|world", N),
        ("  he|llo", "d^", "  |llo", N),
        ("a|b\ncd\nef", "dj", "|ef", N),
        ("ab\ncd\ne|f", "dk", "|ab", N),
        ("ab\nc|d\nef", "dG", "|ab", N),
        ("ab\nc|d\nef", "dgg", "|ef", N),
        ("one |two three", "cwX<Esc>", "one |X three", N),
        ("one |two three", "c2wX<Esc>", "one |X", N),
        ("on|e two", "cwX<Esc>", "on|X two", N),
        ("one |two three", "ceX<Esc>", "one |X three", N),
        ("one |two", "c$new<Esc>", "one ne|w", N),
        ("|a,b,c", "ct,z<Esc>", "|z,b,c", N),
        // Text objects.
        ("one t|wo three", "diw", "one | three", N),
        ("one t|wo three", "daw", "one |three", N),
        ("one two t|hree", "daw", "one tw|o", N),
        ("one t|wo three", "d3iw", "one| ", N),
        ("a|b.cd ef", "diW", "| ef", N),
        ("one t|wo three", "ciwX<Esc>", "one |X three", N),
        ("f(a, |b) + 1", "di(", "f(|) + 1", N),
        ("f(a, |b) + 1", "da)", "f| + 1", N),
        ("f(g(|x), y)", "d2ib", "f(|)", N),
        ("f(|)", "ci(z<Esc>", "f(|z)", N),
        ("{\n  |a\n}", "di{", "{\n|}", N),
        ("{a\n  |b}", "di{", "{|}", N),
        ("x = [1, |2]", "ya[$p", "x = [1, 2][1, 2|]", N),
        ("say \"hi |there\" now", "di\"", "say \"|\" now", N),
        ("say \"hi |there\" now", "da\"", "say |now", N),
        ("|say 'hi' now", "ci'yo<Esc>", "say 'y|o' now", N),
        ("no |brackets", "di(", "no |brackets", N),
        ("|one two", "ciwX<Esc>w.", "X |X", N),
        // Replace mode.
        ("|abcd", "Rxy<Esc>", "x|ycd", N),
        ("a|b", "Rxyz<Esc>", "axy|z", N),
        ("|abcd", "Rxy<BS>z<Esc>", "x|zcd", N),
        ("|abcd", "Rx", "x|bcd", Mode::Replace),
        ("|ab cd", "Rxy<Esc>w.", "xy x|y", N),
        ("|abcd", "Rxy<Esc>u", "|abcd", N),
        ("one t|wo", "dix", "one t|wo", N),
        ("one |two three", "yw$p", "one two threetwo| ", N),
        ("|one two", "ye", "|one two", N),
        // Whole lines.
        ("ab\nc|d\nef", "dd", "ab\n|ef", N),
        ("ab\nc|d\nef", "2dd", "|ab", N),
        ("ab\ncd\ne|f", "dd", "ab\n|cd", N),
        ("|ab", "dd", "|", N),
        ("ab\nc|d\nef", "ccnew<Esc>", "ab\nne|w\nef", N),
        ("ab\nc|d\nef", "2ccX<Esc>", "ab\n|X", N),
        ("a|b\ncd", "yyp", "ab\n|ab\ncd", N),
        ("a|b\ncd", "yyP", "|ab\nab\ncd", N),
        ("a|b\ncd", "2yyGp", "ab\ncd\n|ab\ncd", N),
        ("a|b\ncd", "Yjp", "ab\ncd\n|ab", N),
        ("a|b\ncd\nef", "ddp", "cd\n|ab\nef", N),
        ("a|b\ncd\nef", "yj2P", "|ab\ncd\nab\ncd\nab\ncd\nef", N),
        // Single characters.
        ("a|bcd", "x", "a|cd", N),
        ("a|bcd", "2x", "a|d", N),
        ("abc|d", "x", "ab|c", N),
        ("abc|d", "X", "ab|d", N),
        ("a|bcd", "xp", "ac|bd", N),
        ("a|bcd", "xP", "a|bcd", N),
        ("a|bcd", "3p", "a|bcd", N),
        ("a|bcd", "x3p", "acbb|bd", N),
        ("a|bcd", "rz", "a|zcd", N),
        ("a|bcd", "2rz", "az|zd", N),
        ("a|bcd", "9rz", "a|bcd", N),
        ("a|bcd", "sX<Esc>", "a|Xcd", N),
        ("ab|cd", "D", "a|b", N),
        ("ab|cd", "Cxy<Esc>", "abx|y", N),
        ("ab|cd\nef\ngh", "2D", "a|b\ngh", N),
        // Undo, redo, repeat.
        ("|one two three", "dwu", "|one two three", N),
        ("|one two three", "dwdwuu", "|one two three", N),
        ("|one two three", "dwu<C-r>", "|two three", N),
        ("|one two three", "dwdwuu<C-r>", "|two three", N),
        ("|one two three four", "dw.", "|three four", N),
        ("|one two three four", "dw2.", "|four", N),
        ("|a b c d e", "x..", "| c d e", N),
        ("|ab\ncd\nef\ngh", "dd.", "|ef\ngh", N),
        ("|one two three", "cwX<Esc>w.", "X |X three", N),
        ("|ab\ncd", "Az<Esc>j.", "abz\ncd|z", N),
        ("|one", "ihi <Esc>u", "|one", N),
        ("|x", "3ia<Esc>", "aa|ax", N),
        // Entering insert mode.
        ("a|bc", "iX", "aX|bc", I),
        ("a|bc", "aX", "abX|c", I),
        ("  a|bc", "IX", "  X|abc", I),
        ("a|bc", "AX", "abcX|", I),
        ("a|bc\nd", "oX", "abc\nX|\nd", I),
        ("a|bc\nd", "OX", "X|\nabc\nd", I),
        ("a|bc", "iX<Esc>", "a|Xbc", N),
        ("|abc", "i<Esc>", "|abc", N),
        ("ab|c", "a<Esc>", "ab|c", N),
        // Esc cancels what is being typed.
        ("|one two", "d<Esc>w", "one |two", N),
        ("|one two", "2<Esc>x", "|ne two", N),
        ("|one two", "dy", "|one two", N),
        ("|one two", "gx", "|one two", N),
    ];
    let mut failed = Vec::new();
    for (before, spelled, after, mode) in cases {
        let mut vim = normal();
        let (got, got_mode) = run(&mut vim, before, spelled);
        if got != *after || got_mode != *mode {
            failed.push(format!(
                "{before:?} {spelled:?}: expected {after:?} ({mode:?}), got {got:?} ({got_mode:?})"
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

#[test]
fn enter_sends_and_k_j_at_the_edges_walk_the_history() {
    let mut vim = normal();
    let mut buffer = parse("a|b\ncd");
    assert_eq!(
        vim.key(KeyEvent::from(KeyCode::Enter), &mut buffer),
        VimOutcome::Submit
    );
    let k = KeyEvent::from(KeyCode::Char('k'));
    assert_eq!(vim.key(k, &mut buffer), VimOutcome::History(-1));
    let j = KeyEvent::from(KeyCode::Char('j'));
    assert_eq!(vim.key(j, &mut buffer), VimOutcome::Done);
    assert_eq!(vim.key(j, &mut buffer), VimOutcome::History(1));
    // Keys with Ctrl (but Ctrl+R) and the page keys are tern's.
    let search = KeyEvent::new(KeyCode::Char('f'), KeyModifiers::CONTROL);
    assert_eq!(vim.key(search, &mut buffer), VimOutcome::PassThrough);
    assert_eq!(
        vim.key(KeyEvent::from(KeyCode::PageUp), &mut buffer),
        VimOutcome::PassThrough
    );
}

#[test]
fn insert_mode_leaves_typing_to_the_composer_and_esc_ends_it() {
    let mut vim = Vim::new("");
    let mut buffer = parse("ab|");
    assert_eq!(vim.mode, Mode::Insert);
    let a = KeyEvent::from(KeyCode::Char('x'));
    assert_eq!(vim.key(a, &mut buffer), VimOutcome::PassThrough);
    let enter = KeyEvent::from(KeyCode::Enter);
    assert_eq!(
        vim.key(enter, &mut buffer),
        VimOutcome::PassThrough,
        "Enter sends as usual"
    );
    let history = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
    assert_eq!(
        vim.key(history, &mut buffer),
        VimOutcome::PassThrough,
        "Ctrl+R is the history search in insert mode"
    );
    assert_eq!(
        vim.key(KeyEvent::from(KeyCode::Esc), &mut buffer),
        VimOutcome::Done
    );
    assert_eq!(vim.mode, Mode::Normal);
    assert_eq!(mark(&buffer), "a|b");
}

#[test]
fn an_escape_sequence_ends_insert_mode_and_takes_its_letters_back() {
    let mut vim = Vim::new("jj");
    let (got, mode) = run(&mut vim, "|", "ajjx");
    assert_eq!(
        (got.as_str(), mode),
        ("|", Mode::Normal),
        "x on an empty line does nothing"
    );
    let mut vim = Vim::new("jj");
    let (got, mode) = run(&mut vim, "|", "hijaxjjx");
    assert_eq!((got.as_str(), mode), ("hij|a", Mode::Normal));
    let mut vim = Vim::new("jk");
    let (got, mode) = run(&mut vim, "|", "jjjk");
    assert_eq!((got.as_str(), mode), ("j|j", Mode::Normal));
}

#[test]
fn the_border_says_the_mode_and_the_command_being_typed() {
    let mut vim = normal();
    let mut buffer = parse("|abc");
    assert_eq!(vim.status(), "NORMAL");
    for c in "2d3".chars() {
        vim.key(KeyEvent::from(KeyCode::Char(c)), &mut buffer);
    }
    assert_eq!(vim.status(), "NORMAL 2d3");
    vim.key(KeyEvent::from(KeyCode::Esc), &mut buffer);
    vim.key(KeyEvent::from(KeyCode::Char('i')), &mut buffer);
    assert_eq!(vim.status(), "INSERT");
}
