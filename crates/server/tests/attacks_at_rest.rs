//! Seat tokens at rest (docs/SERVER.md, "Attacks and what holds", seat-tokens-at-rest): games
//! are played as guests, in accounts (a second device of each), from the lobby and in a
//! tournament; then every text of every table of the store is read, as a copy of the database
//! would give it, and no token handed out is found there, while every token still acts for its
//! seat and a wrong one is refused. A database written before tokens were hashed is hashed when
//! the store opens, and its games still play with their old links. On SQLite and PostgreSQL.

#[macro_use]
mod common;
use common::tournament::{event, play, players, start};
use common::{lasting_db, pg, remove_sqlite_files, second_device, Backend, Browser, GAMES};

use serde_json::{json, Value};

/// A server on `db`, stopped by the test.
async fn server_on(db: &str) -> rajapasu_server::Running {
    common::server_with_policy(db, rajapasu_server::games::Policy::default()).await
}

/// Every text in every table of the store on `db`, one after another.
async fn every_text(store: &Backend, db: &str) -> String {
    let mut out = String::new();
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            let tables: Vec<String> = conn
                .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert!(tables.iter().any(|t| t == "games"), "{tables:?}");
            for table in tables {
                let mut s = conn.prepare(&format!("SELECT * FROM \"{table}\"")).unwrap();
                let columns = s.column_count();
                let mut rows = s.query([]).unwrap();
                while let Some(row) = rows.next().unwrap() {
                    for c in 0..columns {
                        if let rusqlite::types::ValueRef::Text(t) = row.get_ref(c).unwrap() {
                            out.push_str(&String::from_utf8_lossy(t));
                            out.push('\n');
                        }
                    }
                }
            }
        }
        Backend::Postgres(url) => {
            let client = pg(url).await;
            let columns = client
                .query(
                    "SELECT table_name::text, column_name::text FROM information_schema.columns
                     WHERE table_schema = 'public'",
                    &[],
                )
                .await
                .unwrap();
            assert!(columns.len() > 10, "the store's tables are read");
            for c in columns {
                let (table, column): (String, String) = (c.get(0), c.get(1));
                let sql = format!("SELECT \"{column}\"::text FROM \"{table}\"");
                for row in client.query(&sql, &[]).await.unwrap() {
                    if let Some(t) = row.get::<_, Option<String>>(0) {
                        out.push_str(&t);
                        out.push('\n');
                    }
                }
            }
        }
    }
    out
}

/// Sets the name of the seat `token` holds in the online game `id`: the status.
async fn name_with(b: &mut Browser, games: &str, id: &str, token: &str) -> u16 {
    b.post(
        &format!("{games}/{id}/name"),
        json!({"token": token, "name": "Kept"}),
    )
    .await
    .status
}

/// A token of the answer `v`.
fn token_of(v: &Value) -> String {
    v["token"].as_str().expect("a token").to_string()
}

/// A seat handed out: the game's id and the token.
struct Handed {
    id: String,
    token: String,
}

async fn no_seat_token_is_kept_in_clear(store: Backend) {
    let db = lasting_db(&store, "rajapasu-at-rest");
    let server = server_on(&db).await;
    let addr = server.addr;
    let mut handed: Vec<Handed> = Vec::new();

    // Two guests online: a link each.
    let (mut south, mut north) = (Browser::new(addr), Browser::new(addr));
    let body = json!({"kind": "online", "mode": "round", "side": "south"});
    let (id, s, n) = common::online_game(GAMES, &mut south, &mut north, body).await;
    handed.push(Handed {
        id: id.clone(),
        token: s,
    });
    handed.push(Handed { id, token: n });
    // A guest against the computer, moved to an account at its registration.
    let (_eve, cid, ctoken) = common::computer_game_kept_at_registration(addr, "Eve").await;

    // Two accounts online, and each one's second device.
    let (mut ann, mut bo) = common::ann_and_bo(addr).await;
    let body = json!({"kind": "online", "mode": "round", "clock": "1d", "side": "south"});
    let (aid, a, b) = common::online_game(GAMES, &mut ann, &mut bo, body).await;
    handed.push(Handed {
        id: aid.clone(),
        token: a,
    });
    handed.push(Handed {
        id: aid.clone(),
        token: b,
    });
    let mut devices = Vec::new();
    for name in ["Ann", "Bo"] {
        let mut second = second_device(addr, name).await;
        let seat = second.get(&format!("{GAMES}/{aid}/seat")).await;
        assert_eq!(seat.status, 200, "{}", seat.body);
        handed.push(Handed {
            id: aid.clone(),
            token: token_of(&seat.json()),
        });
        devices.push(second);
    }

    // The lobby: a guest's seek, told on its socket, taken by another guest.
    let body = json!({"clock": "3+2"});
    let (ws, taken, started) = common::lobby::guests_paired(addr, body).await;
    let lid = taken["id"].as_str().unwrap().to_string();
    handed.push(Handed {
        id: lid.clone(),
        token: token_of(&taken),
    });
    handed.push(Handed {
        id: lid,
        token: token_of(&started),
    });

    // A tournament: each player told their seat when they come.
    let names = ["Tia", "Udo"];
    let mut ps = players(addr, &names).await;
    let body = json!({"name": "Club", "format": "swiss", "rounds": 1, "clock": "5+3"});
    let tid = event(&mut ps, body).await;
    start(&mut ps[0], &tid).await;
    play(&mut ps[0], &tid).await;
    for k in [1, 0] {
        let mine = play(&mut ps[k], &tid).await;
        assert_eq!(mine["state"], "playing", "{mine}");
        handed.push(Handed {
            id: mine["id"].as_str().unwrap().to_string(),
            token: token_of(&mine),
        });
    }

    // Every token acts for its seat; a wrong one is refused.
    let mut anyone = Browser::new(addr);
    for h in &handed {
        assert_eq!(name_with(&mut anyone, GAMES, &h.id, &h.token).await, 200);
        let wrong = name_with(&mut anyone, GAMES, &h.id, "wrongtokenwrongtokenwron").await;
        assert_eq!(wrong, 403);
    }
    server.stop().await;

    // A copy of the database: no token handed out is in it.
    handed.push(Handed {
        id: cid,
        token: ctoken,
    });
    let texts = every_text(&store, &db).await;
    for h in &handed {
        assert!(
            !texts.contains(&h.token),
            "the token of a seat of {} is kept in clear",
            h.id
        );
    }
    drop(ws);
    remove_sqlite_files(&store, &db);
}

