//! The server's counters, read by `GET /metrics` in the Prometheus text format: requests by
//! route and status, their latency, and gauges of what the server holds.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

#[derive(Default, Clone)]
struct Histogram {
    counts: [u64; BUCKETS.len()],
    count: u64,
    sum: f64,
}

#[derive(Default)]
struct Requests {
    /// By route and status.
    answered: BTreeMap<(String, u16), u64>,
    /// By route.
    latency: BTreeMap<String, Histogram>,
}

/// The counters of one server.
#[derive(Default)]
pub struct Metrics {
    requests: Mutex<Requests>,
    /// Connections open now.
    pub connections: AtomicUsize,
    /// Connections closed at once because the cap was reached.
    pub refused_connections: AtomicUsize,
}

/// The gauges read when the metrics are asked for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gauges {
    /// Searches waiting for a worker.
    pub search_queue: usize,
    /// Searches running.
    pub searches_running: usize,
    /// Bytes of search tables held.
    pub search_memory: usize,
    /// Games held in memory.
    pub games: usize,
    /// WebSockets open.
    pub websockets: usize,
    /// What the search workers have done, by priority.
    pub searches: crate::search_pool::PoolStats,
    /// The process's resident memory now and at its peak, in bytes (`None` where /proc
    /// cannot be read).
    pub memory: Option<(u64, u64)>,
}

/// The process's resident memory now and at its peak (VmRSS, VmHWM), in bytes, from
/// `/proc/self/status`.
pub fn process_memory() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|l| l.starts_with(name))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

impl Metrics {
    /// Counts an answered request: its route (the route's pattern, not the address asked
    /// for, so that the routes stay few), status and time.
    pub fn record(&self, route: &str, status: u16, took: Duration) {
        let mut r = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        *r.answered.entry((route.to_string(), status)).or_default() += 1;
        let h = r.latency.entry(route.to_string()).or_default();
        let s = took.as_secs_f64();
        for (k, &upper) in BUCKETS.iter().enumerate() {
            if s <= upper {
                h.counts[k] += 1;
            }
        }
        h.count += 1;
        h.sum += s;
    }

    /// The metrics in the Prometheus text format.
    ///
    /// ```
    /// use rajapasu_server::metrics::{Gauges, Metrics};
    /// let m = Metrics::default();
    /// m.record("/api/games", 201, std::time::Duration::from_millis(3));
    /// let text = m.render(&Gauges { games: 1, ..Gauges::default() });
    /// assert!(text.contains("rajapasu_requests_total{route=\"/api/games\",status=\"201\"} 1"));
    /// assert!(text.contains("rajapasu_games_in_memory 1"));
    /// ```
    pub fn render(&self, g: &Gauges) -> String {
        let mut out = String::new();
        let r = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        out.push_str("# HELP rajapasu_requests_total Requests answered, by route and status.\n");
        out.push_str("# TYPE rajapasu_requests_total counter\n");
        for ((route, status), n) in &r.answered {
            let _ = writeln!(
                out,
                "rajapasu_requests_total{{route=\"{route}\",status=\"{status}\"}} {n}"
            );
        }
        out.push_str("# HELP rajapasu_request_seconds Time to answer a request, by route.\n");
        out.push_str("# TYPE rajapasu_request_seconds histogram\n");
        for (route, h) in &r.latency {
            for (k, upper) in BUCKETS.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "rajapasu_request_seconds_bucket{{route=\"{route}\",le=\"{upper}\"}} {}",
                    h.counts[k]
                );
            }
            let _ = writeln!(
                out,
                "rajapasu_request_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}",
                h.count
            );
            let _ = writeln!(
                out,
                "rajapasu_request_seconds_sum{{route=\"{route}\"}} {}",
                h.sum
            );
            let _ = writeln!(
                out,
                "rajapasu_request_seconds_count{{route=\"{route}\"}} {}",
                h.count
            );
        }
        drop(r);
        let gauges = [
            (
                "search_queue_length",
                "Searches waiting for a worker.",
                g.search_queue,
            ),
            (
                "searches_running",
                "Searches running now.",
                g.searches_running,
            ),
            (
                "search_memory_bytes",
                "Bytes of search tables held.",
                g.search_memory,
            ),
            ("games_in_memory", "Games held in memory.", g.games),
            (
                "websockets_open",
                "Live-update WebSockets open.",
                g.websockets,
            ),
            (
                "connections_open",
                "HTTP connections open.",
                self.connections.load(Ordering::Relaxed),
            ),
        ];
        for (name, help, value) in gauges {
            let _ = writeln!(out, "# HELP rajapasu_{name} {help}");
            let _ = writeln!(out, "# TYPE rajapasu_{name} gauge");
            let _ = writeln!(out, "rajapasu_{name} {value}");
        }
        if let Some((now, peak)) = g.memory {
            for (name, help, value) in [
                (
                    "process_resident_bytes",
                    "Resident memory of the process now.",
                    now,
                ),
                (
                    "process_peak_resident_bytes",
                    "Highest resident memory of the process (VmHWM).",
                    peak,
                ),
            ] {
                let _ = writeln!(out, "# HELP rajapasu_{name} {help}");
                let _ = writeln!(out, "# TYPE rajapasu_{name} gauge");
                let _ = writeln!(out, "rajapasu_{name} {value}");
            }
        }
        render_searches(&mut out, &g.searches);
        let refused = self.refused_connections.load(Ordering::Relaxed);
        out.push_str("# HELP rajapasu_connections_refused_total Connections closed at once: the cap was reached.\n");
        out.push_str("# TYPE rajapasu_connections_refused_total counter\n");
        let _ = writeln!(out, "rajapasu_connections_refused_total {refused}");
        out
    }
}

/// The search workers' counters, by priority.
fn render_searches(out: &mut String, s: &crate::search_pool::PoolStats) {
    use crate::search_pool::Priority;
    let counts: [(&str, &str, &[u64; 3]); 3] = [
        ("searches_finished_total", "Searches that ran to their end, by priority.", &s.finished),
        ("searches_stopped_total", "Searches stopped while running (their client went away, or a newer hint replaced them), by priority.", &s.stopped),
        ("searches_dropped_total", "Searches given up while queued, never run, by priority.", &s.dropped),
    ];
    for (name, help, values) in counts {
        let _ = writeln!(out, "# HELP rajapasu_{name} {help}");
        let _ = writeln!(out, "# TYPE rajapasu_{name} counter");
        for p in Priority::ALL {
            let _ = writeln!(
                out,
                "rajapasu_{name}{{priority=\"{}\"}} {}",
                p.name(),
                values[p.index()]
            );
        }
    }
    let seconds: [(&str, &str, &[f64; 3]); 2] = [
        (
            "search_cpu_seconds_total",
            "CPU seconds the search workers spent, by priority.",
            &s.cpu_seconds,
        ),
        (
            "search_seconds_after_cancel_total",
            "Seconds searches ran on after they were given up, by priority.",
            &s.seconds_after_cancel,
        ),
    ];
    for (name, help, values) in seconds {
        let _ = writeln!(out, "# HELP rajapasu_{name} {help}");
        let _ = writeln!(out, "# TYPE rajapasu_{name} counter");
        for p in Priority::ALL {
            let _ = writeln!(
                out,
                "rajapasu_{name}{{priority=\"{}\"}} {:.6}",
                p.name(),
                values[p.index()]
            );
        }
    }
}
