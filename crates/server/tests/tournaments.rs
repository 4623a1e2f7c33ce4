//! Tournaments against a real server on either store: a round-robin of four played to its
//! final crosstable and exports; forfeits at a window's close by a clock of the test's own,
//! and a player withdrawn after two; an event that goes on after a restart; and two instances
//! on one PostgreSQL database moving one event at once, each round paired once.

#[macro_use]
mod common;
use common::tournament::{
    board_players, event, join, mine, play, players, refused, resign, server_on_clock, show, start,
    started_event, who, Hall, T0,
};
use common::{lasting_db, remove_sqlite_files, Backend, Browser, GAMES, MANDIRI};

use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

on_both_stores!(
    a_round_robin_of_four_is_played_to_its_crosstable,
    forfeits_at_a_windows_close_follow_who_came,
    an_event_goes_on_after_a_restart,
    an_arena_pairs_again_and_doubles_a_streak,
    a_pause_holds_the_window_and_the_schedule_shows_it,
    a_game_promised_but_not_stored_is_made_after_a_restart,
    a_club_round_robin_of_eight_runs_to_its_results,
    a_match_events_games_are_matches,
    a_late_player_enters_a_running_arena,
    a_mandiri_round_robin_of_six_runs_to_its_end,
    an_entry_window_starts_the_event_or_cancels_it,
);

