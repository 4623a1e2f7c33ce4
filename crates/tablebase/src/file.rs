//! Layer files: one per configuration and number of counters on the board, and beside each its
//! ranks.
//!
//! A values file (`.rptb`) is a 64-byte header followed by the lower values of every position
//! of the layer in index order, one signed byte each, then the upper values. A ranks file
//! (`.rprk`, the proof that the lower values are reached, [`crate::verify`]) has the same header
//! with its own magic, then one little-endian `u16` a position: [`NO_RANK`] where the lower
//! value is the trivial `-layer`. The header carries what the file holds and a checksum of
//! the data, so a file cut short by an interrupted build, or one of another table, is never
//! taken for a finished layer.

use crate::config::Config;
use crate::TableError;
use rajapasu_engine::Side;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 8] = b"RAJAPTB1";
const RANKS_MAGIC: &[u8; 8] = b"RAJAPRK1";
/// The rank of a position whose lower value is the trivial one (no claim to prove).
pub const NO_RANK: u16 = u16::MAX;
/// Bytes before the values.
pub const HEADER: usize = 64;

/// What a layer file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayerId {
    /// Holes a row.
    pub holes: u8,
    /// The closed holes.
    pub config: Config,
    /// Counters on the board.
    pub layer: u8,
}

impl LayerId {
    /// The file's name within the rule set's directory.
    pub fn file_name(&self) -> String {
        format!("{}-{:02}.rptb", self.config.name(), self.layer)
    }

    /// The file's path within `dir`.
    pub fn path(&self, dir: &Path) -> PathBuf {
        dir.join(self.file_name())
    }

    /// The path of the layer's ranks file within `dir`.
    pub fn ranks_path(&self, dir: &Path) -> PathBuf {
        self.path(dir).with_extension("rprk")
    }
}

/// FNV-1a over the values: cheap, and enough to tell a damaged or partial file.
pub fn checksum(data: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for chunk in data.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x1000_0000_01b3);
    }
    h
}

fn header(magic: &[u8; 8], id: &LayerId, positions: u64, sum: u64) -> [u8; HEADER] {
    let mut h = [0u8; HEADER];
    h[..8].copy_from_slice(magic);
    h[8] = id.holes;
    h[9] = match id.config.side {
        None => 0,
        Some(Side::South) => 1,
        Some(Side::North) => 2,
    };
    h[10] = id.config.count;
    h[11] = id.layer;
    h[16..24].copy_from_slice(&positions.to_le_bytes());
    h[24..32].copy_from_slice(&sum.to_le_bytes());
    h
}

/// Writes a layer: to a temporary file first, renamed into place once complete, so that a
/// file with the final name is always whole.
pub fn write(dir: &Path, id: &LayerId, lower: &[i8], upper: &[i8]) -> Result<(), TableError> {
    let mut data = Vec::with_capacity(2 * lower.len());
    data.extend(lower.iter().map(|&v| v as u8));
    data.extend(upper.iter().map(|&v| v as u8));
    write_data(
        &id.path(dir),
        &header(MAGIC, id, lower.len() as u64, checksum(&data)),
        &data,
    )
}

/// Writes a layer from its values as pairs `[lower, upper]`.
pub fn write_pairs(dir: &Path, id: &LayerId, values: &[[i8; 2]]) -> Result<(), TableError> {
    let n = values.len();
    let mut data = vec![0u8; 2 * n];
    let (lower, upper) = data.split_at_mut(n);
    for ((l, u), v) in lower.iter_mut().zip(upper.iter_mut()).zip(values) {
        *l = v[0] as u8;
        *u = v[1] as u8;
    }
    write_data(
        &id.path(dir),
        &header(MAGIC, id, n as u64, checksum(&data)),
        &data,
    )
}

/// Writes a layer's ranks file, as [`write`] does.
pub fn write_ranks(dir: &Path, id: &LayerId, ranks: &[u16]) -> Result<(), TableError> {
    let data: Vec<u8> = ranks.iter().flat_map(|r| r.to_le_bytes()).collect();
    let h = header(RANKS_MAGIC, id, ranks.len() as u64, checksum(&data));
    write_data(&id.ranks_path(dir), &h, &data)
}

fn write_data(path: &Path, header: &[u8; HEADER], data: &[u8]) -> Result<(), TableError> {
    let tmp = path.with_extension("part");
    let io = |e: std::io::Error| TableError::Io(tmp.display().to_string(), e.to_string());
    let mut f = fs::File::create(&tmp).map_err(io)?;
    f.write_all(header).map_err(io)?;
    f.write_all(data).map_err(io)?;
    f.sync_all().map_err(io)?;
    drop(f);
    fs::rename(&tmp, path).map_err(io)?;
    Ok(())
}

