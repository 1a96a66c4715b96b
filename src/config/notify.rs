//! `notify`: how tern calls the person back (a turn ended, a question waits) when they look
//! elsewhere. It replaces the older `bell` and `desktop_notification` keys, which are still
//! read: when `notify` is absent they decide, and `--print-config` says which won.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notify {
    /// The bell and a desktop notification in the form the terminal takes (the default).
    Auto,
    Bell,
    Notification,
    Off,
}

impl Notify {
    pub fn name(self) -> &'static str {
        match self {
            Notify::Auto => "auto",
            Notify::Bell => "bell",
            Notify::Notification => "notification",
            Notify::Off => "off",
        }
    }

    /// Whether the plain bell (BEL) rings.
    pub(crate) fn bell(self) -> bool {
        matches!(self, Notify::Auto | Notify::Bell)
    }

    /// Whether a desktop notification goes out.
    pub(crate) fn notification(self) -> bool {
        matches!(self, Notify::Auto | Notify::Notification)
    }

    /// What the older keys asked for, when at least one of them is set (an unset one is off,
    /// as it was then).
    pub(crate) fn from_legacy(bell: Option<bool>, notification: Option<bool>) -> Option<Notify> {
        if bell.is_none() && notification.is_none() {
            return None;
        }
        Some(
            match (bell.unwrap_or(false), notification.unwrap_or(false)) {
                (true, true) => Notify::Auto,
                (true, false) => Notify::Bell,
                (false, true) => Notify::Notification,
                (false, false) => Notify::Off,
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_older_keys_map_onto_notify() {
        assert_eq!(Notify::from_legacy(None, None), None);
        assert_eq!(Notify::from_legacy(Some(true), None), Some(Notify::Bell));
        assert_eq!(
            Notify::from_legacy(Some(false), Some(true)),
            Some(Notify::Notification)
        );
        assert_eq!(
            Notify::from_legacy(Some(true), Some(true)),
            Some(Notify::Auto)
        );
        assert_eq!(Notify::from_legacy(Some(false), None), Some(Notify::Off));
    }
}
