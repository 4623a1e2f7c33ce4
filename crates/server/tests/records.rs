//! Records say how every game ended, on either store: games of both games are played through
//! the API to each way a game ends (the rules, a match drawn by repetition, a resignation, a
//! time-out, a draw agreed), and each game's record (text and JSON), and the player's records
//! download, are replayed as `rajapasu replay` replays them (`GameRecord::check`, the function
//! the command uses) and compared with the game's own JSON: the same position, the same
//! termination, the same result.

#[macro_use]
mod common;
use common::{act, get_game, invite_code, registered, step, Backend, Browser, GAMES, MANDIRI, T0};

use rajapasu_engine::record::{GameRecord, Recorded};
use rajapasu_engine::{mandiri, Game};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A server whose clocks read `now` (moved by the test), its flag task looking every 20 ms.
async fn server(store: &Backend, now: &Arc<AtomicU64>) -> rajapasu_server::Running {
    common::server_on_clock(store.db(), now, std::time::Duration::from_millis(20)).await
}

/// What the game's own JSON says of its end: the termination and the result a record must
/// give.
fn ending_of(games: &str, g: &Value) -> (String, String) {
    if games == GAMES {
        raja_pasu_ending(g)
    } else {
        mandiri_ending(g)
    }
}

fn raja_pasu_ending(g: &Value) -> (String, String) {
    let name = |side: &Value| match side.as_str() {
        Some("south") => "South",
        Some("north") => "North",
        other => panic!("no side: {other:?}"),
    };
    let other_letter = |side: &Value| if name(side) == "South" { "N" } else { "S" };
    let by_index = |i: &Value| json!(["south", "north"][i.as_u64().unwrap() as usize]);
    let view = &g["view"];
    if g["offers"]["drawn"] == true {
        ("drawn by agreement".into(), "draw".into())
    } else if !g["clock"]["timed_out"].is_null() {
        let side = by_index(&g["clock"]["timed_out"]);
        (
            format!("{} ran out of time", name(&side)),
            other_letter(&side).into(),
        )
    } else if !g["resigned"].is_null() {
        let side = &g["resigned"];
        (
            format!("{} resigned", name(side)),
            other_letter(side).into(),
        )
    } else if view["status"] == "playing" {
        panic!("the game goes on: {g}")
    } else if view["winner"].is_null() && view["status"] == "match_over" {
        ("drawn by repetition (decision 11)".into(), "draw".into())
    } else {
        let result = match view["winner"].as_str() {
            Some("south") => "S",
            Some("north") => "N",
            _ => "draw",
        };
        ("ended by the rules".into(), result.into())
    }
}

