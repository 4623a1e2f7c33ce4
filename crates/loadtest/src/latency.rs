//! Latencies, in microseconds, and their percentiles as the reports print them.

/// The `p` percentile (0 to 1, nearest rank) of latencies `sorted` in ascending order, in
/// milliseconds; 0 when there are none.
///
/// ```
/// use rajapasu_loadtest::latency::percentile;
/// let us = [1_000, 2_000, 3_000, 4_000, 10_000];
/// assert_eq!(percentile(&us, 0.5), 3.0);
/// assert_eq!(percentile(&us, 1.0), 10.0);
/// assert_eq!(percentile(&[], 0.99), 0.0);
/// ```
pub fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[k.min(sorted.len() - 1)] as f64 / 1000.0
}
