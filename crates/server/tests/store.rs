//! The store's features through their traits, on both stores: each written once
//! (`store/sql.rs`), each tested on SQLite and on PostgreSQL by the same test.

mod common;

use common::Backend;
use rajapasu_rating::mandiri::PairResult;
use rajapasu_rating::{Rating, Score};
use rajapasu_server::ratings::standing::RatedEnd;
use rajapasu_server::store::accounts::{NewAccount, Registered, StoredAccount, StoredSession};
use rajapasu_server::store::lobby::{
    Adding, Joiner, Joining, Matched, SeekCap, SeekCaps, StoredSeek,
};
use rajapasu_server::store::puzzles::Attempt;
use rajapasu_server::store::quotas::{Owner, OwnerCap, OwnerCaps, ACTIVE_SECS, PENDING_SECS};
use rajapasu_server::store::tournaments::StoredTournament;
use rajapasu_server::store::{Activity, Change, Store, StoreError, StoredGame};
use std::sync::Arc;

async fn open(store: &Backend) -> Arc<dyn Store> {
    rajapasu_server::store::open(store.db())
        .await
        .expect("the store opens")
}

const NOW: u64 = 1_000_000;

fn playing(at: u64) -> Activity {
    Activity {
        at,
        finished: false,
        computer_next: false,
        deadline: None,
        time_out: false,
    }
}

async fn create(store: &dyn Store, id: &str, activity: Activity) {
    let game = StoredGame {
        id: id.into(),
        meta: "{}".into(),
        moves: vec![3, 4],
        version: 0,
    };
    store.create(game, activity, None).await.unwrap();
}

/// Registers the account `id` (its name and keys the same).
async fn register(store: &dyn Store, id: &str) {
    let account = NewAccount {
        account: StoredAccount {
            id: id.into(),
            name: id.into(),
            password_hash: "-".into(),
            created: NOW,
        },
        key: id.into(),
        skeleton: id.into(),
    };
    let session = StoredSession {
        token_hash: format!("session of {id}"),
        account: id.into(),
        expires: NOW + 1,
    };
    store.register(account, session).await.unwrap();
}

fn owner(address: &str, account: Option<&str>) -> Owner {
    Owner {
        address: address.into(),
        account: account.map(Into::into),
    }
}

const CAPS: OwnerCaps = OwnerCaps {
    per_address: 2,
    per_account: 3,
};

async fn a_ticket_is_refused_at_its_owners_cap(store: Backend) {
    let store = open(&store).await;
    let ann = owner("10.0.0.1", Some("ann"));
    assert_eq!(
        store.take_ticket("t1", &ann, CAPS, NOW).await.unwrap(),
        Ok(())
    );
    assert_eq!(
        store.take_ticket("t2", &ann, CAPS, NOW).await.unwrap(),
        Ok(())
    );
    assert_eq!(
        store.take_ticket("t3", &ann, CAPS, NOW).await.unwrap(),
        Err(OwnerCap::Address)
    );
    // The same account from another address: its own cap is 3.
    let elsewhere = owner("10.0.0.2", Some("ann"));
    assert_eq!(
        store
            .take_ticket("t3", &elsewhere, CAPS, NOW)
            .await
            .unwrap(),
        Ok(())
    );
    assert_eq!(
        store
            .take_ticket("t4", &elsewhere, CAPS, NOW)
            .await
            .unwrap(),
        Err(OwnerCap::Account)
    );
    // A ticket given back counts no more.
    store.drop_ticket("t1").await.unwrap();
    assert_eq!(
        store.take_ticket("t5", &ann, CAPS, NOW).await.unwrap(),
        Ok(())
    );
    // Unbound tickets stop counting after PENDING_SECS, and are forgotten.
    let later = NOW + PENDING_SECS + 1;
    assert_eq!(
        store.take_ticket("t6", &ann, CAPS, later).await.unwrap(),
        Ok(())
    );
    assert_eq!(store.forget_tickets(later).await.unwrap(), 3);
}

