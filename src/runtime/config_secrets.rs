//! The secrets `config/read` names: each model provider's bearer token and the value of the
//! environment variable its `env_key` names become known secrets (masked in every line from the
//! server from then on), and are masked in the answer itself.

use super::replies::Raw;
use crate::rpc::redact;

/// `config/read` answered: its providers' secrets (a bearer token, the value of the variable
/// an `env_key` names) are secrets from now on, and masked in the answer itself.
pub(crate) fn learned(raw: Raw) -> Raw {
    let Raw::Answered(mut value) = raw else {
        return raw;
    };
    let env = |name: &str| std::env::var(name).ok();
    for secret in redact::provider_secrets(&value["config"]["model_providers"], env) {
        redact::register_secret(&secret);
    }
    redact::mask_json(&mut value);
    Raw::Answered(value)
}
