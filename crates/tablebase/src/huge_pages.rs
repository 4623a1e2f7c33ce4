//! Arrays read at random, on huge pages where the system gives them.
//!
//! The builder reads a lower layer's values once for every capturing move, at random places in
//! hundreds of megabytes, so with 4 KiB pages almost every such read also misses the
//! processor's cache of page addresses (the TLB). Linux gives 2 MiB pages (transparent huge
//! pages) to memory that asks for them with `madvise` before it is touched, and a few hundred
//! of those cover every lower layer. Measured on layer 21, the largest, with the reads already
//! prefetched: 5% less processor time (docs/SOLVING.md, "Figures"). Elsewhere, or where the
//! system says no, the arrays are ordinary ones.

/// A vector of the `n` items of `items`, asked for on huge pages.
pub(crate) fn collected<T>(n: usize, items: impl Iterator<Item = T>) -> Vec<T> {
    let mut v = reserved(n);
    v.extend(items.take(n));
    v
}

/// An empty vector with room for `n` items, its untouched memory advised to be huge pages.
fn reserved<T>(n: usize) -> Vec<T> {
    let v: Vec<T> = Vec::with_capacity(n);
    advise(v.as_ptr().cast::<u8>(), n * std::mem::size_of::<T>());
    v
}

#[cfg(target_os = "linux")]
fn advise(at: *const u8, len: usize) {
    const HUGE: usize = 2 << 20;
    // Only the whole huge pages inside the allocation: the advice must not reach memory that
    // is not ours.
    let start = (at as usize).next_multiple_of(HUGE);
    let end = (at as usize + len) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies within this vector's allocation, and the advice changes how
        // its pages are backed, never what they hold. A refusal (no transparent huge pages)
        // leaves ordinary pages, so the result is not needed.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise(_: *const u8, _: usize) {}

#[cfg(test)]
mod tests {
    #[test]
    fn vectors_hold_what_was_asked() {
        let big = super::collected(5 << 20, (0..).map(|i: u32| (i % 251) as u8));
        assert_eq!(big.len(), 5 << 20);
        assert!(big.iter().enumerate().all(|(i, &x)| x == (i % 251) as u8));
        assert_eq!(super::collected(3, [1u16, 2, 3, 4].into_iter()), [1, 2, 3]);
    }
}
