//! What `/apps` shows: the apps (connectors) `app/list` gave, with their state.

use crate::protocol::AppInfo;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Apps {
    pub(crate) list: Vec<AppInfo>,
    pub(crate) loading: bool,
    pub(crate) loaded: bool,
    pub(crate) error: Option<String>,
}
