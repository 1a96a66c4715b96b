//! The person's keys: what the config file's `[keys]` tables gave to which action. A row of a
//! key table asks here for the keys it has now ([`Keymap::chords`]): the ones the person named
//! for it, else its own less any the person gave to another action of the same table — the
//! person's binding wins, so a remapped key never does two things.

use super::chord::Chord;

/// Keys the config file gave one action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// The table: `""` for `[keys]`, else the `x` of `[keys.x]`.
    pub section: String,
    pub action: String,
    pub keys: Vec<Chord>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Keymap {
    /// The person's bindings, already checked against the tables (`app::reference::keymap`).
    pub fn new(bindings: Vec<Binding>) -> Keymap {
        Keymap { bindings }
    }

    pub fn is_empty(&self) -> bool {
        self.bindings.is_empty()
    }

    fn find(&self, section: &str, action: &str) -> Option<&Binding> {
        self.bindings
            .iter()
            .find(|b| b.section == section && b.action == action)
    }

    /// The keys of `action` in `section` now: the person's, else `defaults` less the keys the
    /// person gave another action there.
    pub(crate) fn chords(&self, section: &str, action: &str, defaults: &[Chord]) -> Vec<Chord> {
        if let Some(binding) = self.find(section, action) {
            return binding.keys.clone();
        }
        defaults
            .iter()
            .copied()
            .filter(|key| self.taken_by(section, key).is_none())
            .collect()
    }

    /// The action of `section` the person gave `key`, if any.
    pub(crate) fn taken_by(&self, section: &str, key: &Chord) -> Option<&str> {
        self.bindings
            .iter()
            .find(|b| b.section == section && b.keys.contains(key))
            .map(|b| b.action.as_str())
    }

    /// The keys the person gave `action` of `section` (`None`: it has its own).
    pub(crate) fn binding(&self, section: &str, action: &str) -> Option<&[Chord]> {
        self.find(section, action).map(|b| b.keys.as_slice())
    }

    /// Gives `action` of `section` the keys `keys` (`None`: its own again), as `/keymap` does;
    /// the caller has checked them against the tables.
    pub(crate) fn rebind(&mut self, section: &str, action: &str, keys: Option<Vec<Chord>>) {
        let at = self
            .bindings
            .iter()
            .position(|b| b.section == section && b.action == action);
        match (at, keys) {
            (Some(at), Some(keys)) => self.bindings[at].keys = keys,
            (None, Some(keys)) => self.bindings.push(Binding {
                section: section.to_string(),
                action: action.to_string(),
                keys,
            }),
            (Some(at), None) => {
                self.bindings.remove(at);
            }
            (None, None) => {}
        }
    }
}
