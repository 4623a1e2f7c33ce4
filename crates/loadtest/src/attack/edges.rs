//! The edges' attacks: lag claimed rather than measured, names that hide or fake characters,
//! times without bounds, session cookies shadowed or not prefixed, requests and sockets from
//! another origin. Each speaks HTTP and WebSocket only, as a client anywhere could.

use super::report::{Report, Size, Target};
use crate::client::{legal_moves, Answer, Client};
use crate::error::LoadtestError;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// The lag each move claims: the most the server takes (a larger claim is refused).
const CLAIMED_LAG_MS: u64 = 60_000;
/// What the server may forgive a move beyond the time it took, as the attacker sees it: the
/// round trip it measures on loopback is a millisecond or two.
const FORGIVEN_AT_MOST_MS: u64 = 100;

/// One request on a new connection, with `headers`; `body` as JSON.
async fn send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> Result<Answer, LoadtestError> {
    let mut c = Client::connect(addr)
        .await
        .map_err(LoadtestError::AbuseConnect)?;
    let text = body.map(Value::to_string);
    c.request_with(method, path, text.as_deref(), headers)
        .await
        .map_err(LoadtestError::AbuseRequest)
}

/// `status code` of an answer, as a check shows it.
fn seen(a: &Answer) -> String {
    format!("{} {}", a.status, a.json()["code"].as_str().unwrap_or(""))
}

/// The session cookie (`name=value`) an answer sets.
fn cookie_of(a: &Answer) -> Option<String> {
    let set = a.header_values("set-cookie").next()?;
    Some(set.split(';').next()?.trim().to_string())
}

/// A new account `name`: the session cookie (`name=value`) set, or the refusal.
async fn register(
    addr: SocketAddr,
    name: &str,
    headers: &[(&str, &str)],
) -> Result<Result<(String, Answer), Answer>, LoadtestError> {
    let body = json!({"name": name, "password": "a long secret of the attack"});
    let a = send(addr, "POST", "/api/account/register", Some(&body), headers).await?;
    Ok(match (a.status, cookie_of(&a)) {
        (201, Some(cookie)) => Ok((cookie, a)),
        _ => Err(a),
    })
}

