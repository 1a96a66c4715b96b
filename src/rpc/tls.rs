//! TLS for `wss://`: rustls (ring provider) verifying the server against the system's root
//! certificates (rustls-native-certs: the files OpenSSL reads, `SSL_CERT_FILE` and
//! `SSL_CERT_DIR` honoured), plus the certificates of a CA file the person names
//! (`--remote-ca-file`, for a private CA or the tests' own). Verification is never weakened: an
//! extra CA is one more root, nothing else.

use std::path::Path;
use std::sync::Arc;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::CertificateDer;
use tokio_rustls::rustls::{self, ClientConfig, RootCertStore};

/// A client config trusting the system's roots and those in `extra_ca` (a PEM file).
pub(crate) fn client_config(extra_ca: Option<&Path>) -> Result<Arc<ClientConfig>, String> {
    let mut roots = RootCertStore::empty();
    let native = rustls_native_certs::load_native_certs();
    for error in &native.errors {
        tracing::debug!("a system root certificate could not be read: {error}");
    }
    let (added, ignored) = roots.add_parsable_certificates(native.certs);
    tracing::debug!(added, ignored, "system root certificates");
    if let Some(path) = extra_ca {
        let pem =
            std::fs::read(path).map_err(|e| format!("--remote-ca-file {}: {e}", path.display()))?;
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&pem)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("--remote-ca-file {}: {e}", path.display()))?;
        if certs.is_empty() {
            return Err(format!(
                "--remote-ca-file {}: no PEM certificate in it",
                path.display()
            ));
        }
        for cert in certs {
            roots
                .add(cert)
                .map_err(|e| format!("--remote-ca-file {}: {e}", path.display()))?;
        }
    }
    if roots.is_empty() {
        return Err(
            "no root certificates were found on this system to check the server's (install \
             ca-certificates, or name a CA with --remote-ca-file)"
                .into(),
        );
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS setup failed: {e}"))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}
