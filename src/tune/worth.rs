//! What each change of a genome is worth against a baseline genome: the
//! genes whose value as the bot plays it differs, each put back as the
//! baseline has it in a copy of the candidate, so that the candidate less
//! that copy, paired on the same deals, is what the change is worth with
//! every other change kept. Plain data: the changes, the copies, and the
//! table of their paired differences (`tuner eval --put-back`).

use crate::text::{Align, Column, table as grid};
use crate::tune::eval::Baseline;
use yacht_core::genome::plan::Plan;
use yacht_core::genome::{GENES, Gene, Genome};

/// One gene the candidate plays otherwise than the baseline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    pub gene: usize,
    /// The baseline's value.
    pub from: f64,
    /// The candidate's value.
    pub to: f64,
}

impl Change {
    fn of(&self) -> &'static Gene {
        &GENES[self.gene]
    }

    /// The change as a share of the gene's range.
    pub fn share(&self) -> f64 {
        let g = self.of();
        (self.to - self.from) / (g.max - g.min)
    }

    /// The candidate with this gene put back as the baseline has it.
    pub fn put_back(&self, candidate: &Genome) -> Genome {
        let mut g = candidate.clone();
        g.genes[self.gene] = self.from;
        g
    }

    /// How a put-back copy is named in tables and JSON.
    pub fn label(&self) -> String {
        format!("{} put back", self.of().name)
    }
}

/// The genes the candidate plays otherwise than the baseline: those that
/// act in the candidate, largest change (as a share of the range) first,
/// and those whose mechanism does not run in it (putting one back alone
/// changes no game).
#[derive(Clone, Debug, PartialEq)]
pub struct Changes {
    pub acting: Vec<Change>,
    pub inert: Vec<Change>,
}

/// The changes from `base` to `candidate` (see [`Changes`]).
pub fn changes(candidate: &Genome, base: &Genome) -> Changes {
    let plan = Plan::of(candidate);
    let (mut acting, mut inert) = (Vec::new(), Vec::new());
    for (i, g) in GENES.iter().enumerate() {
        let (from, to) = (base.genes[i], candidate.genes[i]);
        if g.shown(from) == g.shown(to) {
            continue;
        }
        let change = Change { gene: i, from, to };
        match plan.offers(i) {
            true => acting.push(change),
            false => inert.push(change),
        }
    }
    acting.sort_by(|a, b| b.share().abs().total_cmp(&a.share().abs()));
    Changes { acting, inert }
}

const COLUMNS: [Column; 7] = [
    Column::new("change", Align::Left, 24),
    Column::new("baseline → candidate", Align::Left, 20),
    Column::new("opponent", Align::Left, 14),
    Column::new("worth", Align::Right, 6),
    Column::new("95% CI", Align::Right, 15),
    Column::new("plain", Align::Right, 6),
    Column::new("±", Align::Right, 5),
];

/// The table: first every change together (the candidate against the
/// baseline), then each change (the candidate against its put-back copy,
/// `each` in the order of `changes`), a row per opponent; points of
/// win rate, on the evaluation's fitness, the plain outcomes beside.
pub fn table(changes: &[Change], together: &Baseline, each: &[Baseline]) -> String {
    let pct = |x: f64| format!("{:+.2}", 100.0 * x);
    let mut rows = Vec::new();
    let mut add = |name: String, values: String, b: &Baseline| {
        for (k, r) in b.opponents.iter().enumerate() {
            let (d, se) = (r.paired.difference, r.paired.std_error);
            let plain = r.plain.as_ref();
            let first = k == 0;
            let interval = match (d, se) {
                (0.0, 0.0) => "alike, each game".to_string(),
                _ => format!("{} – {}", pct(d - 1.96 * se), pct(d + 1.96 * se)),
            };
            rows.push(vec![
                if first { name.clone() } else { String::new() },
                if first { values.clone() } else { String::new() },
                r.name.clone(),
                pct(d),
                interval,
                plain.map_or("–".into(), |p| pct(p.difference)),
                plain.map_or("–".into(), |p| format!("{:.2}", 196.0 * p.std_error)),
            ]);
        }
    };
    add("all together".into(), "the baseline".into(), together);
    for (c, b) in changes.iter().zip(each) {
        let g = c.of();
        add(
            g.name.to_string(),
            format!("{} → {}", g.shown(c.from), g.shown(c.to)),
            b,
        );
    }
    let mut lines = vec![
        format!(
            "what each change is worth: the candidate less a copy with that gene put back as {} has it,",
            together.player
        ),
        "every other change kept (paired on the same deals, points of %; plain: the outcomes alone,"
            .to_string(),
        "± its 95 % half-interval). The changes need not add up: they act together.".to_string(),
    ];
    lines.extend(grid(&COLUMNS, &rows));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::gene_index;

    /// A change that acts is listed, largest share first; a change whose
    /// mechanism does not run in the candidate is told apart; a move that
    /// does not change play (the same to three decimals) is not a change.
    #[test]
    fn changes_are_the_played_differences_split_by_whether_they_act() {
        let base = Genome::default();
        let mut cand = base.clone();
        let (scale, prio, chase, cap) = (
            gene_index("bid_scale"),
            gene_index("prio_two"),
            gene_index("bonus_chase"),
            gene_index("bid_cap"),
        );
        cand.genes[scale] = 1.2; // 0.1 of its range
        cand.genes[prio] = 6.0; // 0.2 of its range
        cand.genes[chase] = 20.0; // upper_weight 0: the chase does not run
        cand.genes[cap] += 1e-6; // plays the same
        let c = changes(&cand, &base);
        let acting: Vec<usize> = c.acting.iter().map(|c| c.gene).collect();
        assert_eq!(acting, [prio, scale]);
        assert_eq!(c.inert.len(), 1);
        assert_eq!(c.inert[0].gene, chase);
        let back = c.acting[0].put_back(&cand);
        assert_eq!(back.genes[prio], 0.0);
        assert_eq!(back.genes[scale], 1.2);
        assert_eq!(c.acting[0].label(), "prio_two put back");
    }
}