async fn a_bound_ticket_counts_while_its_game_is_unfinished_and_active(store: Backend) {
    let store = open(&store).await;
    let bo = owner("10.0.0.3", None);
    for (ticket, game) in [("b1", "g1"), ("b2", "g2")] {
        assert_eq!(
            store.take_ticket(ticket, &bo, CAPS, NOW).await.unwrap(),
            Ok(())
        );
        create(&*store, game, playing(NOW)).await;
        store.bind_ticket(ticket, game).await.unwrap();
    }
    let later = NOW + PENDING_SECS + 1;
    assert_eq!(
        store.take_ticket("b3", &bo, CAPS, later).await.unwrap(),
        Err(OwnerCap::Address)
    );
    assert_eq!(store.forget_tickets(later).await.unwrap(), 0);
    // A game over counts no more, and its ticket is forgotten.
    let over = Activity {
        finished: true,
        ..playing(later)
    };
    let change = Change::Meta("{}".into());
    store.change("g1", 0, change, over).await.unwrap();
    assert_eq!(store.forget_tickets(later).await.unwrap(), 1);
    assert_eq!(
        store.take_ticket("b3", &bo, CAPS, later).await.unwrap(),
        Ok(())
    );
    // A game left for ACTIVE_SECS counts no more either.
    let idle = NOW + ACTIVE_SECS + 1;
    assert_eq!(
        store.take_ticket("b4", &bo, CAPS, idle).await.unwrap(),
        Ok(())
    );
}

async fn idle_anonymous_games_expire_first(store: Backend) {
    let store = open(&store).await;
    let made = [
        ("x1", "old", owner("10.0.0.4", None), NOW),
        ("x2", "older", owner("10.0.0.4", None), NOW - 10),
        ("x3", "ann's", owner("10.0.0.4", Some("ann")), NOW - 20),
        ("x4", "recent", owner("10.0.0.4", None), NOW + 100),
    ];
    let caps = OwnerCaps {
        per_address: 10,
        per_account: 10,
    };
    for (ticket, game, who, at) in &made {
        assert_eq!(
            store.take_ticket(ticket, who, caps, *at).await.unwrap(),
            Ok(())
        );
        create(&*store, game, playing(*at)).await;
        store.bind_ticket(ticket, game).await.unwrap();
    }
    let gone = store.expire_anonymous(NOW + 1, 1).await.unwrap();
    assert_eq!(gone, vec!["older".to_string()]);
    let gone = store.expire_anonymous(NOW + 1, 10).await.unwrap();
    assert_eq!(gone, vec!["old".to_string()]);
    for (id, kept) in [
        ("old", false),
        ("older", false),
        ("ann's", true),
        ("recent", true),
    ] {
        assert_eq!(store.load(id).await.unwrap().is_some(), kept, "{id}");
    }
    // Their tickets went with them: nothing is left to forget.
    assert_eq!(store.forget_tickets(NOW).await.unwrap(), 0);
}

on_both_stores!(
    a_ticket_is_refused_at_its_owners_cap,
    a_bound_ticket_counts_while_its_game_is_unfinished_and_active,
    idle_anonymous_games_expire_first,
);

fn rating(r: f64) -> Rating {
    Rating::new(r, 200.0, 0.06).unwrap()
}

/// An attempt of `account` on `puzzle` whose update moves the puzzle by -10 and the player by
/// +10.
fn attempt(puzzle: &str, account: &str) -> Attempt {
    Attempt {
        puzzle: puzzle.into(),
        start: rating(1500.0),
        account: account.into(),
        player: rating(1400.0),
        update: Box::new(|pz, pl| {
            Ok((
                Rating::new(pz.rating() - 10.0, pz.deviation(), pz.volatility())?,
                Rating::new(pl.rating() + 10.0, pl.deviation(), pl.volatility())?,
            ))
        }),
    }
}