async fn an_entry_window_starts_the_event_or_cancels_it(store: Backend) {
    let names = ["Ann", "Bo", "Cy"];
    let (hall, mut ps) = Hall::open(&store, "tournament-entry", &names).await;
    let closes = T0 + 3600;
    assert_eq!(
        refused(
            &mut ps[0],
            json!({"name": "Late", "format": "round-robin", "clock": "1d", "starts_at": T0})
        )
        .await,
        (422, json!("bad_start"))
    );
    // A round-robin of two by the window's close (it needs three): cancelled.
    let few = event(
        &mut ps[..2],
        json!({"name": "Few", "format": "round-robin", "clock": "1d", "starts_at": closes}),
    )
    .await;
    // A Swiss event of three, private: started by itself.
    let full = event(
        &mut ps,
        json!({"name": "Full", "format": "swiss", "rounds": 1, "clock": "1d", "starts_at": closes, "public": false}),
    )
    .await;
    // The public list (the lobby's) shows the public event only.
    let listed = ps[2].get("/api/tournaments").await.json();
    let ids: Vec<&str> = listed["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [few.as_str()], "{listed}");
    assert_eq!(listed["tournaments"][0]["starts_at"], closes);
    hall.at(closes - 1);
    let v = show(&mut ps[0], &few).await;
    assert_eq!(
        (v["state"].as_str(), v["next_deadline"].as_u64()),
        (Some("entry"), Some(closes))
    );
    hall.at(closes);
    let v = show(&mut ps[0], &few).await;
    assert_eq!(
        (
            v["state"].as_str(),
            v["cancelled"].as_bool(),
            v["fewest_players"].as_u64()
        ),
        (Some("finished"), Some(true), Some(3)),
        "{v}"
    );
    assert!(v["rounds"].as_array().unwrap().is_empty());
    let v = show(&mut ps[1], &full).await;
    assert_eq!(
        (v["state"].as_str(), v["cancelled"].as_bool()),
        (Some("running"), Some(false)),
        "{v}"
    );
    assert_eq!(v["started"], closes);
    assert_eq!(v["rounds"][0]["boards"].as_array().unwrap().len(), 1);
    // Entries are closed now.
    let mut di = players(hall.server.addr, &["Di"]).await;
    let j = join(&mut di[0], &full).await;
    assert_eq!(
        (j.status, j.json()["code"].clone()),
        (409, json!("entries_closed"))
    );
    hall.close().await;
}

async fn a_mandiri_round_robin_of_six_runs_to_its_end(store: Backend) {
    let addr = common::server_on(&store).await;
    let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"];
    let mut ps = players(addr, &names).await;
    assert_eq!(
        refused(&mut ps[0], json!({"name": "Three", "format": "arena", "minutes": 30, "clock": "3+2", "game": "mandiri"})).await,
        (422, json!("no_mandiri_arena"))
    );
    let body = json!({"name": "Three", "format": "round-robin", "clock": "5+3", "window_minutes": 60, "game": "mandiri"});
    let id = event(&mut ps, body).await;
    let v = start(&mut ps[0], &id).await;
    assert_eq!(
        (v["game"].as_str(), v["rounds_total"].as_u64()),
        (Some("mandiri"), Some(3))
    );
    // The schedule names the other two at the player's table.
    let schedule = mine(&mut ps[0]).await;
    let others = schedule["events"][0]["opponent"].as_str().unwrap();
    assert_eq!(others.split(", ").count(), 2, "{schedule}");
    // Each round: two tables; the three come, the last to come makes the game; the Raja
    // resigns: they lose to both ends, and the ends, who captured nothing, draw.
    let mut rajas = Vec::new();
    for round in 1..=3 {
        let v = show(&mut ps[0], &id).await;
        assert_eq!(v["rounds"].as_array().unwrap().len(), round, "{v}");
        let boards = v["rounds"][round - 1]["boards"].as_array().unwrap().clone();
        assert_eq!(boards.len(), 2, "{v}");
        assert!(v["rounds"][round - 1]["byes"]
            .as_array()
            .unwrap()
            .is_empty());
        for b in &boards {
            let seats = [&b["first"], &b["second"], &b["third"]].map(|n| who(&names, n));
            rajas.push(seats[0]);
            assert_eq!(play(&mut ps[seats[0]], &id).await["state"], "waiting");
            assert_eq!(play(&mut ps[seats[1]], &id).await["state"], "waiting");
            let last = play(&mut ps[seats[2]], &id).await;
            assert_eq!(
                (last["state"].as_str(), last["seat"].as_str()),
                (Some("playing"), Some("3")),
                "{last}"
            );
            let raja = play(&mut ps[seats[0]], &id).await;
            assert_eq!(
                (raja["id"].clone(), raja["seat"].as_str()),
                (last["id"].clone(), Some("1"))
            );
            assert!(raja["watch"].as_str().unwrap().starts_with("/m/"), "{raja}");
            let g = ps[seats[0]]
                .get(&format!("{MANDIRI}/{}", raja["id"].as_str().unwrap()))
                .await;
            assert_eq!(g.status, 200, "{}", g.body);
            // The game knows its event, for the page's way back to it.
            assert_eq!(g.json()["event"], json!(id), "{}", g.body);
            resign(&mut ps[seats[0]], &raja).await;
        }
        let v = show(&mut ps[0], &id).await;
        let done = &v["rounds"][round - 1]["boards"][0];
        assert_eq!(done["points"], json!([0.0, 1.5, 1.5]), "{v}");
        assert_eq!(done["result"], "0-1", "the Raja lost to the right end: {v}");
    }
    rajas.sort_unstable();
    assert_eq!(rajas, [0, 1, 2, 3, 4, 5], "each holds the Raja's seat once");
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["state"], "finished", "{v}");
    // Everyone: Raja once (0), an end twice (1.5 each): 3 points from 6 pairwise games.
    for s in v["standings"].as_array().unwrap() {
        assert_eq!(
            (s["score"].as_f64(), s["games"].as_u64()),
            (Some(3.0), Some(6)),
            "{s}"
        );
    }
    // The crosstable is pairwise: each cell what the row player scored against the column's.
    let cross = v["crosstable"].as_array().unwrap();
    assert_eq!(cross.len(), 6);
    let cells: usize = cross
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .filter(|c| c.as_str() != Some(""))
                .count()
        })
        .sum();
    assert!(
        cells >= 2 * 12,
        "every player met at least four others: {cross:?}"
    );
    let csv = ps[0]
        .get(&format!("/api/tournaments/{id}/crosstable.csv"))
        .await;
    assert_eq!(csv.body.lines().count(), 7, "{}", csv.body);
    let rec = ps[0].get(&format!("/api/tournaments/{id}/records")).await;
    assert_eq!(rec.status, 200);
    assert!(!rec.body.trim().is_empty(), "the Mandiri games' records");
}