/// A timed online game of two seats, both the attacker's: its id, South's and North's
/// tokens.
async fn timed_game(addr: SocketAddr) -> Result<(String, [String; 2]), LoadtestError> {
    let body = json!({"kind": "online", "mode": "round", "clock": "3+2"});
    let created = send(addr, "POST", "/api/games", Some(&body), &[])
        .await?
        .json();
    let id = created["id"].as_str().unwrap_or_default().to_string();
    let south = created["token"].as_str().unwrap_or_default().to_string();
    let invite = created["invite"]
        .as_str()
        .and_then(|url| url.split("invite=").nth(1))
        .unwrap_or_default()
        .to_string();
    let path = format!("/api/games/{id}/join");
    let joined = send(addr, "POST", &path, Some(&json!({"invite": invite})), &[]).await?;
    let north = joined.json()["token"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    Ok((id, [south, north]))
}

/// `claimed-lag`: every move of a timed game claims a minute of network delay over loopback,
/// after thinking a while; the time charged should be the time the move took (less the round
/// trip the server measured, none here), not the time less the whole lag quota.
pub async fn claimed_lag(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let (moves, think) = match target.size {
        Size::Small => (4, Duration::from_millis(300)),
        Size::Full => (12, Duration::from_millis(1000)),
    };
    let mut report = Report::default();
    let (id, tokens) = timed_game(addr).await?;
    let path = format!("/api/games/{id}");
    let moves_path = format!("/api/games/{id}/moves");
    // A claim past any network is refused outright.
    let first = send(addr, "GET", &path, None, &[]).await?.json();
    let mv = legal_moves(&first["view"]).first().copied().unwrap_or(1);
    let body = json!({"move": mv, "token": tokens[0], "lag_ms": u64::MAX});
    let a = send(addr, "POST", &moves_path, Some(&body), &[]).await?;
    report.check(
        "a move claiming u64::MAX ms of lag is refused",
        a.status == 422,
        seen(&a),
    );
    let mut position_seen = Instant::now();
    let mut game = send(addr, "GET", &path, None, &[]).await?.json();
    let (mut worst, mut charged_all, mut took_all) = (0u64, 0u64, 0u64);
    let mut played = 0;
    for _ in 0..moves {
        let side = usize::from(game["view"]["to_move"] == "north");
        let before = game["clock"]["left_ms"][side].as_u64().unwrap_or(0);
        let Some(&mv) = legal_moves(&game["view"]).first() else {
            break;
        };
        // The attacker thinks, from the moment the position reached it.
        tokio::time::sleep(think.saturating_sub(position_seen.elapsed())).await;
        let took = u64::try_from(position_seen.elapsed().as_millis()).unwrap_or(u64::MAX);
        let body = json!({"move": mv, "token": tokens[side], "lag_ms": CLAIMED_LAG_MS});
        let a = send(addr, "POST", &moves_path, Some(&body), &[]).await?;
        position_seen = Instant::now();
        if a.status != 200 {
            report.check("a move is taken", false, seen(&a));
            return Ok(report);
        }
        game = send(addr, "GET", &path, None, &[]).await?.json();
        let after = game["clock"]["left_ms"][side].as_u64().unwrap_or(0);
        // The increment (2 s) is added after the charge.
        let charged = (before + 2_000).saturating_sub(after);
        worst = worst.max(took.saturating_sub(charged));
        charged_all += charged;
        took_all += took;
        played += 1;
        if game["over"].as_bool() == Some(true) {
            break;
        }
    }
    report.check(
        format!(
            "{played} moves claiming {CLAIMED_LAG_MS} ms of lag are charged the time they took, less {FORGIVEN_AT_MOST_MS} ms at most"
        ),
        played > 0 && worst <= FORGIVEN_AT_MOST_MS,
        format!(
            "charged {charged_all} ms for {took_all} ms taken (at least: the attacker's own count); most forgiven on one move {worst} ms"
        ),
    );
    Ok(report)
}

/// `names`: names that hide characters, pile up marks or mix look-alike scripts, for an
/// account, a player in a game and an event; and names in the site's scripts, which pass.
pub async fn names(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    let marks = format!("a{}", "\u{301}".repeat(28));
    match register(addr, &marks, &[]).await? {
        Ok((_, a)) | Err(a) => report.check(
            "an account name with 28 combining marks is refused",
            a.status == 422,
            seen(&a),
        ),
    }
    let (cookie, _) = match register(addr, "Nila_edges", &[]).await? {
        Ok(ok) => ok,
        Err(a) => {
            report.check("an account is registered", false, seen(&a));
            return Ok(report);
        }
    };
    let game = send(
        addr,
        "POST",
        "/api/games",
        Some(&json!({"kind": "online", "mode": "round"})),
        &[],
    )
    .await?
    .json();
    let id = game["id"].as_str().unwrap_or_default();
    let token = game["token"].as_str().unwrap_or_default();
    let name_path = format!("/api/games/{id}/name");
    let bad = [
        ("a right-to-left override (U+202E)", "Ann\u{202E}nnA"),
        ("a zero-width space", "An\u{200B}n"),
        ("a Cyrillic look-alike among Latin letters", "\u{410}nn"),
        ("28 combining marks", marks.as_str()),
    ];
    for (what, name) in bad {
        let body = json!({"token": token, "name": name});
        let a = send(addr, "POST", &name_path, Some(&body), &[]).await?;
        report.check(
            format!("a player's name in a game with {what} is refused"),
            a.status == 422,
            seen(&a),
        );
    }
    for name in ["சுதா", "ශ්\u{200D}රී", "সুমন", "Nguyễn"] {
        let body = json!({"token": token, "name": name});
        let a = send(addr, "POST", &name_path, Some(&body), &[]).await?;
        report.check(
            format!("a player's name {name} is taken"),
            a.status == 200,
            seen(&a),
        );
    }
    let cookie_header = [("Cookie", cookie.as_str())];
    for (what, name) in [
        ("a right-to-left override (U+202E)", "Club \u{202E}puc"),
        ("a zero-width space", "Club\u{200B} cup"),
        (
            "a Cyrillic look-alike among Latin letters",
            "\u{421}lub cup",
        ),
    ] {
        let body = json!({"name": name, "format": "arena", "minutes": 30, "clock": "3+2"});
        let a = send(
            addr,
            "POST",
            "/api/tournaments",
            Some(&body),
            &cookie_header,
        )
        .await?;
        report.check(
            format!("an event's name with {what} is refused"),
            a.status == 422,
            seen(&a),
        );
    }
    Ok(report)
}

/// `times`: times and durations past any sense, an event's start at `u64::MAX` first.
pub async fn times(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    let (cookie, _) = match register(addr, "Tara_edges", &[]).await? {
        Ok(ok) => ok,
        Err(a) => {
            report.check("an account is registered", false, seen(&a));
            return Ok(report);
        }
    };
    let headers = [("Cookie", cookie.as_str())];
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let event = |extra: Value| {
        let mut body = json!({"name": "Club", "format": "round-robin", "clock": "1d"});
        if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
            b.extend(e.clone());
        }
        body
    };
    // Each refusal names its field first, then the bounds.
    let bad = [
        (
            "an event starting at u64::MAX",
            "starts_at",
            json!({"starts_at": u64::MAX}),
        ),
        (
            "an event starting in 100 years",
            "starts_at",
            json!({"starts_at": now + 100 * 365 * 86_400}),
        ),
        (
            "an event starting in milliseconds since 1970 (a thousand times too far)",
            "starts_at",
            json!({"starts_at": now * 1000}),
        ),
        (
            "a round window of u64::MAX minutes",
            "window_minutes",
            json!({"window_minutes": u64::MAX}),
        ),
        (
            "a time control of 65535 minutes",
            "clock",
            json!({"clock": "65535+0"}),
        ),
        (
            "a correspondence control of 100 days",
            "clock",
            json!({"clock": "100d"}),
        ),
    ];
    for (what, field, extra) in bad {
        let a = send(
            addr,
            "POST",
            "/api/tournaments",
            Some(&event(extra)),
            &headers,
        )
        .await?;
        let error = a.json()["error"].as_str().unwrap_or("").to_string();
        report.check(
            format!("{what} is refused, the field and its bounds named"),
            a.status == 422 && error.starts_with(&format!("{field}: ")),
            format!("{}: {error}", seen(&a)),
        );
    }
    let a = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&event(json!({"starts_at": now + 86_400}))),
        &headers,
    )
    .await?;
    report.check(
        "an event starting tomorrow is made",
        a.status == 201,
        seen(&a),
    );
    let (id, tokens) = timed_game(addr).await?;
    let game = send(addr, "GET", &format!("/api/games/{id}"), None, &[])
        .await?
        .json();
    let mv = legal_moves(&game["view"]).first().copied().unwrap_or(1);
    let body = json!({"move": mv, "token": tokens[0], "lag_ms": u64::MAX});
    let a = send(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(&body),
        &[],
    )
    .await?;
    report.check(
        "a move claiming u64::MAX ms of lag is refused",
        a.status == 422,
        seen(&a),
    );
    Ok(report)
}