/// Keeps `token` in clear where an earlier version kept it: the game's first token of South
/// (an earlier version made no other), the account's game.
fn as_before(meta: &str, token: &str) -> String {
    let mut v: Value = serde_json::from_str(meta).unwrap();
    v["tokens"]["south"] = json!(token);
    v.as_object_mut().unwrap().remove("devices");
    v.to_string()
}

async fn store_as_before(store: &Backend, db: &str, id: &str, token: &str) {
    match store {
        Backend::Sqlite => {
            let conn = rusqlite::Connection::open(db).unwrap();
            let meta: String = conn
                .query_row("SELECT meta FROM games WHERE id = ?1", [id], |r| r.get(0))
                .unwrap();
            conn.execute(
                "UPDATE games SET meta = ?1 WHERE id = ?2",
                (as_before(&meta, token), id),
            )
            .unwrap();
            conn.execute(
                "UPDATE account_games SET token = ?1 WHERE id = ?2",
                (token, id),
            )
            .unwrap();
        }
        Backend::Postgres(url) => {
            let client = pg(url).await;
            let meta: String = client
                .query_one("SELECT meta FROM games WHERE id = $1", &[&id])
                .await
                .unwrap()
                .get(0);
            client
                .execute(
                    "UPDATE games SET meta = $1 WHERE id = $2",
                    &[&as_before(&meta, token), &id],
                )
                .await
                .unwrap();
            client
                .execute(
                    "UPDATE account_games SET token = $1 WHERE id = $2",
                    &[&token, &id],
                )
                .await
                .unwrap();
        }
    }
}

async fn tokens_stored_in_clear_are_hashed_and_still_play(store: Backend) {
    let db = lasting_db(&store, "rajapasu-at-rest-old");
    let server = server_on(&db).await;
    let mut ann = common::registered(server.addr, "Ann").await;
    let created = ann
        .post(GAMES, json!({"kind": "online", "side": "south"}))
        .await
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let token = token_of(&created);
    server.stop().await;
    // As an earlier version wrote it: the token in clear, in the game and the account's games.
    let hash = rajapasu_server::tokens::seat_hash(&token);
    let mut before = every_text(&store, &db).await;
    assert!(before.contains(&hash), "the game keeps the token's hash");
    store_as_before(&store, &db, &id, &token).await;
    before = every_text(&store, &db).await;
    assert!(before.contains(&token), "the test wrote the token in clear");

    let server = server_on(&db).await;
    ann.addr = server.addr;
    let mut guest = Browser::new(server.addr);
    // The old link still acts for its seat, and the account still finds its seat.
    assert_eq!(name_with(&mut guest, GAMES, &id, &token).await, 200);
    let seat = ann.get(&format!("{GAMES}/{id}/seat")).await;
    assert_eq!(seat.status, 200, "{}", seat.body);
    server.stop().await;
    let after = every_text(&store, &db).await;
    assert!(
        !after.contains(&token),
        "the token was hashed as the store opened"
    );
    remove_sqlite_files(&store, &db);
}

on_both_stores!(
    no_seat_token_is_kept_in_clear,
    tokens_stored_in_clear_are_hashed_and_still_play,
);