async fn a_late_player_enters_a_running_arena(store: Backend) {
    let names = ["Ann", "Bo", "Cy"];
    let (hall, mut ps) = Hall::open_still(&store, "tournament-late", &names).await;
    let body = json!({"name": "Blitz", "format": "arena", "minutes": 10, "clock": "3+2"});
    let id = started_event(&mut ps[..2], body).await;
    // A Swiss event that has started takes no one.
    let swiss = event(
        &mut ps[..2],
        json!({"name": "Swiss", "format": "swiss", "rounds": 1, "clock": "5+3"}),
    )
    .await;
    start(&mut ps[0], &swiss).await;
    let j = join(&mut ps[2], &swiss).await;
    assert_eq!(
        (j.status, j.json()["code"].clone()),
        (409, json!("entries_closed"))
    );
    // Cy joins the arena while Ann and Bo play: entered, waiting.
    let j = join(&mut ps[2], &id).await;
    assert_eq!(j.status, 200, "{}", j.body);
    assert_eq!(j.json()["players"], json!(["Ann", "Bo", "Cy"]));
    assert_eq!(play(&mut ps[2], &id).await["state"], "none");
    // Bo resigns: Ann, on top, meets Cy (not Bo again at once).
    let bo = play(&mut ps[1], &id).await;
    resign(&mut ps[1], &bo).await;
    let v = show(&mut ps[0], &id).await;
    let last = &v["arena_games"][1];
    assert_eq!(
        [last["first"].as_str(), last["second"].as_str()]
            .iter()
            .filter(|n| matches!(n, Some("Ann") | Some("Cy")))
            .count(),
        2,
        "{v}"
    );
    assert_eq!(play(&mut ps[2], &id).await["state"], "playing");
    // At the arena's end nobody joins any more.
    hall.at(T0 + 600);
    let mut di = players(hall.server.addr, &["Di"]).await;
    let j = join(&mut di[0], &id).await;
    assert_eq!(j.status, 409, "{}", j.body);
    hall.close().await;
}

async fn a_match_events_games_are_matches(store: Backend) {
    let addr = common::server_on(&store).await;
    let names = ["Ann", "Bo"];
    let mut ps = players(addr, &names).await;
    assert_eq!(
        refused(
            &mut ps[0],
            json!({"name": "Club", "format": "swiss", "rounds": 1, "clock": "5+3", "game": "chess"})
        )
        .await,
        (422, json!("bad_game"))
    );
    let a = ps[0]
        .post(
            "/api/tournaments",
            json!({"name": "Club", "format": "swiss", "rounds": 1, "clock": "5+3", "mode": "set"}),
        )
        .await;
    // Read as a seek's mode is: a word that is none is refused with the words it may be.
    assert_eq!(
        (a.status, a.json()["code"].clone()),
        (400, json!("bad_json"))
    );
    assert!(a.body.contains("`round` or `match`"), "{}", a.body);
    let body =
        json!({"name": "Club", "format": "swiss", "rounds": 1, "clock": "5+3", "mode": "match"});
    let id = event(&mut ps, body).await;
    let v = show(&mut ps[0], &id).await;
    assert_eq!(
        (v["game"].as_str(), v["mode"].as_str()),
        (Some("raja_pasu"), Some("match"))
    );
    let listed = ps[1].get("/api/tournaments").await.json();
    assert_eq!(listed["tournaments"][0]["mode"], "match", "{listed}");
    start(&mut ps[0], &id).await;
    let (first, second) = board_players(&mut ps[0], &id, &names, 0).await;
    play(&mut ps[first], &id).await;
    let mine = play(&mut ps[second], &id).await;
    let game = mine["id"].as_str().unwrap();
    let g = ps[first].get(&format!("{GAMES}/{game}")).await.json();
    let rules = g["view"]["rules"].as_str().unwrap_or_default();
    assert!(
        rules.starts_with("canonical") && !rules.contains("mode=round"),
        "a match's rules: {g}"
    );
    assert_eq!(g["event"], json!(id), "an event's game names it: {g}");
    resign(&mut ps[second], &mine).await;
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["state"], "finished", "{v}");
    assert_eq!(v["standings"][0]["name"], names[first], "{v}");
    assert_eq!(v["standings"][0]["score"], 1.0, "{v}");
}

