//! `/keymap`'s change of one action's keys: in force at once, then saved in the config file
//! (`[keys]` for the conversation's table, `[keys.<table>]` for a view's); a save that fails
//! puts the keys the action had back (`config_save::saved`), so what is in force is what
//! the file says.

use crate::controls::keys::Chord;
use crate::session::effect::Effect;
use crate::session::event::ConfigValue;
use crate::session::state::Session;

/// The config file's place for `action` of `table` (`""`: the conversation's, `[keys]`).
pub(crate) fn place(table: &str, action: &str) -> Vec<String> {
    match table {
        "" => vec!["keys".into(), action.into()],
        table => vec!["keys".into(), table.into(), action.into()],
    }
}

/// Gives `action` of `table` the keys `keys` (`None`: its own again, the line taken out of the
/// file) and saves it. The caller has checked the keys (`app::layers::keymap_view`).
pub(crate) fn rebind(
    state: &mut Session,
    table: &str,
    action: &str,
    keys: Option<Vec<Chord>>,
) -> Vec<Effect> {
    let before = state
        .config
        .keymap
        .binding(table, action)
        .map(<[Chord]>::to_vec);
    let value = match &keys {
        None => ConfigValue::Unset,
        Some(keys) => {
            let mut names: Vec<String> = keys.iter().map(Chord::config_name).collect();
            match names.len() {
                1 => ConfigValue::Text(names.remove(0)),
                _ => ConfigValue::List(names),
            }
        }
    };
    state.config.keymap.rebind(table, action, keys);
    let place = place(table, action);
    let effects = {
        let parts: Vec<&str> = place.iter().map(String::as_str).collect();
        super::config_save::save(state, &parts, value)
    };
    if !effects.is_empty() {
        state.keymap_saves.push((place, before));
    }
    effects
}
