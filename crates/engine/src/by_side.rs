//! Per-side values: one for South and one for North, named rather than numbered.

use crate::side::Side;
use core::ops::{Add, Index, IndexMut};

/// A value for each player: captures, reserves, rows, seats. Indexed by [`Side`], iterated South
/// first, and written in JSON as `{"south": .., "north": ..}`, the one shape every interface
/// uses for a pair.
///
/// ```
/// use rajapasu_engine::{BySide, Side};
/// let mut captured = BySide::new(40, 46);
/// captured[Side::South] += 3;
/// assert_eq!(captured.south, 43);
/// assert_eq!(captured[!Side::South], 46);
/// assert_eq!(captured.total(), 89);
/// assert_eq!(captured.map(|c| c * 2), BySide::new(86, 92));
/// assert_eq!(captured.iter().max(), Some(&46));
/// let named: Vec<String> = captured.pairs().map(|(s, c)| format!("{s} {c}")).collect();
/// assert_eq!(named, ["South 43", "North 46"]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// South's value and North's.
    #[inline]
    pub const fn new(south: T, north: T) -> BySide<T> {
        BySide { south, north }
    }

    /// The value `f` gives each side, South's computed first.
    ///
    /// ```
    /// use rajapasu_engine::{BySide, Side};
    /// assert_eq!(BySide::from_fn(Side::letter), BySide::new('S', 'N'));
    /// ```
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        let south = f(Side::South);
        BySide {
            south,
            north: f(Side::North),
        }
    }

    /// `side`'s value.
    #[inline]
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// `side`'s value, to change it.
    #[inline]
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// Each value passed through `f`, South's first.
    #[inline]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        let south = f(self.south);
        BySide {
            south,
            north: f(self.north),
        }
    }

    /// Both values by reference.
    #[inline]
    pub const fn as_ref(&self) -> BySide<&T> {
        BySide {
            south: &self.south,
            north: &self.north,
        }
    }

    /// The two values, South's first.
    #[inline]
    pub fn iter(&self) -> core::array::IntoIter<&T, 2> {
        [&self.south, &self.north].into_iter()
    }

    /// Each side with its value, South first.
    #[inline]
    pub fn pairs(&self) -> impl Iterator<Item = (Side, &T)> {
        Side::ALL.into_iter().zip(self.iter())
    }

    /// The two pairs side by side: `(self's value, other's value)` for each side.
    ///
    /// ```
    /// use rajapasu_engine::BySide;
    /// let held = BySide::new(3, 33).zip(BySide::new(5, 40)).map(|(r, c)| r + c);
    /// assert_eq!(held, BySide::new(8, 73));
    /// ```
    #[inline]
    pub fn zip<U>(self, other: BySide<U>) -> BySide<(T, U)> {
        BySide {
            south: (self.south, other.south),
            north: (self.north, other.north),
        }
    }

    /// South's value given to North and North's to South.
    #[inline]
    pub fn flipped(self) -> BySide<T> {
        BySide {
            south: self.north,
            north: self.south,
        }
    }
}

impl<T: Copy + Add<Output = T>> BySide<T> {
    /// South's value plus North's.
    #[inline]
    pub fn total(self) -> T {
        self.south + self.north
    }
}

impl<T: Ord> BySide<T> {
    /// The side whose value is larger; `None` when they are equal.
    ///
    /// ```
    /// use rajapasu_engine::{BySide, Side};
    /// assert_eq!(BySide::new(63, 35).larger(), Some(Side::South));
    /// assert_eq!(BySide::new(49, 49).larger(), None);
    /// ```
    pub fn larger(&self) -> Option<Side> {
        match self.south.cmp(&self.north) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = T;
    type IntoIter = core::array::IntoIter<T, 2>;
    /// The two values, South's first.
    fn into_iter(self) -> Self::IntoIter {
        [self.south, self.north].into_iter()
    }
}

impl<'a, T> IntoIterator for &'a BySide<T> {
    type Item = &'a T;
    type IntoIter = core::array::IntoIter<&'a T, 2>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn json_names_both_sides() {
        let pair = BySide::new(14, 0);
        let json = serde_json::to_string(&pair).unwrap();
        assert_eq!(json, r#"{"south":14,"north":0}"#);
        assert_eq!(serde_json::from_str::<BySide<u32>>(&json).unwrap(), pair);
    }
}
