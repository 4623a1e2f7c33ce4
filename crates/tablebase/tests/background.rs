//! The background build: one builder per directory, the others taking its layers as they
//! appear; a build cut to the memory it is given, with its reason; stale partial files gone.

use rajapasu_engine::Rules;
use rajapasu_tablebase::background::{start, Options, Snapshot, State, Status};
use rajapasu_tablebase::budget::build_memory;
use rajapasu_tablebase::lock::{BuildLock, Lock};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn small() -> Rules {
    "canonical/holes=3".parse().unwrap()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rajapasu-bg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options() -> Options {
    Options {
        poll: Duration::from_millis(20),
        ..Options::whole(&small(), 512)
    }
}

/// Waits until the build has settled (done, stopped or off).
fn settled(status: &Status) -> Snapshot {
    let start = Instant::now();
    loop {
        let s = status.snapshot();
        if matches!(s.state, State::Done | State::Stopped | State::Off) {
            return s;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{s:?}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn one_program_builds_and_another_takes_its_layers() {
    let root = temp("two");
    let dir = rajapasu_tablebase::table_dir(&root, &small()).unwrap();
    // Another program holds the lock: this one waits, naming it, and builds nothing.
    let Lock::Held(other) = BuildLock::try_take(&dir).unwrap() else {
        panic!("the lock is free")
    };
    std::fs::write(dir.join("o1-00.rptb.part"), b"half a layer").unwrap();
    let seen = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&seen);
    let waiting = start(root.clone(), &small(), options(), move |t| {
        counted.store(t.positions() as usize, Ordering::Relaxed);
    })
    .unwrap();
    let start_time = Instant::now();
    while waiting.snapshot().state != State::Waiting {
        assert!(start_time.elapsed() < Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(5));
    }
    let s = waiting.snapshot();
    assert_eq!(s.builder, Some(std::process::id()));
    assert_eq!((s.positions_ready, s.percent()), (0, 0));
    // The holder builds (here: a second builder started once the first lets go); the one
    // that waited takes over or takes the layers, and ends with the whole table either way.
    drop(other);
    let builder = start(root.clone(), &small(), options(), |_| {}).unwrap();
    let (a, b) = (settled(&waiting), settled(&builder));
    assert_eq!(
        (a.state, b.state),
        (State::Done, State::Done),
        "{a:?} {b:?}"
    );
    assert_eq!(a.percent(), 100);
    assert_eq!(a.layers_ready, a.layers);
    assert_eq!(seen.load(Ordering::Relaxed) as u64, a.positions);
    // The stale partial file is gone: the builder removed it before it wrote.
    assert!(!dir.join("o1-00.rptb.part").exists());
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_build_stops_where_its_memory_ends_and_says_why() {
    let root = temp("memory");
    let rules = small();
    let budget = build_memory(&rules, 5);
    assert!(build_memory(&rules, 6) > budget);
    let opts = Options {
        memory: budget,
        ..options()
    };
    let status = start(root.clone(), &rules, opts, |_| {}).unwrap();
    let s = settled(&status);
    assert_eq!(s.state, State::Stopped);
    let why = s.message.clone().unwrap();
    assert!(
        why.starts_with("the table stops at 5 counters: layer 6 needs"),
        "{why}"
    );
    assert!(why.contains("over --tablebase-memory"), "{why}");
    assert!(s.positions_ready > 0 && s.percent() < 100, "{s:?}");
    // Nothing fits: nothing is built, and the message says so.
    let root2 = temp("nomemory");
    let opts = Options {
        memory: 1,
        ..options()
    };
    let s = settled(&start(root2.clone(), &rules, opts, |_| {}).unwrap());
    assert_eq!(s.state, State::Stopped);
    assert!(
        s.message
            .as_deref()
            .unwrap()
            .starts_with("the table is not built: layer 0 needs"),
        "{s:?}"
    );
    assert_eq!(s.positions_ready, 0);
    for r in [root, root2] {
        let _ = std::fs::remove_dir_all(r);
    }
}

#[test]
fn asked_not_to_build_it_builds_nothing() {
    let root = temp("off");
    let opts = Options {
        build: false,
        ..options()
    };
    let s = settled(&start(root.clone(), &small(), opts, |_| {}).unwrap());
    assert_eq!(s.state, State::Off);
    assert_eq!(s.positions_ready, 0);
    let dir = rajapasu_tablebase::table_dir(&root, &small()).unwrap();
    let files = std::fs::read_dir(&dir).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "rptb"))
        })
        .count()
    });
    assert_eq!(files, 0);
    // Nothing at all is made in the directory: no lock file either.
    assert!(!dir.exists());
    // While another program builds, it watches for the layers, naming the builder.
    let Lock::Held(other) = BuildLock::try_take(&dir).unwrap() else {
        panic!("the lock is free")
    };
    let opts = Options {
        build: false,
        ..options()
    };
    let watching = start(root.clone(), &small(), opts, |_| {}).unwrap();
    let start_time = Instant::now();
    while watching.snapshot().state != State::Waiting {
        assert!(start_time.elapsed() < Duration::from_secs(20));
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(watching.snapshot().builder, Some(std::process::id()));
    // The builder goes away with nothing built: nobody builds, and this one still does not.
    drop(other);
    assert_eq!(settled(&watching).state, State::Off);
    let _ = std::fs::remove_dir_all(root);
}
