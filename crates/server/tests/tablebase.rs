//! The endgame table by default: a server with a table directory builds what is missing in
//! the background, shows how far on `GET /api/tablebase` and `/metrics`, and proves with each
//! layer as it appears. One test: the table directory is the program's, one for the process.

mod common;
use common::get;

use rajapasu_server::games::Policy;
use rajapasu_server::limits::Limits;
use rajapasu_server::tablebase::{TableFlags, TablePriority};
use serde_json::Value;
use std::time::{Duration, Instant};

async fn table_state(addr: std::net::SocketAddr) -> Value {
    let a = get(addr, "/api/tablebase").await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_builds_the_missing_table_and_uses_it_as_it_grows() {
    // No table directory (as in every other test): nothing is built, and the API says so.
    let plain = common::started(":memory:").await;
    let v = table_state(plain.addr).await;
    assert_eq!(
        (v["state"].as_str(), v["percent"].as_u64()),
        (Some("none"), Some(0))
    );
    plain.stop().await;

    let root = std::env::temp_dir().join(format!("rajapasu-server-table-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    rajapasu_ai::table::set_root(Some(root.clone()));
    // Layers up to 5 counters: little work. At normal priority: at the lowest, the build
    // waits while anything else keeps both cores busy (the browser tests beside these in
    // `.ci/run` do, for minutes).
    let limits = Limits {
        tablebase: TableFlags {
            tablebase_counters: Some(5),
            tablebase_priority: TablePriority::Normal,
            ..TableFlags::default()
        },
        ..Limits::default()
    };
    let server = common::start(":memory:", limits, Policy::default()).await;
    let start = Instant::now();
    let v = loop {
        let v = table_state(server.addr).await;
        if v["state"] == "stopped" {
            break v;
        }
        assert!(
            ["starting", "building"].contains(&v["state"].as_str().unwrap()),
            "{v}"
        );
        // A bound to fail by rather than hang; the build itself takes seconds.
        assert!(start.elapsed() < Duration::from_secs(600), "{v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(
        v["message"], "the table stops at 5 counters, as asked",
        "{v}"
    );
    assert_eq!(v["positions"], 447_348_736u64, "the whole canonical table");
    let ready = v["positions_ready"].as_u64().unwrap();
    assert!(ready > 0 && v["percent"] == 0, "{v}");
    assert!(v["layers_ready"].as_u64().unwrap() > 50, "{v}");
    let metrics = get(server.addr, "/metrics").await.body;
    assert!(
        metrics.contains(&format!("rajapasu_tablebase_positions_ready {ready}\n")),
        "{metrics}"
    );
    assert!(metrics.contains("rajapasu_tablebase_state{state=\"stopped\"} 1\n"));
    // The layers built are in the searches' hands.
    let rules: rajapasu_engine::Rules = "canonical/mode=round".parse().unwrap();
    let table = rajapasu_ai::table::for_rules(&rules).expect("the table published");
    assert_eq!(table.positions(), ready);
    server.stop().await;
    let _ = std::fs::remove_dir_all(&root);
}
