//! Multiset arithmetic: every multiset of n dice, a multiset's key (additive:
//! the key of a hand less a put's is the carry's), its rank among the
//! 10-dice hands, whether one holds another, the 5-dice multisets within a
//! hand, a multiset's probability under uniform dice.

use crate::rules::Counts;

/// The weight of each face in a key (see `key`): base-6 digits for faces
/// 1 to 5, none for sixes.
pub(super) const FACE_WEIGHT: [usize; 7] = [0, 1, 6, 36, 216, 1296, 0];

/// Keys of five dice are below this.
pub(super) const KEYS5: usize = 6usize.pow(5);

/// `FACE_WEIGHT` of every byte: a byte that is not a face weighs `KEYS5`,
/// so the sum of five is a key exactly when all five are faces.
pub(super) const FACE_KEY: [u16; 256] = {
    let mut weights = [KEYS5 as u16; 256];
    let mut face = 1;
    while face <= 6 {
        weights[face] = FACE_WEIGHT[face] as u16;
        face += 1;
    }
    weights
};

/// Face counts in the bytes of a number (face 1 lowest), see `holds`.
pub(super) fn lanes(c: &Counts) -> u64 {
    c.iter().rev().fold(0, |l, &n| l << 8 | n as u64)
}

/// The top bit of each face's byte in `lanes`.
pub(super) const LANE_TOPS: u64 = 0x8080_8080_8080;

/// Whether counts `a` hold counts `b` (as `lanes`, each count below 128):
/// a face's subtraction borrows, clearing its top bit, exactly when `b`
/// has more of it.
pub(super) fn holds(a: u64, b: u64) -> bool {
    ((a | LANE_TOPS) - b) & LANE_TOPS == LANE_TOPS
}

/// The key of face counts, Σ count(f)·FACE_WEIGHT(f): unique for five dice
/// (counts ≤ 5, and the sixes are what the other faces leave), and
/// additive, so key(hand) − key(put) = key(carry).
pub(super) fn key(c: &Counts) -> usize {
    c.iter()
        .zip(&FACE_WEIGHT[1..])
        .map(|(&n, w)| n as usize * w)
        .sum()
}

pub(super) fn multisets(n: u8) -> Vec<Counts> {
    // Sorted dice d1 <= … <= dn in lexicographic order: more small faces
    // first; the last face takes what is left.
    fn rec(face: usize, left: u8, cur: Counts, out: &mut Vec<Counts>) {
        if face == 5 {
            out.push([cur[0], cur[1], cur[2], cur[3], cur[4], left]);
            return;
        }
        for k in (0..=left).rev() {
            let mut next = cur;
            next[face] = k;
            rec(face + 1, left - k, next, out);
        }
    }
    let mut out = Vec::new();
    rec(0, n, [0; 6], &mut out);
    out
}

/// The index of a multiset of ten dice among all of them (lexicographic
/// order of the sorted dice, as `multisets(10)` lists them): the number of
/// hands that come first, summed face by face from `before` (see `ranks`).
pub(super) fn rank10(before: &Ranks, c: &Counts) -> usize {
    let mut left = 10;
    let mut r = 0;
    for f in 0..5 {
        r += before[f][left][c[f] as usize] as usize;
        left -= c[f] as usize;
    }
    r
}

pub(super) type Ranks = [[[u16; 11]; 11]; 5];

/// `before[f][n][k]`: with `n` dice left for faces f.. (the smaller faces
/// fixed), how many multisets come first because they hold more than `k`
/// dice of face f.
pub(super) fn ranks() -> Ranks {
    // Multisets of m dice over the faces after f: C(m + 4 - f, 4 - f).
    let choose = |n: usize, k: usize| (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1));
    let mut before = [[[0; 11]; 11]; 5];
    for (f, table) in before.iter_mut().enumerate() {
        for (n, row) in table.iter_mut().enumerate() {
            for (k, cell) in row.iter_mut().enumerate().take(n + 1) {
                *cell = (k + 1..=n)
                    .map(|j| choose(n - j + 4 - f, 4 - f))
                    .sum::<usize>() as u16;
            }
        }
    }
    before
}

/// Visits the key (see `key`) of every 5-dice multiset within `limit`, in
/// index order. Keys are sums, so the key of `limit` minus a visited key is
/// the key of the dice left over.
pub(super) fn sub_keys5(limit: &Counts, visit: &mut impl FnMut(usize)) {
    // room[f]: how many dice faces f.. can still take.
    let mut room = [0u8; 7];
    for f in (0..6).rev() {
        room[f] = room[f + 1] + limit[f];
    }
    fn rec(
        face: usize,
        left: u8,
        key: usize,
        limit: &Counts,
        room: &[u8; 7],
        visit: &mut impl FnMut(usize),
    ) {
        if left == 0 {
            return visit(key);
        }
        if left > room[face] {
            return;
        }
        // More small faces first.
        for k in (0..=left.min(limit[face])).rev() {
            let key = key + k as usize * FACE_WEIGHT[face + 1];
            rec(face + 1, left - k, key, limit, room, visit);
        }
    }
    rec(0, 5, 0, limit, &room, visit);
}

pub(super) fn probability(c: &Counts) -> f64 {
    let fact = |n: u8| (1..=n as u64).product::<u64>() as f64;
    let n: u8 = c.iter().sum();
    let ways = fact(n) / c.iter().map(|&k| fact(k)).product::<f64>();
    ways / 6f64.powi(n as i32)
}

pub(super) fn faces_of(c: &Counts) -> [u8; 5] {
    let mut out = [0u8; 5];
    let faces = (0..6u8).flat_map(|f| std::iter::repeat_n(f + 1, c[f as usize] as usize));
    for (o, f) in out.iter_mut().zip(faces) {
        *o = f;
    }
    out
}

pub(super) fn counts_sum(c: &Counts) -> u8 {
    c.iter().sum()
}