async fn a_puzzle_attempt_moves_both_ratings_once(store: Backend) {
    let store = open(&store).await;
    register(&*store, "ann").await;
    assert_eq!(store.puzzle_rating("p1").await.unwrap(), None);
    let rated = store.rate_puzzle(attempt("p1", "ann")).await.unwrap();
    assert!(rated.counted);
    assert_eq!(rated.puzzle_before, rating(1500.0));
    assert_eq!(rated.puzzle_after.rating(), 1490.0);
    assert_eq!(rated.player_after.rating(), 1410.0);
    // Again: rated once per puzzle, nothing moves.
    let again = store.rate_puzzle(attempt("p1", "ann")).await.unwrap();
    assert!(!again.counted);
    assert_eq!(again.puzzle_after, rated.puzzle_after);
    assert_eq!(again.player_after, rated.player_after);
    // Another puzzle starts from the player's stored rating.
    let next = store.rate_puzzle(attempt("p2", "ann")).await.unwrap();
    assert_eq!(next.player_before, rated.player_after);
    let mut all = store.puzzle_ratings().await.unwrap();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        all,
        vec![
            ("p1".to_string(), rated.puzzle_after),
            ("p2".to_string(), next.puzzle_after)
        ]
    );
    assert_eq!(
        store.player_puzzle_rating("ann").await.unwrap(),
        Some(next.player_after)
    );
}

async fn a_failed_puzzle_update_stores_nothing(store: Backend) {
    let store = open(&store).await;
    register(&*store, "bo").await;
    let mut failing = attempt("p1", "bo");
    failing.update = Box::new(|_, _| panic!("an update that fails"));
    let e = store.rate_puzzle(failing).await.unwrap_err();
    assert!(
        matches!(&e, StoreError::Failed(w) if w == "an update that fails"),
        "{e}"
    );
    assert_eq!(store.puzzle_rating("p1").await.unwrap(), None);
    assert_eq!(store.player_puzzle_rating("bo").await.unwrap(), None);
    // Not taken for an attempt made: the next one counts.
    assert!(
        store
            .rate_puzzle(attempt("p1", "bo"))
            .await
            .unwrap()
            .counted
    );
}

async fn a_guest_rating_is_adopted_once(store: Backend) {
    let store = open(&store).await;
    register(&*store, "cy").await;
    assert!(store
        .adopt_puzzle_rating("cy", rating(1300.0))
        .await
        .unwrap());
    assert!(!store
        .adopt_puzzle_rating("cy", rating(1800.0))
        .await
        .unwrap());
    assert_eq!(
        store.player_puzzle_rating("cy").await.unwrap(),
        Some(rating(1300.0))
    );
}

on_both_stores!(
    a_puzzle_attempt_moves_both_ratings_once,
    a_failed_puzzle_update_stores_nothing,
    a_guest_rating_is_adopted_once,
);

/// The end of the game `game`, rated: `winner` beat `loser` at `at`.
fn rated_end(game: &str, winner: &str, loser: &str, at: u64) -> RatedEnd {
    RatedEnd {
        game: game.into(),
        pool: "round-realtime".parse().unwrap(),
        // Not in the order of their ids: the rows are locked in that order all the same.
        accounts: vec![winner.into(), loser.into()],
        pairs: vec![PairResult {
            first: 0,
            second: 1,
            first_score: Score::WIN,
        }],
        at,
    }
}

