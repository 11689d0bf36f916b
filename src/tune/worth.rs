//! What each change of a genome is worth against a baseline genome: the
//! genes whose value as the bot plays it differs, each put back as the
//! baseline has it in a copy of the candidate, so that the candidate less
//! that copy, paired on the same deals, is what the change is worth with
//! every other change kept. Plain data: the changes, the copies, and the
//! table of their paired differences (`tuner eval --put-back`).

use crate::text::{Align, Column, table as grid};
use crate::tune::eval::{Baseline, Fitness, difference_interval, plain_cells, points};
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
    /// The gene's definition.
    pub fn of(&self) -> &'static Gene {
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

/// Every gene `candidate` plays otherwise than `base` (its value as
/// shown differs: a move within a count's rounding, a switch's side or
/// three decimals is none), largest change as a share of the range first.
pub fn played(candidate: &Genome, base: &Genome) -> Vec<Change> {
    let mut all: Vec<Change> = (GENES.iter().enumerate())
        .filter(|(i, g)| g.shown(base.genes[*i]) != g.shown(candidate.genes[*i]))
        .map(|(i, _)| Change {
            gene: i,
            from: base.genes[i],
            to: candidate.genes[i],
        })
        .collect();
    all.sort_by(|a, b| b.share().abs().total_cmp(&a.share().abs()));
    all
}

/// The changes from `base` to `candidate` (see [`Changes`]).
pub fn changes(candidate: &Genome, base: &Genome) -> Changes {
    let plan = Plan::of(candidate);
    let (acting, inert) = (played(candidate, base).into_iter()).partition(|c| plan.offers(c.gene));
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

/// The cells of `b`'s rows, one per opponent, the first named `name` and
/// `values` (points of win rate; "0 in every deal" when the two played
/// alike deal by deal).
fn rows_of(name: &str, values: &str, b: &Baseline) -> Vec<Vec<String>> {
    let first = |k: usize, text: &str| {
        if k == 0 {
            text.to_string()
        } else {
            String::new()
        }
    };
    (b.opponents.iter().enumerate())
        .map(|(k, r)| {
            let (d, se) = (r.paired.difference, r.paired.std_error);
            let [plain, plus_minus] = plain_cells(r.plain.as_ref());
            vec![
                first(k, name),
                first(k, values),
                r.name.clone(),
                points(d),
                match (d, se) {
                    (0.0, 0.0) => "0 in every deal".to_string(),
                    _ => difference_interval(d, se),
                },
                plain,
                plus_minus,
            ]
        })
        .collect()
}

/// The table: first every change together (the candidate against the
/// baseline), then each change (the candidate against the copy `each`
/// holds under [`Change::label`]), a row per opponent; points of win rate
/// on `fitness`, the plain outcomes beside. A change without its copy's
/// games (a stopped evaluation) is said so.
pub fn table(
    changes: &[Change],
    together: &Baseline,
    each: &[Baseline],
    fitness: Fitness,
) -> String {
    let mut rows = rows_of("all together", "the baseline", together);
    for c in changes {
        let g = c.of();
        let values = format!("{} → {}", g.shown(c.from), g.shown(c.to));
        match each.iter().find(|b| b.player == c.label()) {
            Some(b) => rows.extend(rows_of(g.name, &values, b)),
            None => rows.push(vec![g.name.into(), values, "not measured".into()]),
        }
    }
    let mut lines = vec![
        "what each change is worth: the candidate less a copy with that gene put back as"
            .to_string(),
        format!("  {}", together.player),
        format!(
            "has it, every other change kept (paired on the same deals, points of %, on the {fitness}"
        ),
        "fitness; plain: the outcomes alone, ± its 95 % half-interval). The changes need not add"
            .to_string(),
        "up: they act together.".to_string(),
    ];
    if changes.is_empty() {
        lines.push("the candidate plays as the baseline: nothing to put back".to_string());
    }
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

    /// Each change's rows come from the copy named by its label, whatever
    /// the order of the copies; worth is the candidate less the copy, in
    /// points; a change without its copy is said so.
    #[test]
    fn the_table_takes_each_changes_copy_by_its_label() {
        use crate::tune::eval::Evaluation;
        let base = Genome::default();
        let mut cand = base.clone();
        cand.genes[gene_index("bid_scale")] = 1.2;
        cand.genes[gene_index("prio_two")] = 6.0;
        cand.genes[gene_index("prio_six")] = -3.0;
        let c = changes(&cand, &base).acting;
        let of = |p: Vec<f64>| Evaluation::from_points(&[("dp", p)]);
        let candidate = of(vec![1.0, 1.0, 0.0, 1.0]);
        let vs = |name: &str, p: Vec<f64>| Baseline::new(name, &candidate, &of(p)).unwrap();
        let together = vs("base.toml", vec![0.0, 1.0, 0.0, 1.0]);
        // The copies in another order than the changes; prio_six's missing.
        let each = [
            vs("bid_scale put back", vec![1.0, 1.0, 0.0, 0.0]),
            vs("prio_two put back", vec![1.0, 1.0, 0.0, 1.0]),
        ];
        let text = table(&c, &together, &each, Fitness::WinRate);
        let row = |name: &str| {
            text.lines()
                .find(|l| l.starts_with(name))
                .unwrap()
                .to_string()
        };
        assert!(row("all together").contains("+25.00"), "{text}");
        assert!(row("bid_scale").contains("+25.00"), "{text}");
        assert!(row("prio_two").contains("0 in every deal"), "{text}");
        assert!(row("prio_six").contains("not measured"), "{text}");
        assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    }
}