async fn a_round_robin_of_four_is_played_to_its_crosstable(store: Backend) {
    let addr = common::server_on(&store).await;
    let names = ["Ann", "Bo", "Cy", "Di"];
    let mut ps = players(addr, &names).await;
    // Guests cannot make one.
    let mut guest = Browser::new(addr);
    let body = json!({"name": "Club", "format": "round-robin", "clock": "5+3", "window_minutes": 60, "rated": true});
    let g = guest.post("/api/tournaments", body.clone()).await;
    assert_eq!(
        (g.status, g.json()["code"].clone()),
        (403, json!("signed_out"))
    );
    let id = event(&mut ps, body).await;
    let listed = guest.get("/api/tournaments").await.json();
    assert_eq!(listed["tournaments"][0]["players"], 4);
    // Only the creator starts it.
    let s = ps[1]
        .post(&format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(s.status, 403, "{}", s.body);
    start(&mut ps[0], &id).await;
    // Each round: both players come, the game is made; the answering player resigns.
    for round in 1..=3 {
        let v = show(&mut ps[0], &id).await;
        assert_eq!(v["rounds"].as_array().unwrap().len(), round, "{v}");
        // A round-robin's bye (none with four) scores nothing: the player sits out.
        assert_eq!(v["bye_points"], 0.0, "{v}");
        let boards = v["rounds"][round - 1]["boards"].as_array().unwrap().clone();
        assert_eq!(boards.len(), 2);
        for b in &boards {
            let (first, second) = (who(&names, &b["first"]), who(&names, &b["second"]));
            assert_eq!(play(&mut ps[first], &id).await["state"], "waiting");
            let mine = play(&mut ps[second], &id).await;
            assert_eq!(mine["state"], "playing", "{mine}");
            assert_eq!(mine["seat"], "north");
            let game = mine["id"].as_str().unwrap();
            let lead = play(&mut ps[first], &id).await;
            assert_eq!(
                (lead["id"].as_str(), lead["seat"].as_str()),
                (Some(game), Some("south"))
            );
            let g = ps[first].get(&format!("{GAMES}/{game}")).await.json();
            assert_eq!(
                g["accounts"],
                json!({"south": names[first], "north": names[second]})
            );
            assert_eq!(g["rated"], true, "a rated event's games are rated");
            resign(&mut ps[second], &mine).await;
        }
    }
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["state"], "finished", "{v}");
    // The Berger table of four, leaders winning: 1-4 2-3, 4-3 1-2, 2-4 3-1.
    // Ann 2 (beat Di, Bo), Bo 2 (Cy, Di), Cy 1 (Ann), Di 1 (Cy).
    let scores: Vec<(String, f64)> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["score"].as_f64().unwrap(),
            )
        })
        .collect();
    let total: f64 = scores.iter().map(|s| s.1).sum();
    assert_eq!(total, 6.0, "{scores:?}");
    assert_eq!(v["tie_breaks"], json!(["SB", "Ctrs"]));
    assert_eq!(v["crosstable"].as_array().unwrap().len(), 4);
    let row0 = &v["crosstable"][0];
    assert_eq!(row0[0], "", "no game against oneself");
    // The exports.
    let csv = guest
        .get(&format!("/api/tournaments/{id}/crosstable.csv"))
        .await;
    assert_eq!(csv.status, 200);
    let lines: Vec<&str> = csv.body.lines().collect();
    assert_eq!(lines[0], "rank,player,1,2,3,4,score,SB,Ctrs");
    assert_eq!(lines.len(), 5);
    let first = v["standings"][0]["name"].as_str().unwrap();
    assert!(
        lines[1].starts_with(&format!("1,{first},x,")),
        "{}",
        csv.body
    );
    let st = guest
        .get(&format!("/api/tournaments/{id}/standings.json"))
        .await
        .json();
    assert_eq!(st["finished"], true);
    assert_eq!(st["standings"].as_array().unwrap().len(), 4);
    assert!(st["standings"][0]["tie_breaks"]["SB"].is_number(), "{st}");
    let rec = guest.get(&format!("/api/tournaments/{id}/records")).await;
    assert_eq!(rec.status, 200);
    assert_eq!(rec.body.matches("resigned").count(), 6, "{}", rec.body);
}

