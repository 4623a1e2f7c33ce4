//! What the generation of a layer reads: every configuration's shape and row index (the
//! values of the layers solved so far are each pair's own, in [`super::Build`]).

use crate::config::{Config, Shape};
use crate::file::LayerId;
use crate::index::RowIndex;
use rajapasu_engine::{Rules, Side};
use std::sync::Arc;

/// The row index of a shape: its closed holes by row.
pub(super) fn row_index(shape: &Shape) -> RowIndex {
    let n = shape.template.rules().holes();
    let closed = |side: Side| -> Vec<usize> {
        (0..n)
            .filter(|&k| !shape.open.contains(&(side.index() * n + k)))
            .collect()
    };
    RowIndex::new(n, &closed(Side::South), &closed(Side::North))
}

/// A solved layer's values as pairs `[lower, upper]`, shared with the writer thread.
pub(super) type LayerValues = Arc<Vec<[i8; 2]>>;

/// What the generation reads besides the lower layers: every configuration's shape and index.
pub(super) struct Tables {
    pub(super) holes: usize,
    pub(super) configs: Vec<Config>,
    pub(super) shapes: Vec<Shape>,
    pub(super) rows: Vec<RowIndex>,
    /// The index of each configuration's mirror.
    pub(super) mirror: Vec<usize>,
}

impl Tables {
    pub(super) fn new(rules: &Rules) -> Tables {
        let configs = Config::all(rules.holes());
        let shapes: Vec<Shape> = configs.iter().map(|&c| Shape::new(*rules, c)).collect();
        let rows: Vec<RowIndex> = shapes.iter().map(row_index).collect();
        let mirror = configs
            .iter()
            .map(|c| {
                configs
                    .iter()
                    .position(|m| *m == c.mirror())
                    .expect("every mirror is listed")
            })
            .collect();
        Tables {
            holes: rules.holes(),
            configs,
            shapes,
            rows,
            mirror,
        }
    }

    pub(super) fn id(&self, c: usize, s: u32) -> LayerId {
        LayerId {
            holes: self.holes as u8,
            config: self.configs[c],
            layer: s as u8,
        }
    }
}