async fn a_rated_end_moves_the_standings_once(store: Backend) {
    let store = open(&store).await;
    register(&*store, "zed").await;
    register(&*store, "amy").await;
    create(&*store, "g", playing(NOW)).await;
    let over = Activity {
        finished: true,
        ..playing(NOW)
    };
    let end = rated_end("g", "zed", "amy", NOW);
    let resign = Change::Meta("{}".into());
    store
        .change_rated("g", 0, resign.clone(), over, end.clone())
        .await
        .unwrap();
    let zed = store.standings("zed").await.unwrap();
    assert_eq!(zed.len(), 1);
    assert_eq!(zed[0].1.rating.rating().round(), 1662.0);
    assert_eq!((zed[0].1.games, zed[0].1.last), (1, Some(NOW)));
    assert_eq!(
        store.standings("amy").await.unwrap()[0]
            .1
            .rating
            .rating()
            .round(),
        1338.0
    );
    // Stored again (another change of the game that ended): rated once.
    store
        .change_rated("g", 1, resign.clone(), over, end)
        .await
        .unwrap();
    assert_eq!(store.standings("zed").await.unwrap(), zed);
    // Stale: nothing stored, nothing rated.
    let stale = store
        .change_rated("g", 0, resign, over, rated_end("h", "zed", "amy", NOW))
        .await;
    assert!(matches!(stale, Err(StoreError::Stale)), "{stale:?}");
    let lines = store.game_ratings("g").await.unwrap();
    let names: Vec<&str> = lines.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["amy", "zed"]);
    assert_eq!(lines[1].1.before, 1500.0);
    assert_eq!(lines[1].1.rating.round(), 1662.0);
    let history = store.rating_history("zed", 10).await.unwrap();
    assert_eq!(history, vec![lines[1].1.clone()]);
    // One game leaves both provisional: no one on the leaderboard yet.
    let pool = "round-realtime".parse().unwrap();
    assert!(store.leaderboard(pool, 1, 10).await.unwrap().is_empty());
    assert!(store.standings("nobody").await.unwrap().is_empty());
}

on_both_stores!(a_rated_end_moves_the_standings_once);