async fn forfeits_at_a_windows_close_follow_who_came(store: Backend) {
    let names = ["Ann", "Bo", "Cy", "Di"];
    let (hall, mut ps) = Hall::open(&store, "tournament-forfeits", &names).await;
    let body =
        json!({"name": "Windows", "format": "round-robin", "clock": "1d", "window_minutes": 60});
    let id = started_event(&mut ps, body).await;
    // Round 1: Ann (leading Di) comes; Bo and Cy do not.
    assert_eq!(play(&mut ps[0], &id).await["state"], "waiting");
    hall.at(T0 + 3599);
    let v = show(&mut ps[0], &id).await;
    assert_eq!(
        v["rounds"][0]["boards"][0]["result"],
        Value::Null,
        "the window is open"
    );
    assert_eq!(v["next_deadline"], T0 + 3600);
    hall.at(T0 + 3600);
    let v = show(&mut ps[1], &id).await;
    let r1 = &v["rounds"][0]["boards"];
    assert_eq!(
        (r1[0]["first"].as_str(), r1[0]["result"].as_str()),
        (Some("Ann"), Some("+:-"))
    );
    assert_eq!(
        (r1[1]["first"].as_str(), r1[1]["result"].as_str()),
        (Some("Bo"), Some("-:-"))
    );
    assert_eq!(
        v["rounds"].as_array().unwrap().len(),
        2,
        "round 2 is paired"
    );
    assert_eq!(v["rounds"][1]["closes"], T0 + 7200);
    assert_eq!(v["crosstable_order"][0], "Ann");
    // Coming after the window closed does not count: Bo is in round 2 now (4-3 1-2: Di leads
    // Cy, Ann leads Bo). Nobody comes.
    hall.at(T0 + 7200);
    let v = show(&mut ps[2], &id).await;
    let withdrawn: Vec<bool> = v["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["withdrawn"].as_bool().unwrap())
        .collect();
    // Bo, Cy and Di forfeited twice running; Ann came once, so once.
    assert_eq!(withdrawn, [false, true, true, true]);
    // Round 3 is all games of withdrawn players: scored at once, and the event is over.
    assert_eq!(v["state"], "finished", "{v}");
    assert_eq!(v["rounds"][2]["boards"][1]["result"], "-:+");
    assert_eq!(v["standings"][0]["name"], "Ann");
    assert_eq!(v["standings"][0]["forfeits"], 3);
    let row: Vec<&str> = v["crosstable"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(row.iter().filter(|c| **c == "+").count(), 2, "{row:?}");
    hall.close().await;
}

async fn an_event_goes_on_after_a_restart(store: Backend) {
    let db = lasting_db(&store, "tournament-restart");
    let now = Arc::new(AtomicU64::new(T0));
    let server = server_on_clock(&db, &now).await;
    let names = ["Ann", "Bo", "Cy"];
    let mut ps = players(server.addr, &names).await;
    let body = json!({"name": "Restart", "format": "swiss", "rounds": 2, "clock": "1d", "window_minutes": 60});
    let id = started_event(&mut ps, body).await;
    let (first, second) = board_players(&mut ps[0], &id, &names, 0).await;
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["rounds"][0]["byes"].as_array().unwrap().len(), 1);
    // A Swiss bye scores a win: the event says so, for its page to tell the player.
    assert_eq!(v["bye_points"], 1.0, "{v}");
    play(&mut ps[first], &id).await;
    let game = play(&mut ps[second], &id).await;
    assert_eq!(game["state"], "playing");
    server.stop().await;

    // Another start, the window long closed: the game made plays on; the event is there.
    now.store(T0 + 5000, Ordering::SeqCst);
    let server = server_on_clock(&db, &now).await;
    for p in ps.iter_mut() {
        p.addr = server.addr;
    }
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["state"], "running");
    assert_eq!(v["rounds"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["rounds"][0]["boards"][0]["result"], Value::Null);
    let mine = play(&mut ps[first], &id).await;
    assert_eq!(mine["state"], "playing");
    resign(&mut ps[first], &mine).await;
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "0-1");
    assert_eq!(
        v["rounds"].as_array().unwrap().len(),
        2,
        "round 2 paired: {v}"
    );
    assert_eq!(v["rounds"][1]["closes"], T0 + 5000 + 3600);
    server.stop().await;
    remove_sqlite_files(&store, &db);
}

