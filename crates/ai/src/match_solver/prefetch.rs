//! Asking the processor for memory before it is read. The round graphs' builds and walks read
//! arrays of hundreds of megabytes at places no cache holds; taken one after the other, each
//! read waits for the last. Asked for a few steps ahead, the reads overlap.

/// Asks the processor to start loading the cache line at `address`. Only a hint: nothing is
/// read that the program sees, and an address outside any allocation is harmless.
#[inline(always)]
pub(super) fn prefetch<T>(address: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and cannot fault, whatever the address.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(address.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}
