//! FNV-1a, 64 bits (Fowler, Noll and Vo): the one hash of the opening book's checksum and of
//! puzzle ids. Byte by byte, the standard offset basis and prime, so that any FNV-1a 64
//! implementation gives the same number.

/// FNV-1a 64's offset basis.
const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a 64's prime, 2^40 + 2^8 + 0xb3.
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a 64 of `bytes`.
///
/// ```
/// use rajapasu_ai::fnv::fnv1a64;
/// // The published test vectors of FNV-1a 64.
/// assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
/// assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
/// ```
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}