/// An event created by `creator`, at `created`.
fn event(id: &str, creator: &str, public: bool, created: u64) -> StoredTournament {
    StoredTournament {
        id: id.into(),
        doc: format!(r#"{{"creator":{{"id":"{creator}"}}}}"#),
        version: 0,
        active: true,
        public,
        created,
        wake: Some(created + 60),
    }
}

async fn tournaments_are_capped_per_creator_and_changed_on_their_version(store: Backend) {
    let store = open(&store).await;
    assert!(store
        .add_tournament(event("e1", "ann", true, 1), "ann", 2)
        .await
        .unwrap());
    assert!(store
        .add_tournament(event("e2", "ann", false, 2), "ann", 2)
        .await
        .unwrap());
    assert!(!store
        .add_tournament(event("e3", "ann", true, 3), "ann", 2)
        .await
        .unwrap());
    assert!(store
        .add_tournament(event("e4", "bo", true, 4), "bo", 2)
        .await
        .unwrap());
    let e1 = store.tournament("e1").await.unwrap().unwrap();
    assert_eq!(e1, event("e1", "ann", true, 1));
    assert_eq!(store.tournament("e3").await.unwrap(), None);
    // The newest public first; e2 is reached by its link only.
    let listed: Vec<String> = store
        .public_tournaments(10)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(listed, ["e4", "e1"]);
    // Finished on its version: the stale copy's change is refused.
    let finished = StoredTournament {
        active: false,
        wake: None,
        ..e1.clone()
    };
    assert!(store.update_tournament(finished.clone()).await.unwrap());
    assert!(!store.update_tournament(finished).await.unwrap());
    let e1 = store.tournament("e1").await.unwrap().unwrap();
    assert_eq!((e1.version, e1.active, e1.wake), (1, false, None));
    let mut active = store.active_tournaments().await.unwrap();
    active.sort();
    assert_eq!(active, ["e2", "e4"]);
    // One of ann's is finished: she may make another.
    assert!(store
        .add_tournament(event("e3", "ann", true, 3), "ann", 2)
        .await
        .unwrap());
}

on_both_stores!(tournaments_are_capped_per_creator_and_changed_on_their_version);

fn session(token_hash: &str, account: &str, expires: u64) -> StoredSession {
    StoredSession {
        token_hash: token_hash.into(),
        account: account.into(),
        expires,
    }
}

async fn accounts_and_their_sessions(store: Backend) {
    let store = open(&store).await;
    register(&*store, "ann").await;
    // The same name again: nothing stored, not even its session.
    let again = NewAccount {
        account: StoredAccount {
            id: "other".into(),
            name: "ann".into(),
            password_hash: "-".into(),
            created: NOW,
        },
        key: "ann".into(),
        skeleton: "ann".into(),
    };
    let taken = store
        .register(again, session("s-other", "other", NOW + 9))
        .await;
    assert_eq!(taken.unwrap(), Registered::NameTaken);
    assert_eq!(store.session("s-other", NOW).await.unwrap(), None);
    let ann = store.account_by_key("ann").await.unwrap().unwrap();
    assert_eq!((ann.id.as_str(), ann.created), ("ann", NOW));
    assert_eq!(store.account_by_key("nobody").await.unwrap(), None);
    // The first session ends at NOW + 1: a new one forgets it once it has ended.
    assert_eq!(
        store.session("session of ann", NOW).await.unwrap(),
        Some(ann.clone())
    );
    assert_eq!(
        store.session("session of ann", NOW + 1).await.unwrap(),
        None
    );
    for s in ["s1", "s2", "s3"] {
        store
            .start_session(session(s, "ann", NOW + 100), NOW + 1)
            .await
            .unwrap();
    }
    assert_eq!(store.end_sessions("nobody").await.unwrap(), 0);
    // A new password ends every session but the one that set it.
    store.set_password("ann", "new hash", "s1").await.unwrap();
    let ann = store.session("s1", NOW + 2).await.unwrap().unwrap();
    assert_eq!(ann.password_hash, "new hash");
    assert_eq!(store.session("s2", NOW + 2).await.unwrap(), None);
    store.end_session("s1").await.unwrap();
    assert_eq!(store.session("s1", NOW + 2).await.unwrap(), None);
    store
        .start_session(session("s4", "ann", NOW + 100), NOW + 2)
        .await
        .unwrap();
    store
        .start_session(session("s5", "ann", NOW + 100), NOW + 2)
        .await
        .unwrap();
    assert_eq!(store.end_sessions("ann").await.unwrap(), 2);
}

on_both_stores!(accounts_and_their_sessions);

fn seek(id: &str, socket: &str, account: Option<&str>) -> StoredSeek {
    StoredSeek {
        id: id.into(),
        socket: socket.into(),
        account: account.map(|a| (a.into(), format!("{a}'s name"))),
        settings: "{}".into(),
        created: NOW,
        seen: NOW,
        matched: None,
        joined: None,
    }
}

fn matched(game: &str, seat: &str) -> Matched {
    Matched {
        game: game.into(),
        token: format!("token of {seat}"),
        seat: seat.into(),
    }
}

const SEEK_CAPS: SeekCaps = SeekCaps {
    per_socket: 2,
    per_address: 3,
    per_account: 2,
};

async fn seeks_are_capped_joined_and_claimed_once(store: Backend) {
    let store = open(&store).await;
    let add = |s: StoredSeek| {
        let store = store.clone();
        async move { store.add_seek(s, SEEK_CAPS, NOW).await.unwrap() }
    };
    assert_eq!(add(seek("k0", "nowhere", None)).await, Adding::NoSocket);
    store.open_socket("w1", "10.0.0.9", NOW).await.unwrap();
    store.open_socket("w2", "10.0.0.9", NOW).await.unwrap();
    store.open_socket("w3", "10.0.0.8", NOW).await.unwrap();
    assert_eq!(add(seek("k1", "w1", Some("ann"))).await, Adding::Added);
    assert_eq!(add(seek("k2", "w1", None)).await, Adding::Added);
    assert_eq!(
        add(seek("k3", "w1", None)).await,
        Adding::Full(SeekCap::Socket)
    );
    assert_eq!(add(seek("k3", "w2", Some("ann"))).await, Adding::Added);
    assert_eq!(
        add(seek("k4", "w2", None)).await,
        Adding::Full(SeekCap::Address)
    );
    assert_eq!(
        add(seek("k4", "w3", Some("ann"))).await,
        Adding::Full(SeekCap::Account)
    );
    let open: Vec<String> = store
        .open_seeks(NOW, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(open, ["k1", "k2", "k3"]);
    // A Mandiri seek's second player joins; a third is told who waits.
    let cy = Joiner {
        socket: "w3".into(),
        account: Some(("cy".into(), "cy's name".into())),
    };
    let dee = Joiner {
        socket: "w2".into(),
        account: None,
    };
    assert_eq!(
        store.join_seek("k1", cy.clone(), NOW, NOW).await.unwrap(),
        Joining::Joined
    );
    assert_eq!(
        store.join_seek("k1", dee.clone(), NOW, NOW).await.unwrap(),
        Joining::Full(cy.clone())
    );
    assert_eq!(
        store.join_seek("k9", dee, NOW, NOW).await.unwrap(),
        Joining::Gone
    );
    assert_eq!(store.seek("k1").await.unwrap().unwrap().joined, Some(cy));
    // Claimed once, with its joiner; a claim naming a joiner who is not there keeps nothing.
    let with_joiner = Some(("w3".to_string(), matched("g1", "north")));
    let gone_joiner = Some(("w1".to_string(), matched("g2", "north")));
    assert!(!store
        .claim_seek("k2", NOW, matched("g2", "south"), gone_joiner)
        .await
        .unwrap());
    assert_eq!(store.seek("k2").await.unwrap().unwrap().matched, None);
    assert!(store
        .claim_seek("k1", NOW, matched("g1", "south"), with_joiner.clone())
        .await
        .unwrap());
    assert!(!store
        .claim_seek("k1", NOW, matched("g3", "south"), with_joiner)
        .await
        .unwrap());
    let told = store
        .matched_seeks(vec!["w1".into(), "w2".into()])
        .await
        .unwrap();
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].matched, Some(matched("g1", "south")));
    let joins = store.matched_joins(vec!["w3".into()]).await.unwrap();
    assert_eq!(joins, [("k1".into(), "w3".into(), matched("g1", "north"))]);
    assert!(store.remove_join("k1", "w3").await.unwrap());
    assert!(!store.remove_join("k1", "w3").await.unwrap());
    // Only its socket's seek is removed by that socket.
    assert!(!store.remove_seek("k3", Some("w1")).await.unwrap());
    assert!(store.remove_seek("k3", Some("w2")).await.unwrap());
    store.tell_lobby().await.unwrap();
    // w1 closes: its seeks go (k1, k2).
    assert_eq!(
        store.remove_socket_seeks(vec!["w1".into()]).await.unwrap(),
        2
    );
    assert_eq!(add(seek("k5", "w1", None)).await, Adding::NoSocket);
    // w2 is kept open, w3 is not seen for long: its seek goes.
    assert_eq!(add(seek("k6", "w3", None)).await, Adding::Added);
    assert_eq!(add(seek("k7", "w2", None)).await, Adding::Added);
    let later = NOW + 100;
    assert_eq!(
        store
            .keep_seeks(vec!["w2".into()], later, NOW + 1)
            .await
            .unwrap(),
        1
    );
    let open: Vec<String> = store
        .open_seeks(NOW + 1, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(open, ["k7"]);
}

on_both_stores!(seeks_are_capped_joined_and_claimed_once);

/// A stored game of these moves.
fn game(id: &str, moves: Vec<u8>) -> StoredGame {
    StoredGame {
        id: id.into(),
        meta: "{}".into(),
        moves,
        version: 0,
    }
}

async fn games_are_changed_on_their_version_and_read_back(store: Backend) {
    let store = open(&store).await;
    let store = store.as_ref();
    assert_eq!(store.load("g").await.unwrap(), None);
    store
        .create(game("g", vec![1, 2]), playing(NOW), Some(2))
        .await
        .unwrap();
    let add = Change::AddMove {
        ply: 2,
        mv: 3,
        meta: Some(r#"{"a":1}"#.into()),
    };
    store
        .change("g", 0, add.clone(), playing(NOW))
        .await
        .unwrap();
    // The same change on the version before: refused, nothing of it kept.
    let again = store.change("g", 0, add, playing(NOW)).await;
    assert!(matches!(again, Err(StoreError::Stale)), "{again:?}");
    // Ply 1 is taken: refused whole, the version's bump too.
    let clash = Change::AddMove {
        ply: 1,
        mv: 5,
        meta: None,
    };
    let clash = store.change("g", 1, clash, playing(NOW)).await;
    assert!(clash.is_err(), "{clash:?}");
    let g = store.load("g").await.unwrap().unwrap();
    assert_eq!(
        (g.moves, g.version, g.meta),
        (vec![1, 2, 3], 1, r#"{"a":1}"#.into())
    );
    let back = Change::Truncate {
        from_ply: 1,
        meta: None,
    };
    let timed = Activity {
        deadline: Some(NOW * 1000 + 5),
        ..playing(NOW)
    };
    store.change("g", 1, back, timed).await.unwrap();
    let g = store.load("g").await.unwrap().unwrap();
    assert_eq!((g.moves, g.version), (vec![1], 2));
    // Its clock: due once its deadline has come.
    assert_eq!(store.next_deadline().await.unwrap(), Some(NOW * 1000 + 5));
    assert!(store.due(NOW * 1000 + 4, 10).await.unwrap().is_empty());
    assert_eq!(store.due(NOW * 1000 + 5, 10).await.unwrap(), ["g"]);
    // The cap counts the unfinished games: "h" is the second, "i" a third.
    let waiting = Activity {
        computer_next: true,
        ..playing(NOW + 10)
    };
    store
        .create(game("h", vec![]), waiting, Some(2))
        .await
        .unwrap();
    let full = store.create(game("i", vec![]), playing(NOW), Some(2)).await;
    assert!(matches!(full, Err(StoreError::Full { cap: 2 })), "{full:?}");
    assert_eq!(store.computer_waiting().await.unwrap(), ["h"]);
    // "g" ends: the puzzles' miner finds it, the expiry does not; "h", idle, expires.
    let over = Activity {
        finished: true,
        ..playing(NOW)
    };
    let end = Change::Meta(r#"{"over":true}"#.into());
    store.change("g", 2, end, over).await.unwrap();
    let finished = store.finished_games("", 10).await.unwrap();
    assert_eq!(finished.len(), 1);
    assert_eq!((finished[0].id.as_str(), finished[0].version), ("g", 3));
    assert!(store.finished_games("g", 10).await.unwrap().is_empty());
    // Over, "g" counts no more against the cap.
    store
        .create(game("i", vec![]), playing(NOW + 20), Some(2))
        .await
        .unwrap();
    assert_eq!(store.expire(NOW + 11).await.unwrap(), ["h"]);
    assert_eq!(store.load("h").await.unwrap(), None);
    assert!(store.load("g").await.unwrap().is_some());
    // The downtime: none at the first start, the gap since the last alive at the next.
    assert_eq!(store.downtime(NOW, 10).await.unwrap(), None);
    store.alive(NOW + 5).await.unwrap();
    store.alive(NOW + 3).await.unwrap();
    assert_eq!(store.downtime(NOW + 100, 10).await.unwrap(), Some(NOW + 5));
    assert_eq!(store.downtime(NOW + 101, 10).await.unwrap(), None);
}

on_both_stores!(games_are_changed_on_their_version_and_read_back);