/// `cookies` (the server started with `--trust-proxy`): the session cookie over TLS is
/// `__Host-` and `Secure`, a cookie without the prefix is not read over TLS, and a stale
/// cookie of the same name sent first does not hide the live one.
pub async fn cookies(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    let tls = [("X-Forwarded-Proto", "https")];
    let answer = match register(addr, "Ravi_edges", &tls).await? {
        Ok((_, a)) => a,
        Err(a) => {
            report.check("an account is registered over TLS", false, seen(&a));
            return Ok(report);
        }
    };
    let set = answer
        .header_values("set-cookie")
        .next()
        .unwrap_or("")
        .to_string();
    report.check(
        "over TLS the session cookie is __Host-, Secure, Path=/ and without Domain",
        set.starts_with("__Host-")
            && set.contains("; Secure")
            && set.contains("; Path=/")
            && !set.to_ascii_lowercase().contains("domain="),
        set.clone(),
    );
    let token = set
        .split(';')
        .next()
        .and_then(|p| p.split_once('='))
        .map(|(_, v)| v.to_string())
        .unwrap_or_default();
    let signed_in = |a: &Answer| a.json()["account"]["name"].is_string();
    // A cookie tossed by a sibling subdomain cannot carry the prefix.
    let plain = format!("rajapasu_session={token}");
    let a = send(
        addr,
        "GET",
        "/api/account",
        None,
        &[("X-Forwarded-Proto", "https"), ("Cookie", &plain)],
    )
    .await?;
    report.check(
        "over TLS a session cookie without the prefix is not read",
        a.status == 200 && !signed_in(&a),
        format!("{} account {}", a.status, a.json()["account"]),
    );
    // A stale cookie first, the live one after it: the player is still signed in.
    let stale = "x".repeat(token.len().max(32));
    let both = format!("__Host-rajapasu_session={stale}; __Host-rajapasu_session={token}");
    let a = send(
        addr,
        "GET",
        "/api/account",
        None,
        &[("X-Forwarded-Proto", "https"), ("Cookie", &both)],
    )
    .await?;
    report.check(
        "a stale session cookie sent before the live one does not sign the player out",
        a.status == 200 && signed_in(&a),
        format!("{} account {}", a.status, a.json()["account"]),
    );
    // Over plain HTTP the cookie keeps its plain name, and duplicates are tried too.
    match register(addr, "Mina_edges", &[]).await? {
        Ok((cookie, _)) => {
            let both = format!("rajapasu_session={stale}; {cookie}");
            let a = send(addr, "GET", "/api/account", None, &[("Cookie", &both)]).await?;
            report.check(
                "over plain HTTP too, a stale cookie first does not hide the live one",
                cookie.starts_with("rajapasu_session=") && signed_in(&a),
                format!("{cookie:.20}…: account {}", a.json()["account"]),
            );
        }
        Err(a) => report.check("an account is registered over HTTP", false, seen(&a)),
    }
    Ok(report)
}

