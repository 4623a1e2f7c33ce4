//! The accept loop: each connection served by hyper's HTTP/1 with a deadline for the request
//! head, an idle keep-alive timeout and a body deadline; a cap on connections open at once;
//! and a graceful stop that closes whatever is still open when the grace period ends.

use crate::app::{App, Peer};
use crate::layers::HEAD_BUFFER;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Semaphore};
use tokio::task::JoinSet;
use tower::ServiceExt;

/// When a connection last moved bytes, in milliseconds since it opened.
struct Activity {
    opened: Instant,
    last_ms: AtomicU64,
    /// Requests being answered.
    in_flight: AtomicUsize,
}

impl Activity {
    fn touch(&self) {
        let ms = self.opened.elapsed().as_millis() as u64;
        self.last_ms.store(ms, Ordering::Relaxed);
    }
    fn quiet_for(&self) -> Duration {
        let now = self.opened.elapsed().as_millis() as u64;
        Duration::from_millis(now.saturating_sub(self.last_ms.load(Ordering::Relaxed)))
    }
}

/// A connection's stream, noting when bytes move.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        r
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.stream).poll_write(cx, data);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        r
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Counts a connection as open until dropped (also when its task is aborted).
struct Open(Arc<App>);

impl Open {
    fn new(app: Arc<App>) -> Open {
        app.metrics.connections.fetch_add(1, Ordering::Relaxed);
        Open(app)
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.metrics.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Counts a request as in flight until dropped.
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
        self.0.touch();
    }
}

/// Serves `router` on `listener` until `stop` resolves, then lets requests in flight finish
/// for the grace period and closes what is left.
pub async fn run(
    listener: TcpListener,
    router: Router,
    app: Arc<App>,
    stopping: watch::Sender<bool>,
    stop: impl Future<Output = ()>,
) {
    let limits = app.limits.clone();
    let header_timeout = limits.header_timeout().unwrap_or(Duration::from_secs(10));
    let body_timeout = limits.body_timeout().unwrap_or(Duration::from_secs(10));
    let idle_timeout = limits.idle_timeout().unwrap_or(Duration::from_secs(30));
    let grace = limits.shutdown_grace().unwrap_or(Duration::from_secs(5));
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let mut connections = JoinSet::new();
    let forget = tokio::spawn({
        let app = app.clone();
        async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                app.rate.forget_quiet();
                app.accounts.forget_quiet();
            }
        }
    });
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            _ = &mut stop => break,
            a = listener.accept() => a,
            // Reap finished connections as they end, so the set stays small.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was taken: wait a
                // little rather than spin, and go on.
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            // Over the cap: closed at once, before anything is read.
            app.metrics
                .refused_connections
                .fetch_add(1, Ordering::Relaxed);
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let app = app.clone();
        let mut stopping = stopping.subscribe();
        connections.spawn(async move {
            let _permit = permit;
            let _open = Open::new(app.clone());
            let activity = Arc::new(Activity {
                opened: Instant::now(),
                last_ms: AtomicU64::new(0),
                in_flight: AtomicUsize::new(0),
            });
            let io = TokioIo::new(Watched {
                stream,
                activity: activity.clone(),
            });
            let service = hyper::service::service_fn({
                let activity = activity.clone();
                move |mut req: Request<Incoming>| {
                    activity.in_flight.fetch_add(1, Ordering::Relaxed);
                    let guard = InFlight(activity.clone());
                    req.extensions_mut().insert(Peer(peer));
                    req.extensions_mut()
                        .insert(crate::requests::BodyDeadline(body_timeout));
                    let router = router.clone();
                    async move {
                        let r = router.oneshot(req.map(axum::body::Body::new)).await;
                        drop(guard);
                        r
                    }
                }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_buf_size(HEAD_BUFFER)
                .serve_connection(io, service)
                .with_upgrades();
            tokio::pin!(conn);
            let mut check = tokio::time::interval(idle_timeout.min(header_timeout) / 4);
            let mut closing = false;
            loop {
                tokio::select! {
                    _ = conn.as_mut() => break,
                    _ = stopping.wait_for(|s| *s), if !closing => {
                        closing = true;
                        conn.as_mut().graceful_shutdown();
                    }
                    _ = check.tick() => {
                        let quiet = activity.quiet_for();
                        let idle = activity.in_flight.load(Ordering::Relaxed) == 0;
                        if idle && quiet >= idle_timeout && !closing {
                            closing = true;
                            conn.as_mut().graceful_shutdown();
                        } else if idle && closing && quiet >= idle_timeout + header_timeout {
                            // Told to close but still not closed: a client sending nothing.
                            break;
                        }
                    }
                }
            }
        });
    }
    forget.abort();
    drop(listener);
    let _ = stopping.send(true);
    let drained = tokio::time::timeout(grace, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            "{} connections still open after the grace period: closed",
            connections.len()
        );
        connections.shutdown().await;
    }
}
