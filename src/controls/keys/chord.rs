//! A key chord — a key and its modifiers — as the key tables declare it, the person writes it
//! in `[keys]` (`alt+b`, `ctrl+shift+up`, `?`) and help shows it (`Alt+B`, `Ctrl+Shift+↑`, `?`).
//!
//! Terminals disagree on Shift: a `?` arrives with or without it, a capital letter with it.
//! So a character's chord ignores Shift and names the character itself (`G`, not `Shift+g`),
//! and Shift+Tab is the one key `BackTab`. Other keys keep Shift (`Shift+Enter` is not Enter).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The modifiers a chord tells apart (Meta and Hyper are what some terminals call Alt and
/// Super: folded into them).
const KEPT: KeyModifiers = KeyModifiers::CONTROL
    .union(KeyModifiers::ALT)
    .union(KeyModifiers::SUPER)
    .union(KeyModifiers::SHIFT);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chord {
    pub code: KeyCode,
    pub mods: KeyModifiers,
}

impl Chord {
    pub const ESC: Chord = Chord::key(KeyCode::Esc);
    pub(crate) const ENTER: Chord = Chord::key(KeyCode::Enter);
    pub(crate) const TAB: Chord = Chord::key(KeyCode::Tab);
    /// Shift+Tab.
    pub(crate) const BACKTAB: Chord = Chord::key(KeyCode::BackTab);
    pub const UP: Chord = Chord::key(KeyCode::Up);
    pub const DOWN: Chord = Chord::key(KeyCode::Down);
    pub(crate) const LEFT: Chord = Chord::key(KeyCode::Left);
    pub const RIGHT: Chord = Chord::key(KeyCode::Right);
    pub const HOME: Chord = Chord::key(KeyCode::Home);
    pub const END: Chord = Chord::key(KeyCode::End);
    pub(crate) const PGUP: Chord = Chord::key(KeyCode::PageUp);
    pub(crate) const PGDN: Chord = Chord::key(KeyCode::PageDown);
    pub(crate) const BACKSPACE: Chord = Chord::key(KeyCode::Backspace);
    pub(crate) const DELETE: Chord = Chord::key(KeyCode::Delete);

    /// A key without modifiers.
    pub(crate) const fn key(code: KeyCode) -> Chord {
        Chord {
            code,
            mods: KeyModifiers::NONE,
        }
    }

    /// A character typed as it is (`?`, `G`, `1`).
    pub(crate) const fn ch(c: char) -> Chord {
        Chord::key(KeyCode::Char(c))
    }

    /// Ctrl and a character (`ctrl('r')` is Ctrl+R).
    pub const fn ctrl(c: char) -> Chord {
        Chord {
            code: KeyCode::Char(c),
            mods: KeyModifiers::CONTROL,
        }
    }

    /// Ctrl and any key (`ctrl_key(Home)`).
    pub(crate) const fn ctrl_key(code: KeyCode) -> Chord {
        Chord {
            code,
            mods: KeyModifiers::CONTROL,
        }
    }

    pub(crate) const fn alt(code: KeyCode) -> Chord {
        Chord {
            code,
            mods: KeyModifiers::ALT,
        }
    }

    /// Shift and a key that is not a character (`shift(Enter)`; Shift+Tab is `key(BackTab)`).
    pub(crate) const fn shift(code: KeyCode) -> Chord {
        Chord {
            code,
            mods: KeyModifiers::SHIFT,
        }
    }

    /// The chord a key event is: Shift folded into characters and Tab, Meta into Alt.
    pub fn of(key: &KeyEvent) -> Chord {
        let mut mods = key.modifiers;
        if mods.contains(KeyModifiers::META) {
            mods |= KeyModifiers::ALT;
        }
        if mods.contains(KeyModifiers::HYPER) {
            mods |= KeyModifiers::SUPER;
        }
        mods &= KEPT;
        let code = match key.code {
            KeyCode::Char(c) => {
                mods.remove(KeyModifiers::SHIFT);
                KeyCode::Char(c)
            }
            KeyCode::Tab if mods.contains(KeyModifiers::SHIFT) => {
                mods.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            KeyCode::BackTab => {
                mods.remove(KeyModifiers::SHIFT);
                KeyCode::BackTab
            }
            code => code,
        };
        Chord { code, mods }
    }

    pub(crate) fn matches(&self, key: &KeyEvent) -> bool {
        Chord::of(key) == *self
    }

    /// A key event of this chord, as a terminal would send it (for tests and the reference).
    pub fn event(&self) -> KeyEvent {
        KeyEvent::new(self.code, self.mods)
    }

    /// A character typed without Ctrl, Alt or Super: text for whatever takes typing.
    pub(crate) fn typed_char(key: &KeyEvent) -> Option<char> {
        let chord = Chord::of(key);
        match chord.code {
            KeyCode::Char(c) if chord.mods.is_empty() => Some(c),
            _ => None,
        }
    }

    /// Whether Ctrl, Alt or Super is held.
    pub(crate) fn is_modified(&self) -> bool {
        self.mods
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
    }

    /// As help and the hint bar show it: `Ctrl+R`, `Alt+←`, `Shift+Tab`, `?`, `PgUp`.
    pub fn label(&self) -> String {
        let mut out = String::new();
        for (flag, name) in [
            (KeyModifiers::CONTROL, "Ctrl+"),
            (KeyModifiers::ALT, "Alt+"),
            (KeyModifiers::SUPER, "Super+"),
            (KeyModifiers::SHIFT, "Shift+"),
        ] {
            if self.mods.contains(flag) {
                out.push_str(name);
            }
        }
        let key = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            // Ctrl+r is written Ctrl+R, as everyone writes it; a capital stays a capital.
            KeyCode::Char(c) if self.is_modified() && c.is_ascii_lowercase() => {
                c.to_ascii_uppercase().to_string()
            }
            KeyCode::Char(c) if self.is_modified() && c.is_ascii_uppercase() => {
                format!("Shift+{c}")
            }
            KeyCode::Char(c) => c.to_string(),
            KeyCode::BackTab => "Shift+Tab".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Delete => "Del".into(),
            KeyCode::Insert => "Ins".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => names::of(other).map_or_else(|| format!("{other:?}"), str::to_string),
        };
        out.push_str(&key);
        out
    }