async fn an_arena_pairs_again_and_doubles_a_streak(store: Backend) {
    let names = ["Ann", "Bo"];
    // The games' clocks stand still: no game ends on time.
    let (hall, mut ps) = Hall::open_still(&store, "tournament-arena", &names).await;
    // Days a move make no arena.
    assert_eq!(
        refused(
            &mut ps[0],
            json!({"name": "Blitz", "format": "arena", "minutes": 10, "clock": "1d"})
        )
        .await,
        (422, json!("bad_clock"))
    );
    let body = json!({"name": "Blitz", "format": "arena", "minutes": 10, "clock": "3+2"});
    let id = event(&mut ps, body).await;
    let s = start(&mut ps[0], &id).await;
    assert_eq!(s["ends"], T0 + 600);
    // Bo loses four games running, each by resigning: the two, alone in the arena, are paired
    // again at once. Ann's third and fourth wins are on a streak: 2 + 2 + 4 + 4.
    let mut ann_points = vec![];
    for k in 0..4 {
        if k == 3 {
            // The arena's time is up while the fourth game plays: it still counts.
            hall.at(T0 + 600);
        }
        let bo = play(&mut ps[1], &id).await;
        assert_eq!(bo["state"], "playing", "game {k}: {bo}");
        resign(&mut ps[1], &bo).await;
        let v = show(&mut ps[0], &id).await;
        let ann = &v["standings"][0];
        assert_eq!(ann["name"], "Ann");
        ann_points.push(ann["score"].as_f64().unwrap());
        assert_eq!(
            v["arena_games"].as_array().unwrap().len(),
            (k + 2).min(4),
            "{v}"
        );
    }
    assert_eq!(ann_points, [2.0, 4.0, 8.0, 12.0]);
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["state"], "finished", "{v}");
    assert_eq!(v["standings"][0]["streak"], true);
    assert_eq!(v["standings"][1]["score"], 0.0);
    let sheet: Vec<u64> = v["standings"][0]["sheet"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["points"].as_u64().unwrap())
        .collect();
    assert_eq!(sheet, [2, 2, 4, 4]);
    assert_eq!(play(&mut ps[1], &id).await["state"], "none");
    hall.close().await;
}

async fn a_pause_holds_the_window_and_the_schedule_shows_it(store: Backend) {
    let names = ["Ann", "Bo", "Cy"];
    let (hall, mut ps) = Hall::open(&store, "tournament-pause", &names).await;
    let body =
        json!({"name": "Slow", "format": "round-robin", "clock": "1d", "window_minutes": 60});
    let id = started_event(&mut ps, body).await;
    // Round 1 of three players: one has the bye; the two who play have their game and its
    // deadline in their schedule.
    let (first, second) = board_players(&mut ps[0], &id, &names, 0).await;
    let first_event = |v: &Value| v["events"][0].clone();
    let m = first_event(&mine(&mut ps[first]).await);
    assert_eq!(
        (m["name"].as_str(), m["deadline"].as_u64()),
        (Some("Slow"), Some(T0 + 3600))
    );
    assert_eq!(m["opponent"].as_str(), Some(names[second]));
    // Only the creator pauses.
    let p = ps[1]
        .post(
            &format!("/api/tournaments/{id}/pause"),
            json!({"paused": true}),
        )
        .await;
    assert_eq!(p.status, 403, "{}", p.body);
    hall.at(T0 + 100);
    let p = ps[0]
        .post(
            &format!("/api/tournaments/{id}/pause"),
            json!({"paused": true}),
        )
        .await;
    assert_eq!(p.status, 200, "{}", p.body);
    assert_eq!(p.json()["paused"], true);
    // The window's end passes during the pause: no forfeit.
    hall.at(T0 + 5000);
    let v = show(&mut ps[2], &id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], Value::Null, "{v}");
    assert_eq!(v["next_deadline"], Value::Null);
    // Going on moves the window on by the pause (4,900 s).
    let p = ps[0]
        .post(
            &format!("/api/tournaments/{id}/pause"),
            json!({"paused": false}),
        )
        .await;
    assert_eq!(p.status, 200, "{}", p.body);
    assert_eq!(p.json()["rounds"][0]["closes"], T0 + 3600 + 4900);
    let m = first_event(&mine(&mut ps[second]).await);
    assert_eq!(m["deadline"], T0 + 8500);
    hall.at(T0 + 8500);
    let v = show(&mut ps[2], &id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "-:-");
    hall.close().await;
}

