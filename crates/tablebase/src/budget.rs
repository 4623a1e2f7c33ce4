//! What a build needs, and what the machine has: the one place that says how much memory and
//! disk a table up to some number of counters takes, so that a build that would not fit is cut
//! at a layer that does, with a message, instead of failing halfway or starving the machine.

use crate::build::plan;
use crate::file::HEADER;
use rajapasu_engine::Rules;
use std::path::Path;

/// Bytes the builder holds for a position of the layer it solves (its moves, queues, values
/// and ranks, and the ranks again while the writer still has the layer before queued) and for
/// a position of every lower layer (its two values). Layer `s` of every configuration is
/// solved at once, with every lower layer's values in memory, so the peak is at the layer where
/// the two together are largest (23 or 24 counters in the whole canonical table). Fitted to
/// measured peaks (VmHWM) of canonical builds: 325 MiB up to 14 counters (one thread), 1.16 GiB
/// for the whole table (two threads; the writer lags most when the solving is fast).
const BYTES_A_SOLVED_POSITION: u64 = 14;
const BYTES_A_LOWER_POSITION: u64 = 2;
/// What the program holds besides (the indexes, the threads, the program itself).
const BASE_BYTES: u64 = 112 << 20;

/// Peak memory of a build of `rules` (a table rule set) up to `max_counters` counters.
///
/// ```
/// use rajapasu_tablebase::budget::build_memory;
/// let canonical = "canonical".parse().unwrap();
/// let whole = build_memory(&canonical, 42);
/// assert!((1_150 << 20..1_250 << 20).contains(&whole), "{whole}");
/// assert!(build_memory(&canonical, 14) < 400 << 20);
/// ```
pub fn build_memory(rules: &Rules, max_counters: u32) -> u64 {
    let mut layers: Vec<u64> = Vec::new();
    for (_, s, n) in plan(rules, max_counters) {
        let s = s as usize;
        if layers.len() <= s {
            layers.resize(s + 1, 0);
        }
        layers[s] += n;
    }
    let mut below = 0;
    let mut peak = BASE_BYTES;
    for n in layers {
        peak = peak.max(BASE_BYTES + BYTES_A_SOLVED_POSITION * n + BYTES_A_LOWER_POSITION * below);
        below += n;
    }
    peak
}

/// Bytes on disk of the table of `rules` up to `max_counters` counters: each layer's values
/// file and its ranks file, two bytes a position each.
///
/// ```
/// use rajapasu_tablebase::budget::table_bytes;
/// let canonical = "canonical".parse().unwrap();
/// assert_eq!(table_bytes(&canonical, 42) >> 20, 2 * 853); // MiB
/// ```
pub fn table_bytes(rules: &Rules, max_counters: u32) -> u64 {
    plan(rules, max_counters)
        .iter()
        .map(|&(_, _, n)| 2 * (HEADER as u64 + 2 * n))
        .sum()
}

/// The most counters up to which a table of `rules` builds within `memory` bytes (`None` if
/// not even the empty board's layer fits).
///
/// ```
/// use rajapasu_tablebase::budget::counters_within;
/// let canonical = "canonical".parse().unwrap();
/// assert_eq!(counters_within(&canonical, u64::MAX), Some(42));
/// assert_eq!(counters_within(&canonical, 1), None);
/// ```
pub fn counters_within(rules: &Rules, memory: u64) -> Option<u32> {
    let top = 6 * rules.holes() as u32;
    (0..=top)
        .take_while(|&s| build_memory(rules, s) <= memory)
        .last()
}

/// Memory the system can give without swapping (`MemAvailable`), if it says.
pub fn free_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Bytes free for an ordinary user on the file system of `dir`, if the system says.
pub fn free_disk(dir: &Path) -> Option<u64> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
        // SAFETY: statvfs writes into the zeroed struct it is given and reads the path, a
        // valid C string.
        let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
        if unsafe { libc::statvfs(path.as_ptr(), &mut st) } != 0 {
            return None;
        }
        Some(st.f_bavail as u64 * st.f_frsize as u64)
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}
