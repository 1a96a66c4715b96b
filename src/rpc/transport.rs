//! A transport is a byte pipe to an app-server plus a way to learn why it ended.

use futures::future::BoxFuture;
use std::pin::Pin;
use tokio::io::{AsyncRead, AsyncWrite};

pub struct TransportParts {
    pub reader: Pin<Box<dyn AsyncRead + Send>>,
    pub writer: Pin<Box<dyn AsyncWrite + Send>>,
    /// Resolves, once the pipe has closed, to a sentence saying why (exit status, last stderr).
    pub epitaph: BoxFuture<'static, String>,
}

pub trait Transport: Send + 'static {
    fn into_parts(self: Box<Self>) -> TransportParts;
}
