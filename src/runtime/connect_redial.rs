//! The transport a restart gets on a remote session: it dials in the background, so the loop
//! that asked is never held (keys go on being read), retrying an unreachable server on the
//! [`Backoff`] schedule. Each failed attempt is reported as it happens
//! ([`Received::Redialing`]: the app shows "connection lost — reconnecting (attempt n)" in its
//! status line rather than a line per attempt in the transcript); messages the app sends
//! meanwhile (its `initialize`) wait and go out once the link is up. A refusal (a rejected token, a bad certificate) or
//! the end of the schedule ends the link with the reason, and the person decides again.

use super::connect_backoff::{clock_jitter, Backoff, BackoffPolicy, Next};
use crate::rpc::dial::{dial, DialError, DialOptions};
use crate::rpc::endpoint::Endpoint;
use crate::rpc::transport::{Incoming, Received};
use crate::rpc::{Ending, LinkEnd, Transport, TransportParts};
use futures::channel::{mpsc, oneshot};
use futures::future::BoxFuture;
use futures::{FutureExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct Redial {
    pub endpoint: Arc<Endpoint>,
    pub options: Arc<DialOptions>,
    pub policy: BackoffPolicy,
}

enum Stage {
    /// Attempt `attempt` failed (`why`; nobody listened there, or not); another follows.
    Redialing {
        attempt: u32,
        why: String,
        nobody_listens: bool,
    },
    Connected(Incoming),
}

impl Transport for Redial {
    fn into_parts(self: Box<Self>) -> TransportParts {
        let Redial {
            endpoint,
            options,
            policy,
        } = *self;
        let local = matches!(*endpoint, Endpoint::Unix { .. });
        let (stage_tx, stage_rx) = mpsc::unbounded::<Stage>();
        let (out_tx, out_rx) = mpsc::unbounded::<String>();
        let (end_tx, end_rx) = oneshot::channel::<BoxFuture<'static, Ending>>();
        let peer = endpoint.label();
        tokio::spawn(async move {
            let mut backoff = Backoff::new(policy);
            let gone = |reason: String| -> BoxFuture<'static, Ending> {
                futures::future::ready(Ending::new(LinkEnd::Dropped, reason)).boxed()
            };
            loop {
                match dial(&endpoint, &options).await {
                    Ok(dialed) => {
                        let parts = dialed.transport.into_parts();
                        let _ = stage_tx.unbounded_send(Stage::Connected(parts.incoming));
                        let _ = end_tx.send(parts.epitaph);
                        drop(stage_tx);
                        // Until every sender is gone or the link fails.
                        let _ = out_rx.map(Ok).forward(parts.outgoing).await;
                        return;
                    }
                    Err(failed @ (DialError::Unreachable(_) | DialError::NotListening(_))) => {
                        let nobody_listens = matches!(failed, DialError::NotListening(_));
                        let why = failed.message().to_string();
                        match backoff.failed(Instant::now(), clock_jitter()) {
                            Next::RetryAt { at, attempt } => {
                                let wait = at.saturating_duration_since(Instant::now());
                                tracing::info!(
                                    attempt,
                                    "reconnecting to {peer} in {}: {why}",
                                    seconds(wait)
                                );
                                let _ = stage_tx.unbounded_send(Stage::Redialing {
                                    attempt: attempt.saturating_sub(1),
                                    why: why.clone(),
                                    nobody_listens,
                                });
                                tokio::time::sleep_until(at.into()).await;
                            }
                            Next::GiveUp { attempts, trying } => {
                                let _ = end_tx.send(gone(format!(
                                    "gave up reconnecting to {peer} after {attempts} attempts over {}: {why}",
                                    seconds(trying)
                                )));
                                return;
                            }
                        }
                    }
                    Err(refused) => {
                        let _ = end_tx.send(gone(refused.message().to_string()));
                        return;
                    }
                }
            }
        });
        let incoming = futures::stream::unfold(
            (stage_rx, None::<Incoming>),
            |(mut stages, mut link)| async move {
                loop {
                    if let Some(incoming) = &mut link {
                        let item = incoming.next().await?;
                        return Some((item, (stages, link)));
                    }
                    match stages.next().await? {
                        Stage::Redialing {
                            attempt,
                            why,
                            nobody_listens,
                        } => {
                            let item = Received::Redialing {
                                attempt,
                                why,
                                nobody_listens,
                            };
                            return Some((Ok(item), (stages, link)));
                        }
                        Stage::Connected(incoming) => link = Some(incoming),
                    }
                }
            },
        )
        .boxed();
        let epitaph = async move {
            match end_rx.await {
                Ok(epitaph) => epitaph.await,
                Err(_) => Ending::new(LinkEnd::Dropped, "tern stopped reconnecting"),
            }
        }
        .boxed();
        TransportParts {
            incoming,
            outgoing: Box::pin(futures::SinkExt::sink_map_err(
                out_tx,
                std::io::Error::other,
            )),
            epitaph,
            local,
        }
    }
}

/// "800 ms", "12 s", "3 min".
fn seconds(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else if d < Duration::from_secs(120) {
        format!("{} s", d.as_secs())
    } else {
        format!("{} min", d.as_secs() / 60)
    }
}
