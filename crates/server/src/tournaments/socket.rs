//! An event's live updates (`GET /api/tournaments/{id}/ws`): the event sent at once and at
//! every change, made on this instance or on another sharing the store.

use super::view;
use crate::app::{App, Peer};
use crate::error::{ApiError, ErrorKind};
use crate::live::{open_live_socket, LiveSocket, Refresh, WS_MESSAGE_LIMIT};
use crate::requests::ApiPath;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxState;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Extension;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// `GET /api/tournaments/{id}/ws`: the event as `GET` shows it (without `me`), at once and
/// at every change, on whichever instance it is made.
pub async fn ws(
    AxState(app): AxState<Arc<App>>,
    peer: Option<Extension<Peer>>,
    headers: HeaderMap,
    ApiPath(id): ApiPath<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|_| {
        ApiError::of(
            ErrorKind::UpgradeRequired,
            "this route takes WebSocket connections only (an `Upgrade: websocket` request)",
        )
        .code("not_websocket")
    })?;
    app.tournaments.read(&id).await?;
    let address = app.client_address(&headers, peer.map(|Extension(p)| p));
    let LiveSocket { place, idle } = open_live_socket(&app, &format!("tournament {id}"), address)?;
    Ok(upgrade
        .max_message_size(WS_MESSAGE_LIMIT)
        .max_frame_size(WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| async move {
            session(socket, &app, &id, idle).await;
            drop(place);
        }))
}

async fn message(app: &App, id: &str) -> Option<String> {
    let (_, ev) = app.tournaments.read(id).await.ok()?;
    let mut v = view::public(id, &ev, app.hub.policy.now());
    v["type"] = json!("tournament");
    Some(v.to_string())
}

async fn session(mut socket: WebSocket, app: &App, id: &str, idle: Duration) {
    let mut changes = app.tournaments.changes();
    let mut stopping = app.stopping.clone();
    let Some(first) = message(app, id).await else {
        return;
    };
    if socket.send(Message::Text(first.into())).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(idle / 2);
    ping.tick().await;
    let mut heard = tokio::time::Instant::now();
    let mut refresh = Refresh::new();
    loop {
        let send = tokio::select! {
            m = changes.recv() => match m {
                Ok(changed) => changed == id || changed == super::hall::EVERY,
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => true,
                Err(_) => return,
            },
            _ = ping.tick() => {
                if heard.elapsed() >= idle {
                    let _ = socket.send(Message::Close(Some(CloseFrame {
                        code: close_code::AWAY,
                        reason: "no answer to pings".into(),
                    }))).await;
                    return;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
                false
            }
            _ = refresh.due() => true,
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    // Any text asks for the event again, answered once a second at most.
                    Some(Ok(Message::Text(_))) => refresh.ask(),
                    Some(Ok(_)) => false,
                }
            }
            _ = stopping.changed() => {
                let _ = socket.send(Message::Close(Some(CloseFrame {
                    code: close_code::AWAY,
                    reason: "the server is stopping".into(),
                }))).await;
                return;
            }
        };
        if !send {
            continue;
        }
        let Some(text) = message(app, id).await else {
            continue;
        };
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
    }
}