    /// As the config file writes it: `ctrl+r`, `alt+left`, `shift+tab`, `?`.
    pub(crate) fn config_name(&self) -> String {
        let mut out = String::new();
        for (flag, name) in [
            (KeyModifiers::CONTROL, "ctrl+"),
            (KeyModifiers::ALT, "alt+"),
            (KeyModifiers::SUPER, "super+"),
            (KeyModifiers::SHIFT, "shift+"),
        ] {
            if self.mods.contains(flag) {
                out.push_str(name);
            }
        }
        match self.code {
            KeyCode::Char(' ') => out.push_str("space"),
            KeyCode::Char('+') => out.push_str("plus"),
            KeyCode::Char(c) => out.push(c),
            KeyCode::F(n) => out.push_str(&format!("f{n}")),
            code => out.push_str(names::config_of(code).unwrap_or("?")),
        }
        out
    }

    /// Reads `alt+b`, `ctrl+shift+up`, `?`, `f5`, `shift+tab`: modifiers then one key, joined
    /// by `+` (`plus` for the `+` key itself), any case for names. Says what is wrong.
    pub fn parse(text: &str) -> Result<Chord, String> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err("an empty key".into());
        }
        let parts: Vec<&str> = if trimmed == "+" {
            vec!["+"]
        } else if let Some(head) = trimmed.strip_suffix("++") {
            head.split('+').chain(["+"]).collect()
        } else {
            trimmed.split('+').collect()
        };
        let (key, modifiers) = parts.split_last().ok_or("an empty key")?;
        let mut mods = KeyModifiers::NONE;
        for name in modifiers {
            mods |= match name.trim().to_ascii_lowercase().as_str() {
                "ctrl" | "control" => KeyModifiers::CONTROL,
                "alt" | "option" | "opt" | "meta" => KeyModifiers::ALT,
                "shift" => KeyModifiers::SHIFT,
                "super" | "cmd" | "command" | "win" => KeyModifiers::SUPER,
                "" => return Err(format!("`{trimmed}` has an empty part between `+`")),
                other => {
                    return Err(format!(
                        "`{other}` is not a modifier (use ctrl, alt, shift or super)"
                    ))
                }
            };
        }
        if key.trim().is_empty() {
            return Err(format!(
                "`{}` names no key after its modifiers",
                crate::text::sanitize::sanitize_line(trimmed)
            ));
        }
        let code = key_code(key.trim())?;
        // `shift+g` is the capital, as a terminal sends it; `shift+tab` is BackTab.
        let event = KeyEvent::new(code, mods);
        let mut chord = Chord::of(&event);
        if let (KeyCode::Char(c), true) = (code, mods.contains(KeyModifiers::SHIFT)) {
            if c.is_ascii_alphabetic() {
                chord.code = KeyCode::Char(c.to_ascii_uppercase());
            }
        }
        Ok(chord)
    }
}

/// One key's name (`esc`, `pgup`, `f5`, a single character).
fn key_code(name: &str) -> Result<KeyCode, String> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_control() {
            return Err("a control character is not a key name".into());
        }
        return Ok(KeyCode::Char(c));
    }
    let lower = name.to_ascii_lowercase();
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        if (1..=24).contains(&n) {
            return Ok(KeyCode::F(n));
        }
    }
    names::parse(&lower).ok_or_else(|| {
        format!(
            "`{}` is not a key (a character, or one of {})",
            crate::text::sanitize::sanitize_line(name),
            names::LIST
        )
    })
}

/// The named keys, both ways.
mod names {
    use crossterm::event::KeyCode;

    pub(super) const LIST: &str = "esc, enter, tab, backspace, delete, insert, home, end, pageup, \
                            pagedown, up, down, left, right, space, plus, f1…f24";