/// The organiser: eight players, three days a game, one link; every round played
/// (the answering player resigns), to the final crosstable and its exports.
async fn a_club_round_robin_of_eight_runs_to_its_results(store: Backend) {
    // Eight players behind one address, as a test sends them: no rate limits.
    let limits = rajapasu_server::limits::Limits {
        moves_per_second: 0,
        logins_per_minute: 0,
        ..rajapasu_server::limits::Limits::default()
    };
    let server = rajapasu_server::spawn_with(
        "127.0.0.1:0",
        store.db(),
        limits,
        rajapasu_server::games::Policy::default(),
    )
    .await
    .expect("server starts");
    let addr = server.addr;
    let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"];
    let mut ps = players(addr, &names).await;
    let body = json!({"name": "Club of eight", "format": "round-robin", "clock": "1d", "window_minutes": 4320, "public": false});
    let id = event(&mut ps, body).await;
    let listed = common::get(addr, "/api/tournaments").await.json();
    assert!(
        listed["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["id"] != json!(id)),
        "private: not listed"
    );
    start(&mut ps[0], &id).await;
    for round in 1..=7 {
        let v = show(&mut ps[0], &id).await;
        assert_eq!(v["rounds"].as_array().unwrap().len(), round, "{v}");
        for b in v["rounds"][round - 1]["boards"].as_array().unwrap() {
            let (first, second) = (who(&names, &b["first"]), who(&names, &b["second"]));
            play(&mut ps[first], &id).await;
            let mine = play(&mut ps[second], &id).await;
            resign(&mut ps[second], &mine).await;
        }
    }
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["state"], "finished");
    let games: Vec<u64> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["games"].as_u64().unwrap())
        .collect();
    assert_eq!(games, [7; 8]);
    let total: f64 = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 28.0);
    // Everyone met everyone once: every cell off the diagonal holds one result.
    let cross = v["crosstable"].as_array().unwrap();
    for (a, row) in cross.iter().enumerate() {
        for (b, cell) in row.as_array().unwrap().iter().enumerate() {
            let cell = cell.as_str().unwrap();
            assert!(
                if a == b {
                    cell.is_empty()
                } else {
                    cell == "1" || cell == "0"
                },
                "{a} {b}: {cell:?}"
            );
        }
    }
    let csv = common::get(addr, &format!("/api/tournaments/{id}/crosstable.csv")).await;
    assert_eq!(csv.body.lines().count(), 9, "{}", csv.body);
    let rec = common::get(addr, &format!("/api/tournaments/{id}/records")).await;
    assert_eq!(rec.body.matches("resigned").count(), 28);
    server.stop().await;
}

/// Deletes the game `id` from the store behind the servers' backs, as if its instance had
/// stopped after storing the event that promised it and before storing the game.
async fn forget_game(store: &Backend, db: &str, id: &str) {
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            conn.execute("DELETE FROM moves WHERE game = ?1", [id])
                .unwrap();
            assert_eq!(
                conn.execute("DELETE FROM games WHERE id = ?1", [id])
                    .unwrap(),
                1
            );
        }
        Backend::Postgres(url) => {
            let client = common::pg(url).await;
            client
                .execute("DELETE FROM moves WHERE game = $1", &[&id])
                .await
                .unwrap();
            let n = client
                .execute("DELETE FROM games WHERE id = $1", &[&id])
                .await
                .unwrap();
            assert_eq!(n, 1);
        }
    }
}

async fn a_game_promised_but_not_stored_is_made_after_a_restart(store: Backend) {
    let db = lasting_db(&store, "tournament-promised");
    let now = Arc::new(AtomicU64::new(T0));
    let server = server_on_clock(&db, &now).await;
    let names = ["Ann", "Bo"];
    let mut ps = players(server.addr, &names).await;
    let body =
        json!({"name": "Two", "format": "swiss", "rounds": 1, "clock": "1d", "window_minutes": 60});
    let id = started_event(&mut ps, body).await;
    play(&mut ps[0], &id).await;
    let bo = play(&mut ps[1], &id).await;
    let game = bo["id"].as_str().unwrap().to_string();
    server.stop().await;
    forget_game(&store, &db, &game).await;

    let server = server_on_clock(&db, &now).await;
    for p in ps.iter_mut() {
        p.addr = server.addr;
    }
    // The first look at the event makes the game from the settings it kept: same id, same
    // seats. The token Bo was handed went with the lost game (the event keeps no token); Bo's
    // Play hands a new one, which plays in it.
    show(&mut ps[0], &id).await;
    let g = ps[1].get(&format!("{GAMES}/{game}")).await;
    assert_eq!(g.status, 200, "{}", g.body);
    assert_eq!(g.json()["accounts"], json!({"south": "Ann", "north": "Bo"}));
    let bo = play(&mut ps[1], &id).await;
    assert_eq!(bo["id"], game.as_str(), "{bo}");
    resign(&mut ps[1], &bo).await;
    let v = show(&mut ps[0], &id).await;
    assert_eq!(v["rounds"][0]["boards"][0]["result"], "1-0");
    assert_eq!(v["state"], "finished");
    server.stop().await;
    remove_sqlite_files(&store, &db);
}

