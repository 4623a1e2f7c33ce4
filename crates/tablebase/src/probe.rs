//! Probing a built table: its layer files memory-mapped, one look-up a position.

use crate::config::{mirrored_counts, rules_dir_name, table_rules, Config, Shape};
use crate::file::{self, LayerId, HEADER};
use crate::index::{Ranker, MAX_IN_HOLE};
use crate::{TableError, Values};
use memmap2::Mmap;
use rajapasu_engine::{Position, Rules, Side};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

struct Layers {
    shape: Shape,
    ranker: Ranker,
    /// By layer: the mapped file, if built.
    files: Vec<Option<Mmap>>,
}

/// A table opened for probing.
pub struct Tablebase {
    /// The rules of the table's positions ([`table_rules`]).
    rules: Rules,
    /// The rules it was opened for: probes under them need no check ([`table_rules`] is too
    /// slow for every node of a search).
    opened_for: Rules,
    dir: PathBuf,
    configs: HashMap<Config, Layers>,
    positions: u64,
}

impl Tablebase {
    /// Opens the table of `rules` under `root` (the directory that holds one directory per
    /// rule set), mapping every layer file that is present and whole by its header. A table
    /// with no layer at all is an error; a partial one probes what it has.
    pub fn open(root: &Path, rules: &Rules) -> Result<Tablebase, TableError> {
        let opened_for = *rules;
        let rules = table_rules(rules)?;
        let dir = root.join(rules_dir_name(&rules));
        let mut configs = HashMap::new();
        let mut positions = 0;
        for config in Config::all(rules.holes()) {
            let shape = Shape::new(rules, config);
            let ranker = Ranker::new(shape.open.len());
            let mut files = Vec::new();
            for s in 0..=ranker.max_layer() {
                let id = LayerId {
                    holes: rules.holes() as u8,
                    config,
                    layer: s as u8,
                };
                let n = ranker.layer_size(s);
                let map = fs::File::open(id.path(&dir)).ok().and_then(|f| {
                    // SAFETY: table files are written once, renamed into place when whole, and
                    // never modified afterwards; a file changed under a running program would
                    // give wrong values, as any data file would.
                    let map = unsafe { Mmap::map(&f) }.ok()?;
                    file::check(&map, &id, n, false).ok()?;
                    Some(map)
                });
                if map.is_some() {
                    positions += n;
                }
                files.push(map);
            }
            configs.insert(
                config,
                Layers {
                    shape,
                    ranker,
                    files,
                },
            );
        }
        if positions == 0 {
            return Err(TableError::NotBuilt(dir.display().to_string()));
        }
        Ok(Tablebase {
            rules,
            opened_for,
            dir,
            configs,
            positions,
        })
    }

    /// The table rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The directory of the layer files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Positions the table holds (South to move; North's are their mirrors).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Whether the layer `s` of `config` is present.
    pub fn has_layer(&self, config: Config, s: u32) -> bool {
        self.configs
            .get(&config)
            .and_then(|l| l.files.get(s as usize))
            .is_some_and(Option::is_some)
    }

    /// The mapped bytes of a layer file (header included), if built.
    pub fn layer_bytes(&self, config: Config, s: u32) -> Option<&[u8]> {
        self.configs.get(&config)?.files.get(s as usize)?.as_deref()
    }

    /// The values of `pos` for its player to move, if the table holds it: the rule set must
    /// be the table's, every open hole must hold at most 3 counters, and its layer must be
    /// built. The captures and reserves do not matter: values count the captures to come.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Values> {
        if *pos.rules() != self.opened_for && table_rules(pos.rules()).ok()? != self.rules {
            return None;
        }
        let counts = pos.counts();
        if counts.iter().any(|&c| c > MAX_IN_HOLE) {
            return None;
        }
        let mut config = Config::of(pos)?;
        let mut board = [0u8; 14];
        let board = &mut board[..counts.len()];
        if pos.to_move() == Side::North {
            mirrored_counts(counts, board);
            config = config.mirror();
        } else {
            board.copy_from_slice(counts);
        }
        let layers = self.configs.get(&config)?;
        let s = pos.on_board() as usize;
        let map = layers.files.get(s)?.as_ref()?;
        let mut digits = [0u8; 14];
        let open = layers.shape.open.len();
        layers.shape.digits_into(board, &mut digits[..open]);
        let r = layers.ranker.rank(&digits[..open]) as usize;
        let n = layers.ranker.layer_size(s as u32) as usize;
        Some(Values {
            lower: map[HEADER + r] as i8,
            upper: map[HEADER + n + r] as i8,
        })
    }
}