/// A WebSocket upgrade of `path` with `origin` (none when `None`): whether it opened, or the
/// status it was refused with.
async fn upgrade(addr: SocketAddr, path: &str, origin: Option<&str>) -> Result<u16, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Error;
    let mut request = format!("ws://{addr}{path}")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    if let Some(origin) = origin {
        let value = origin.parse().map_err(|_| "a bad origin".to_string())?;
        request.headers_mut().insert("origin", value);
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((mut ws, answer)) => {
            let _ = ws.close(None).await;
            Ok(answer.status().as_u16())
        }
        Err(Error::Http(answer)) => Ok(answer.status().as_u16()),
        Err(e) => Err(e.to_string()),
    }
}

/// `origin` (the server started with `--trust-proxy`): requests from a page of the same host
/// over the other scheme, and WebSocket upgrades of the games', the lobby's and the events'
/// sockets from another site.
pub async fn origin(target: &Target) -> Result<Report, LoadtestError> {
    let addr = target.addr;
    let mut report = Report::default();
    let body = json!({"kind": "local"});
    let https_origin = format!("https://{addr}");
    let http_origin = format!("http://{addr}");
    let a = send(
        addr,
        "POST",
        "/api/games",
        Some(&body),
        &[("Origin", &https_origin)],
    )
    .await?;
    report.check(
        "a POST from https://HOST to a server over plain HTTP is refused",
        a.status == 403,
        seen(&a),
    );
    let a = send(
        addr,
        "POST",
        "/api/games",
        Some(&body),
        &[("Origin", &http_origin), ("X-Forwarded-Proto", "https")],
    )
    .await?;
    report.check(
        "a POST from http://HOST to a server over TLS is refused",
        a.status == 403,
        seen(&a),
    );
    let a = send(
        addr,
        "POST",
        "/api/games",
        Some(&body),
        &[("Origin", &http_origin)],
    )
    .await?;
    report.check(
        "a POST from the server's own origin is taken",
        a.status == 201,
        seen(&a),
    );
    let game = a.json()["id"].as_str().unwrap_or_default().to_string();
    let (cookie, _) = match register(addr, "Sena_edges", &[]).await? {
        Ok(ok) => ok,
        Err(a) => {
            report.check("an account is registered", false, seen(&a));
            return Ok(report);
        }
    };
    let event = json!({"name": "Club", "format": "round-robin", "clock": "1d"});
    let a = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&event),
        &[("Cookie", &cookie)],
    )
    .await?;
    let event_id = a.json()["id"].as_str().unwrap_or_default().to_string();
    let sockets = [
        ("a game's", format!("/api/games/{game}/ws")),
        ("the lobby's", "/api/lobby/ws".to_string()),
        ("an event's", format!("/api/tournaments/{event_id}/ws")),
    ];
    for (what, path) in &sockets {
        let got = upgrade(addr, path, Some("http://evil.example")).await;
        report.check(
            format!("{what} socket from Origin http://evil.example is refused"),
            got == Ok(403),
            format!("{got:?}"),
        );
        let got = upgrade(addr, path, Some(&https_origin)).await;
        report.check(
            format!("{what} socket from the same host over the other scheme is refused"),
            got == Ok(403),
            format!("{got:?}"),
        );
        let got = upgrade(addr, path, Some(&http_origin)).await;
        report.check(
            format!("{what} socket from the server's own origin opens"),
            got == Ok(101),
            format!("{got:?}"),
        );
        let got = upgrade(addr, path, None).await;
        report.check(
            format!("{what} socket without Origin (not a browser) opens"),
            got == Ok(101),
            format!("{got:?}"),
        );
    }
    Ok(report)
}