/// Why a layer file does not hold the layer it should.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerFileError {
    /// The file does not start with the table's magic bytes.
    NotATable,
    /// The header names another layer, board or size.
    OtherLayer,
    /// The file is not as long as the layer needs (a partial or damaged file).
    Length {
        /// Bytes found.
        found: u64,
        /// Bytes the layer needs.
        expected: u64,
    },
    /// The values do not add up to the header's checksum.
    Checksum,
}

impl std::fmt::Display for LayerFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayerFileError::NotATable => f.write_str("not a table file"),
            LayerFileError::OtherLayer => f.write_str("the header names another layer or size"),
            LayerFileError::Length { found, expected } => {
                write!(f, "{found} bytes where {expected} were expected")
            }
            LayerFileError::Checksum => f.write_str("checksum mismatch"),
        }
    }
}

impl std::error::Error for LayerFileError {}

/// Checks a layer file's header against what it should hold; with `deep`, its checksum too.
///
/// ```
/// use rajapasu_tablebase::file::LayerFileError;
/// assert_eq!(LayerFileError::Length { found: 3, expected: 40 }.to_string(), "3 bytes where 40 were expected");
/// ```
pub fn check(bytes: &[u8], id: &LayerId, positions: u64, deep: bool) -> Result<(), LayerFileError> {
    check_kind(MAGIC, bytes, id, positions, deep)
}

/// Checks a ranks file as [`check`] does a values file.
pub fn check_ranks(
    bytes: &[u8],
    id: &LayerId,
    positions: u64,
    deep: bool,
) -> Result<(), LayerFileError> {
    check_kind(RANKS_MAGIC, bytes, id, positions, deep)
}

fn check_kind(
    magic: &[u8; 8],
    bytes: &[u8],
    id: &LayerId,
    positions: u64,
    deep: bool,
) -> Result<(), LayerFileError> {
    if bytes.len() < HEADER || &bytes[..8] != magic {
        return Err(LayerFileError::NotATable);
    }
    let want = header(magic, id, positions, 0);
    if bytes[8..24] != want[8..24] {
        return Err(LayerFileError::OtherLayer);
    }
    // Both kinds hold two bytes a position.
    let expected = HEADER as u64 + 2 * positions;
    if bytes.len() as u64 != expected {
        return Err(LayerFileError::Length {
            found: bytes.len() as u64,
            expected,
        });
    }
    if deep {
        let sum = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
        if checksum(&bytes[HEADER..]) != sum {
            return Err(LayerFileError::Checksum);
        }
    }
    Ok(())
}

/// Reads a whole layer file and checks it; `None` if it is missing or not whole.
pub fn read(dir: &Path, id: &LayerId, positions: u64) -> Option<(Vec<i8>, Vec<i8>)> {
    let bytes = fs::read(id.path(dir)).ok()?;
    check(&bytes, id, positions, true).ok()?;
    let n = positions as usize;
    let values = &bytes[HEADER..];
    let lower = values[..n].iter().map(|&b| b as i8).collect();
    let upper = values[n..].iter().map(|&b| b as i8).collect();
    Some((lower, upper))
}

/// Reads a layer as pairs `[lower, upper]` if both its values and its ranks files are whole
/// (a layer built before ranks existed is built again); `None` otherwise.
pub fn read_pairs(dir: &Path, id: &LayerId, positions: u64) -> Option<Vec<[i8; 2]>> {
    let ranks = fs::read(id.ranks_path(dir)).ok()?;
    check_ranks(&ranks, id, positions, true).ok()?;
    let bytes = fs::read(id.path(dir)).ok()?;
    check(&bytes, id, positions, true).ok()?;
    let (lower, upper) = bytes[HEADER..].split_at(positions as usize);
    // Read at random by the builder: on huge pages.
    Some(crate::huge_pages::collected(
        positions as usize,
        lower.iter().zip(upper).map(|(&l, &u)| [l as i8, u as i8]),
    ))
}

/// Reads a layer's ranks file if whole.
pub fn read_ranks(dir: &Path, id: &LayerId, positions: u64) -> Option<Vec<u16>> {
    let bytes = fs::read(id.ranks_path(dir)).ok()?;
    check_ranks(&bytes, id, positions, true).ok()?;
    Some(
        bytes[HEADER..]
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect(),
    )
}
