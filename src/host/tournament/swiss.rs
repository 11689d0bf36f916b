//! Swiss pairing: one round's pairs by current points, no repeat while
//! avoidable, the bye to the lowest-ranked entrant with the fewest byes.

use std::collections::HashSet;

/// Pairs for one round: indices into `entrants`, plus the bye (if odd).
pub fn swiss_pairs(
    points: &[f64],
    played: &HashSet<(usize, usize)>,
    byes: &[u32],
) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&x, &y| points[y].total_cmp(&points[x]).then(x.cmp(&y)));
    let bye = if order.len() % 2 == 1 {
        // The lowest-ranked entrant with the fewest byes.
        let pick = *order
            .iter()
            .rev()
            .min_by_key(|&&i| byes[i])
            .expect("non-empty");
        order.retain(|&i| i != pick);
        Some(pick)
    } else {
        None
    };
    let met = |x: usize, y: usize| played.contains(&(x.min(y), x.max(y)));
    fn rec(
        left: &[usize],
        met: &dyn Fn(usize, usize) -> bool,
        strict: bool,
        out: &mut Vec<(usize, usize)>,
    ) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return true;
        };
        for k in 0..rest.len() {
            let other = rest[k];
            if strict && met(first, other) {
                continue;
            }
            let remaining: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, &x)| x)
                .collect();
            out.push((first, other));
            if rec(&remaining, met, strict, out) {
                return true;
            }
            out.pop();
        }
        false
    }
    let mut pairs = Vec::new();
    if !rec(&order, &met, true, &mut pairs) {
        pairs.clear();
        rec(&order, &met, false, &mut pairs);
    }
    (pairs, bye)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swiss_never_pairs_an_entrant_with_itself_and_avoids_repeats() {
        let n = 7;
        let mut played = HashSet::new();
        let mut byes = vec![0u32; n];
        for round in 0..6 {
            let points: Vec<f64> = (0..n).map(|i| ((i * 7 + round * 3) % 5) as f64).collect();
            let (pairs, bye) = swiss_pairs(&points, &played, &byes);
            assert_eq!(pairs.len(), 3);
            let mut seen: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).chain(bye).collect();
            seen.sort();
            assert_eq!(
                seen,
                (0..n).collect::<Vec<_>>(),
                "everyone plays once or has the bye"
            );
            for &(a, b) in &pairs {
                assert_ne!(a, b);
                assert!(
                    played.insert((a.min(b), a.max(b))),
                    "repeat {a}-{b} in round {round}"
                );
            }
            byes[bye.unwrap()] += 1;
        }
        assert!(byes.iter().all(|&b| b <= 1), "{byes:?}");
    }
}
