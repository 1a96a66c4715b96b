//! The beta features `/experimental` lists, as `experimentalFeature/list` gave them.

use crate::protocol::ExperimentalFeature;

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Features {
    /// The `beta` features, in codex's order (the other stages are not the person's to turn).
    pub(crate) list: Vec<ExperimentalFeature>,
    /// The pages read so far of the listing under way (codex pages it).
    pub(crate) pages: usize,
    /// A listing is out.
    pub(crate) loading: bool,
    /// An answer has come (the list may still be empty).
    pub(crate) loaded: bool,
    /// Why the last listing or write failed.
    pub(crate) error: Option<String>,
    /// The features written last and the state asked for each: checked against the next
    /// listing.
    pub(crate) wanted: Vec<(String, bool)>,
}