/// The event `id` asked for twelve times at once, of each server at `addrs` in turn: the
/// answers (each 200).
async fn asked_at_once(addrs: [std::net::SocketAddr; 2], id: &str) -> Vec<Value> {
    let asks: Vec<_> = (0..12)
        .map(|k| {
            let (addr, path) = (addrs[k % 2], format!("/api/tournaments/{id}"));
            tokio::spawn(async move { common::get(addr, &path).await })
        })
        .collect();
    let mut seen = Vec::new();
    for t in asks {
        let a = t.await.unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
        seen.push(a.json());
    }
    seen
}

/// The event `id` as each server at `addrs` shows it.
async fn views(addrs: [std::net::SocketAddr; 2], id: &str) -> [Value; 2] {
    let path = format!("/api/tournaments/{id}");
    [
        common::get(addrs[0], &path).await.json(),
        common::get(addrs[1], &path).await.json(),
    ]
}

/// Two instances on one database, the same clock: the window of round 1 closes, and both are
/// asked for the event at once, many times; round 2 is paired once, and both show the same.
#[tokio::test]
async fn two_instances_pair_each_round_once() {
    let Some(store) = Backend::postgres(module_path!()).await else {
        return;
    };
    let now = Arc::new(AtomicU64::new(T0));
    let a = server_on_clock(store.db(), &now).await;
    let b = server_on_clock(store.db(), &now).await;
    let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"];
    let mut ps = players(a.addr, &names).await;
    let body = json!({"name": "Twice", "format": "swiss", "rounds": 3, "clock": "1d", "window_minutes": 60});
    let id = started_event(&mut ps, body).await;
    // A socket on B hears of changes made on A.
    let url = format!("ws://{}/api/tournaments/{id}/ws", b.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let first = common::next_json(&mut ws).await;
    assert_eq!(first["rounds"].as_array().unwrap().len(), 1);
    // Everyone comes to board 1 on A: its game is made.
    let (f, s) = board_players(&mut ps[0], &id, &names, 0).await;
    play(&mut ps[f], &id).await;
    let made = play(&mut ps[s], &id).await;
    assert_eq!(made["state"], "playing");
    // (A notice of an earlier change may come first: each message is the event as it is.)
    loop {
        let told = common::next_json(&mut ws).await;
        if told["rounds"][0]["boards"][0]["present"] == json!([true, true]) {
            break;
        }
    }
    // The window closes; both instances are asked at once.
    now.store(T0 + 3600, Ordering::SeqCst);
    asked_at_once([a.addr, b.addr], &id).await;
    let [va, vb] = views([a.addr, b.addr], &id).await;
    // Board 1's game plays on; the others are forfeits; round 2 waits for board 1.
    assert_eq!(va["rounds"], vb["rounds"]);
    assert_eq!(va["rounds"].as_array().unwrap().len(), 1, "{va}");
    assert_eq!(va["rounds"][0]["boards"][1]["result"], "-:-");
    // Board 1 ends on B: round 2 is paired, once.
    let (game, token) = (
        made["id"].as_str().unwrap(),
        made["token"].as_str().unwrap(),
    );
    common::resign(b.addr, GAMES, game, token).await;
    let seen = asked_at_once([a.addr, b.addr], &id).await;
    let [va, vb] = views([a.addr, b.addr], &id).await;
    assert_eq!(va["rounds"], vb["rounds"]);
    assert_eq!(va["rounds"].as_array().unwrap().len(), 2, "{va}");
    // Every change stored once: made (0), five joined, started, two came, the window's
    // forfeits, the result with round 2: ten, however many requests and ticks raced.
    assert_eq!(
        (va["version"].as_u64(), vb["version"].as_u64()),
        (Some(10), Some(10))
    );
    // Every answer showed round 2 as the one stored, or none yet.
    for v in &seen {
        let rounds = v["rounds"].as_array().unwrap();
        if rounds.len() == 2 {
            assert_eq!(rounds[1]["boards"], va["rounds"][1]["boards"]);
        }
    }
    a.stop().await;
    b.stop().await;
}