fn mandiri_ending(g: &Value) -> (String, String) {
    let still_in: Vec<u64> = g["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["out"] != true)
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    let without = |loser: u64| {
        let rest: Vec<String> = still_in
            .iter()
            .filter(|&&p| p != loser)
            .map(u64::to_string)
            .collect();
        rest.join(",")
    };
    let view = &g["view"];
    let winners: Vec<String> = view["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.to_string())
        .collect();
    if g["offers"]["drawn"] == true {
        ("drawn by agreement".into(), without(0))
    } else if !g["clock"]["timed_out"].is_null() {
        let p = g["clock"]["timed_out"].as_u64().unwrap() + 1;
        (format!("player {p} ran out of time"), without(p))
    } else if let Some(p) = g["resigned"].as_u64() {
        (format!("player {p} resigned"), without(p))
    } else if view["status"] == "playing" {
        panic!("the game goes on: {g}")
    } else if view["status"] == "match_over" && winners.len() > 1 {
        (
            "drawn by repetition (decision 11)".into(),
            winners.join(","),
        )
    } else {
        ("ended by the rules".into(), winners.join(","))
    }
}

/// The position code the game's JSON gives.
fn position_of(games: &str, g: &Value) -> String {
    let key = if games == GAMES { "position" } else { "code" };
    g["view"][key].as_str().unwrap().to_string()
}

/// Replays `text` as `rajapasu replay` does and checks it against the game's JSON `g`: the
/// record is accepted, ends where the game stands, and says how it ended and its result as
/// the game's JSON does.
fn replay_matches<G: Recorded>(games: &str, text: &str, g: &Value) {
    let record = GameRecord::<G>::parse(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let game = record
        .check()
        .unwrap_or_else(|e| panic!("replay refuses it: {e}\n{text}"));
    let (termination, result) = ending_of(games, g);
    assert_eq!(
        record.tag("Termination"),
        Some(termination.as_str()),
        "{text}"
    );
    assert_eq!(
        record.stated_result.as_deref(),
        Some(result.as_str()),
        "{text}"
    );
    assert_eq!(record.result(&game), result, "{text}");
    assert_eq!(game.code(), position_of(games, g), "{text}");
}

/// Checks the game `id`'s own records, text and JSON, against its JSON; the game's JSON.
async fn check_game<G: Recorded>(addr: SocketAddr, games: &str, id: &str) -> Value {
    let g = get_game(addr, games, id).await;
    for format in ["text", "json"] {
        let path = format!("{games}/{id}/record?format={format}");
        let a = common::get(addr, &path).await;
        assert_eq!(a.status, 200, "{}", a.body);
        replay_matches::<G>(games, &a.body, &g);
    }
    g
}

/// The records of a download of several, one after another, each beginning with its Event
/// tag.
fn records_of(download: &str) -> Vec<String> {
    download
        .split("\n[Event ")
        .enumerate()
        .map(|(k, t)| {
            if k == 0 {
                t.to_string()
            } else {
                format!("[Event {t}")
            }
        })
        .collect()
}

/// Checks `name`'s records download against the games' JSON: every game of `ids` is there,
/// in text and in JSON, and replays to its JSON's end.
async fn check_player(addr: SocketAddr, name: &str, ids: &[(&str, String)]) {
    let json = common::get(addr, &format!("/api/players/{name}/records?format=json")).await;
    assert_eq!(json.status, 200, "{}", json.body);
    let records: Vec<Value> = serde_json::from_value(json.json()).unwrap();
    let text = common::get(addr, &format!("/api/players/{name}/records")).await;
    assert_eq!(text.status, 200, "{}", text.body);
    let texts = records_of(&text.body);
    let sites: Vec<String> = records
        .iter()
        .map(|r| r["tags"][1][1].to_string())
        .collect();
    assert_eq!(records.len(), ids.len(), "{name}: {sites:?} {ids:?}");
    assert_eq!(texts.len(), ids.len(), "{}", text.body);
    for (games, id) in ids {
        let site = format!("game {id}");
        let g = get_game(addr, games, id).await;
        let rec = records
            .iter()
            .find(|r| {
                r["tags"]
                    .as_array()
                    .unwrap()
                    .contains(&json!(["Site", site]))
            })
            .unwrap_or_else(|| panic!("no JSON record of {id}: {}", json.body));
        let t = texts
            .iter()
            .find(|t| t.contains(&format!("[Site \"{site}\"]")))
            .unwrap_or_else(|| panic!("no text record of {id}: {}", text.body));
        for one in [rec.to_string(), t.clone()] {
            if *games == GAMES {
                replay_matches::<Game>(games, &one, &g);
            } else {
                replay_matches::<mandiri::Game>(games, &one, &g);
            }
        }
    }
}

/// An online Raja Pasu game of Ann (South) and Bo (North) with `body`: id, South's and
/// North's tokens.
async fn pair_game(ann: &mut Browser, bo: &mut Browser, body: Value) -> (String, String, String) {
    common::online_game(GAMES, ann, bo, body).await
}

/// Plays the moves `line` (hole numbers), each by the side to move, in the Raja Pasu game `id`.
async fn play_line(addr: SocketAddr, id: &str, tokens: [&str; 2], line: &[u8]) {
    for &mv in line {
        let g = get_game(addr, GAMES, id).await;
        let side = usize::from(g["view"]["to_move"] != "south");
        let a = act(
            addr,
            GAMES,
            id,
            "moves",
            json!({"move": mv, "token": tokens[side]}),
        )
        .await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
}

async fn raja_pasu_games_end_in_their_records(store: Backend) {
    let now = Arc::new(AtomicU64::new(T0));
    let s = server(&store, &now).await;
    let addr = s.addr;
    let mut ann = registered(addr, "Ann").await;
    let mut bo = registered(addr, "Bo").await;
    let small = "canonical/holes=3,counters=1";
    let mut ids = Vec::new();
    step("by the rules: North wins the single round", async {
        let body = json!({"kind": "online", "rules": small, "mode": "round"});
        let (id, south, north) = pair_game(&mut ann, &mut bo, body).await;
        play_line(addr, &id, [&south, &north], &[1, 1]).await;
        let g = check_game::<Game>(addr, GAMES, &id).await;
        assert_eq!(g["view"]["winner"], "north", "{g}");
        ids.push((GAMES, id));
    })
    .await;
    step(
        "decision 11: a match drawn by a round start repeated",
        async {
            let body = json!({"kind": "online", "rules": small});
            let (id, south, north) = pair_game(&mut ann, &mut bo, body).await;
            play_line(addr, &id, [&south, &north], &[1, 1, 2, 2, 2, 2, 2, 2, 2, 2]).await;
            let g = check_game::<Game>(addr, GAMES, &id).await;
            assert_eq!(g["view"]["status"], "match_over", "{g}");
            ids.push((GAMES, id));
        },
    )
    .await;
    step("a resignation", async {
        let body = json!({"kind": "online", "mode": "round"});
        let (id, south, north) = pair_game(&mut ann, &mut bo, body).await;
        play_line(addr, &id, [&south, &north], &[1]).await;
        let a = act(addr, GAMES, &id, "resign", json!({"token": north})).await;
        assert_eq!(a.status, 200, "{}", a.body);
        check_game::<Game>(addr, GAMES, &id).await;
        ids.push((GAMES, id));
    })
    .await;
    step("a time-out", async {
        let body = json!({"kind": "online", "mode": "round", "clock": "3+2"});
        let (id, south, north) = pair_game(&mut ann, &mut bo, body).await;
        play_line(addr, &id, [&south, &north], &[1]).await;
        // North's three minutes run out: the flag task ends the game.
        now.fetch_add(181_000, Ordering::SeqCst);
        common::wait_for(addr, GAMES, &id, |g| g["clock"]["timed_out"] == 1).await;
        let g = check_game::<Game>(addr, GAMES, &id).await;
        assert_eq!(
            g["resigned"], "north",
            "a time-out is a loss as a resignation: {g}"
        );
        ids.push((GAMES, id));
    })
    .await;
    step("a resignation in a timed game", async {
        let body = json!({"kind": "online", "mode": "round", "clock": "3+2"});
        let (id, south, _) = pair_game(&mut ann, &mut bo, body).await;
        let a = act(addr, GAMES, &id, "resign", json!({"token": south})).await;
        assert_eq!(a.status, 200, "{}", a.body);
        let g = check_game::<Game>(addr, GAMES, &id).await;
        assert_eq!(g["clock"]["timed_out"], Value::Null, "{g}");
        ids.push((GAMES, id));
    })
    .await;
    step("a draw agreed", async {
        let body = json!({"kind": "online", "mode": "round"});
        let (id, south, north) = pair_game(&mut ann, &mut bo, body).await;
        play_line(addr, &id, [&south, &north], &[1]).await;
        for token in [&south, &north] {
            let a = act(addr, GAMES, &id, "draw", json!({"token": token})).await;
            assert_eq!(a.status, 200, "{}", a.body);
        }
        check_game::<Game>(addr, GAMES, &id).await;
        ids.push((GAMES, id));
    })
    .await;
    step("the players' downloads", async {
        check_player(addr, "Ann", &ids).await;
        check_player(addr, "Bo", &ids).await;
    })
    .await;
    s.stop().await;
}

/// An online Mandiri game that the first of `players` (Ann, player 1) makes with `body` and
/// the others (Bo, Cy) join: its id and each player's token, by player index.
async fn table(players: &mut [Browser], body: Value) -> (String, Vec<String>) {
    let a = players[0].post(MANDIRI, body).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let created = a.json();
    let id = created["id"].as_str().unwrap().to_string();
    let mut tokens = vec![String::new(); 3];
    tokens[0] = created["token"].as_str().unwrap().to_string();
    let links = created["invites"].as_array().unwrap();
    for (b, link) in players[1..].iter_mut().zip(links) {
        let code = invite_code(&json!({"invite": link}));
        let j = b
            .post(&format!("{MANDIRI}/{id}/join"), json!({"invite": code}))
            .await;
        assert_eq!(j.status, 200, "{}", j.body);
        let player = j.json()["players"][0].as_u64().unwrap() as usize;
        tokens[player - 1] = j.json()["token"].as_str().unwrap().to_string();
    }
    (id, tokens)
}

/// Plays the first legal move, by the player to move, `n` times or until the game is over.
async fn play_first_moves(addr: SocketAddr, id: &str, tokens: &[String], n: usize) {
    for _ in 0..n {
        let g = get_game(addr, MANDIRI, id).await;
        if g["view"]["status"] != "playing" {
            return;
        }
        let seat = ["C", "R", "L"]
            .iter()
            .position(|s| g["view"]["to_move"] == *s)
            .unwrap();
        let player = g["view"]["seats"][seat].as_u64().unwrap() as usize;
        let mv = g["view"]["legal"][0].clone();
        let body = json!({"move": mv, "token": tokens[player - 1]});
        let a = act(addr, MANDIRI, id, "moves", body).await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
}

async fn mandiri_games_end_in_their_records(store: Backend) {
    let now = Arc::new(AtomicU64::new(T0));
    let s = server(&store, &now).await;
    let addr = s.addr;
    let mut ps = Vec::new();
    for name in ["Ann", "Bo", "Cy"] {
        ps.push(registered(addr, name).await);
    }
    let mut ids = Vec::new();
    step("by the rules: a single round played out", async {
        let body = json!({"kind": "online", "rules": "mandiri/mode=round"});
        let (id, tokens) = table(&mut ps, body).await;
        play_first_moves(addr, &id, &tokens, 5_000).await;
        let g = check_game::<mandiri::Game>(addr, MANDIRI, &id).await;
        assert_eq!(g["view"]["status"], "round_over", "{g}");
        ids.push((MANDIRI, id));
    })
    .await;
    step("a resignation: the other two share the win", async {
        let (id, tokens) = table(&mut ps, json!({"kind": "online"})).await;
        play_first_moves(addr, &id, &tokens, 2).await;
        let a = act(addr, MANDIRI, &id, "resign", json!({"token": tokens[1]})).await;
        assert_eq!(a.status, 200, "{}", a.body);
        let g = check_game::<mandiri::Game>(addr, MANDIRI, &id).await;
        assert_eq!(ending_of(MANDIRI, &g).1, "1,3");
        ids.push((MANDIRI, id));
    })
    .await;
    step("a time-out", async {
        let (id, tokens) = table(&mut ps, json!({"kind": "online", "clock": "3+2"})).await;
        play_first_moves(addr, &id, &tokens, 1).await;
        now.fetch_add(181_000, Ordering::SeqCst);
        let g = common::wait_for(addr, MANDIRI, &id, |g| !g["clock"]["timed_out"].is_null()).await;
        check_game::<mandiri::Game>(addr, MANDIRI, &id).await;
        assert!(g["resigned"].is_u64(), "{g}");
        ids.push((MANDIRI, id));
    })
    .await;
    step("a draw agreed", async {
        let (id, tokens) = table(&mut ps, json!({"kind": "online"})).await;
        play_first_moves(addr, &id, &tokens, 1).await;
        for token in &tokens {
            let a = act(addr, MANDIRI, &id, "draw", json!({"token": token})).await;
            assert_eq!(a.status, 200, "{}", a.body);
        }
        let g = check_game::<mandiri::Game>(addr, MANDIRI, &id).await;
        assert_eq!(ending_of(MANDIRI, &g).1, "1,2,3");
        ids.push((MANDIRI, id));
    })
    .await;
    step("the players' downloads", async {
        for name in ["Ann", "Bo", "Cy"] {
            check_player(addr, name, &ids).await;
        }
    })
    .await;
    s.stop().await;
}

/// A round-robin's boards forfeited without a game are in the event's records, each saying
/// who forfeited, with the forfeit's result.
async fn forfeits_without_a_game_are_recorded(store: Backend) {
    use common::tournament::{event, play, players, show, start};
    let now = Arc::new(AtomicU64::new(T0));
    let s = server(&store, &now).await;
    let names = ["Ann", "Bo", "Cy", "Di"];
    let mut ps = players(s.addr, &names).await;
    let body =
        json!({"name": "Windows", "format": "round-robin", "clock": "1d", "window_minutes": 60});
    let id = event(&mut ps, body).await;
    start(&mut ps[0], &id).await;
    // Round 1: Ann (leading Di) comes; Bo and Cy do not; the window closes.
    assert_eq!(play(&mut ps[0], &id).await["state"], "waiting");
    now.store(T0 + 3_600_000, Ordering::SeqCst);
    let v = show(&mut ps[1], &id).await;
    let r1 = &v["rounds"][0]["boards"];
    assert_eq!(
        (r1[0]["result"].as_str(), r1[1]["result"].as_str()),
        (Some("+:-"), Some("-:-"))
    );
    let a = common::get(s.addr, &format!("/api/tournaments/{id}/records")).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let texts = records_of(&a.body);
    assert_eq!(texts.len(), 2, "round 1's two boards: {}", a.body);
    for (text, who, result) in [
        (&texts[0], "North forfeited", "S"),
        (&texts[1], "South and North forfeited", "*"),
    ] {
        let record = GameRecord::<Game>::parse(text).unwrap();
        let game = record.check().unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(record.tag("Termination"), Some(who), "{text}");
        assert_eq!(record.stated_result.as_deref(), Some(result), "{text}");
        assert_eq!(record.result(&game), result);
        assert!(
            record.moves.is_empty() && text.contains("[Round \"1\"]"),
            "{text}"
        );
    }
    assert!(texts[0].contains("[South \"Ann\"]") && texts[0].contains("[North \"Di\"]"));
    s.stop().await;
}

/// A Mandiri table whose left end never came: its record names that player as forfeited,
/// and the two who came share the win.
async fn a_mandiri_forfeit_without_a_game_is_recorded(store: Backend) {
    use common::tournament::{event, play, players, show, start, who};
    let now = Arc::new(AtomicU64::new(T0));
    let s = server(&store, &now).await;
    let names = ["Ann", "Bo", "Cy"];
    let mut ps = players(s.addr, &names).await;
    let body = json!({"name": "Three", "format": "round-robin", "clock": "5+3",
                      "window_minutes": 60, "game": "mandiri"});
    let id = event(&mut ps, body).await;
    let v = start(&mut ps[0], &id).await;
    let b = &v["rounds"][0]["boards"][0];
    let seats = [&b["first"], &b["second"], &b["third"]].map(|n| who(&names, n));
    for &seat in &seats[..2] {
        assert_eq!(play(&mut ps[seat], &id).await["state"], "waiting");
    }
    now.store(T0 + 3_600_000, Ordering::SeqCst);
    let v = show(&mut ps[0], &id).await;
    assert!(!v["rounds"][0]["boards"][0]["result"].is_null(), "{v}");
    let a = common::get(s.addr, &format!("/api/tournaments/{id}/records")).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let record = mandiri::Record::parse(&a.body).unwrap_or_else(|e| panic!("{e}: {}", a.body));
    let game = record.check().unwrap_or_else(|e| panic!("{e}: {}", a.body));
    assert_eq!(
        record.tag("Termination"),
        Some("player 3 forfeited"),
        "{}",
        a.body
    );
    assert_eq!(record.stated_result.as_deref(), Some("1,2"), "{}", a.body);
    assert_eq!(record.result(&game), "1,2");
    assert_eq!(record.tag("Player3"), Some(names[seats[2]]), "{}", a.body);
    s.stop().await;
}

/// A game stored before a time-out was kept apart from a resignation (settings with
/// `resigned` and no `lost_by`) still reads as a time-out when its stopped clock left the
/// player no time, and as a resignation otherwise.
#[test]
fn a_time_out_stored_before_is_still_one() {
    use rajapasu_server::games::seating::Seating;
    use rajapasu_server::raja_pasu::settings::Settings;
    let stored = |left: u64| {
        format!(
            r#"{{"kind":"online","rules":"canonical","tokens":{{"south":"a","north":"b"}},"creator":"south","resigned":"north","clock":{{"control":"3+2","left":[170000,{left}],"lag":[0,0],"running":null}}}}"#
        )
    };
    let flagged: Settings = serde_json::from_str(&stored(0)).unwrap();
    assert_eq!(flagged.timed_out(), Some(rajapasu_engine::Side::North));
    let resigned: Settings = serde_json::from_str(&stored(5_000)).unwrap();
    assert_eq!(resigned.timed_out(), None);
    assert_eq!(resigned.resigned(), Some(rajapasu_engine::Side::North));
}

on_both_stores!(
    raja_pasu_games_end_in_their_records,
    mandiri_games_end_in_their_records,
    forfeits_without_a_game_are_recorded,
    a_mandiri_forfeit_without_a_game_is_recorded,
);