    pub(super) fn parse(name: &str) -> Option<KeyCode> {
        Some(match name {
            "esc" | "escape" => KeyCode::Esc,
            "enter" | "return" | "ret" => KeyCode::Enter,
            "tab" => KeyCode::Tab,
            "backtab" => KeyCode::BackTab,
            "backspace" | "bs" => KeyCode::Backspace,
            "delete" | "del" => KeyCode::Delete,
            "insert" | "ins" => KeyCode::Insert,
            "home" => KeyCode::Home,
            "end" => KeyCode::End,
            "pageup" | "pgup" => KeyCode::PageUp,
            "pagedown" | "pgdn" | "pgdown" => KeyCode::PageDown,
            "up" | "↑" => KeyCode::Up,
            "down" | "↓" => KeyCode::Down,
            "left" | "←" => KeyCode::Left,
            "right" | "→" => KeyCode::Right,
            "space" => KeyCode::Char(' '),
            "plus" => KeyCode::Char('+'),
            _ => return None,
        })
    }

    /// Help's name of a key without an arrow or short form of its own.
    pub(super) fn of(code: KeyCode) -> Option<&'static str> {
        Some(match code {
            KeyCode::Esc => "Esc",
            KeyCode::Enter => "Enter",
            KeyCode::Tab => "Tab",
            KeyCode::Backspace => "Backspace",
            KeyCode::Home => "Home",
            KeyCode::End => "End",
            _ => return None,
        })
    }

    pub(super) fn config_of(code: KeyCode) -> Option<&'static str> {
        Some(match code {
            KeyCode::Esc => "esc",
            KeyCode::Enter => "enter",
            KeyCode::Tab => "tab",
            KeyCode::BackTab => "shift+tab",
            KeyCode::Backspace => "backspace",
            KeyCode::Delete => "delete",
            KeyCode::Insert => "insert",
            KeyCode::Home => "home",
            KeyCode::End => "end",
            KeyCode::PageUp => "pageup",
            KeyCode::PageDown => "pagedown",
            KeyCode::Up => "up",
            KeyCode::Down => "down",
            KeyCode::Left => "left",
            KeyCode::Right => "right",
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Chord {
        Chord::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn config_names_parse_to_the_chords_terminals_send() {
        assert_eq!(parsed("alt+b"), Chord::alt(KeyCode::Char('b')));
        assert_eq!(parsed("Ctrl+R"), Chord::ctrl('R'));
        assert_eq!(parsed("ctrl+r"), Chord::ctrl('r'));
        assert_eq!(parsed("shift+tab"), Chord::key(KeyCode::BackTab));
        assert_eq!(parsed("shift+g"), Chord::ch('G'));
        assert_eq!(parsed("?"), Chord::ch('?'));
        assert_eq!(parsed("ctrl++"), Chord::ctrl('+'));
        assert_eq!(parsed("ctrl+plus"), Chord::ctrl('+'));
        assert_eq!(parsed("option+left"), Chord::alt(KeyCode::Left));
        assert_eq!(parsed("shift+enter"), Chord::shift(KeyCode::Enter));
        assert_eq!(parsed("f5"), Chord::key(KeyCode::F(5)));
        for bad in ["", "ctrl+", "hyper+x", "ctrl+nope", "alt++x", "f99"] {
            assert!(Chord::parse(bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn a_chord_prints_back_to_what_parses_to_it() {
        for text in [
            "alt+b",
            "ctrl+r",
            "shift+tab",
            "?",
            "ctrl+plus",
            "alt+left",
            "shift+enter",
            "f12",
            "space",
            "ctrl+home",
        ] {
            let chord = parsed(text);
            assert_eq!(parsed(&chord.config_name()), chord, "{text}");
        }
        assert_eq!(parsed("ctrl+r").label(), "Ctrl+R");
        assert_eq!(parsed("alt+left").label(), "Alt+←");
        assert_eq!(parsed("shift+tab").label(), "Shift+Tab");
        assert_eq!(parsed("pgdn").label(), "PgDn");
    }

    #[test]
    fn shift_is_folded_into_characters_and_tab() {
        let shifted_question = KeyEvent::new(KeyCode::Char('?'), KeyModifiers::SHIFT);
        assert!(Chord::ch('?').matches(&shifted_question));
        let shift_tab = KeyEvent::new(KeyCode::Tab, KeyModifiers::SHIFT);
        assert!(Chord::key(KeyCode::BackTab).matches(&shift_tab));
        let back_tab = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert!(Chord::key(KeyCode::BackTab).matches(&back_tab));
        let shift_enter = KeyEvent::new(KeyCode::Enter, KeyModifiers::SHIFT);
        assert!(!Chord::key(KeyCode::Enter).matches(&shift_enter));
        let meta_b = KeyEvent::new(KeyCode::Char('b'), KeyModifiers::META);
        assert!(Chord::alt(KeyCode::Char('b')).matches(&meta_b));
    }
}
