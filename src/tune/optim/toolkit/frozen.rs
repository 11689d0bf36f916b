//! Frozen genes (`--freeze`): the patterns that name them, the error for a
//! pattern that names none, and the genes left free to move.

use yacht_core::genome::{GENES, N_GENES, is_retired};

/// A `--freeze` pattern that names no gene.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "--freeze {0}: no gene of that name{near} (genes: {names}; `tuner genes` lists them)",
    near = near_gene(.0),
    names = gene_names()
)]
pub struct NoSuchGene(pub String);

/// The gene a pattern may have meant (none for a `prefix*`).
fn near_gene(pattern: &str) -> String {
    match pattern.ends_with('*') {
        true => String::new(),
        false => yacht_genome_file::names::near_gene(pattern),
    }
}

/// The first genes' names and how many more.
fn gene_names() -> String {
    let names: Vec<&str> = GENES.iter().map(|g| g.name).collect();
    crate::text::cut_list(&names, 3)
}

/// Which genes are frozen, by gene index.
pub type FrozenGenes = [bool; N_GENES];

/// The genes `patterns` name: gene names, or `prefix*` for every gene whose
/// name starts with the prefix. A pattern that names no gene is an error
/// listing the genes.
pub fn frozen_genes(patterns: &[String]) -> Result<FrozenGenes, NoSuchGene> {
    let mut frozen = [false; N_GENES];
    // A retired gene's name (in an older run's config) freezes nothing.
    for p in patterns.iter().filter(|p| !is_retired(p)) {
        let matches = |name: &str| match p.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == p,
        };
        let mut any = false;
        for (f, g) in frozen.iter_mut().zip(GENES) {
            if matches(g.name) {
                *f = true;
                any = true;
            }
        }
        if !any {
            return Err(NoSuchGene(p.clone()));
        }
    }
    Ok(frozen)
}

/// The genes that move (not frozen), by index.
pub fn free_genes(frozen: &FrozenGenes) -> Vec<usize> {
    (0..N_GENES).filter(|&i| !frozen[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::{GaSettings, next_generation};
    use crate::tune::optim::toolkit::{diversity, perturbed};
    use yacht_core::genome::Genome;

    #[test]
    fn frozen_genes_stay_as_the_starting_genomes_have_them() {
        use yacht_core::genome::{BID_SCALE, PRIO};
        let frozen = frozen_genes(&["prio_*".into(), "bid_scale".into()]).unwrap();
        let names: Vec<&str> = (0..N_GENES)
            .filter(|&i| frozen[i])
            .map(|i| GENES[i].name)
            .collect();
        assert_eq!(names.len(), 13);
        assert!(frozen[PRIO] && frozen[PRIO + 11] && frozen[BID_SCALE]);
        let mut base = Genome::default();
        base.genes[PRIO + 3] = 2.5;
        let p: Vec<Genome> = (0..12).map(|i| perturbed(&base, 0.2, &frozen, i)).collect();
        let s = GaSettings {
            mutation_rate: 1.0,
            ..GaSettings::default()
        };
        let fit: Vec<f64> = (0..12).map(|i| i as f64).collect();
        let mut generation = p;
        for seed in 0..5 {
            generation = next_generation(&generation, &fit, &s, &frozen, seed);
        }
        for g in &generation {
            for i in (0..N_GENES).filter(|&i| frozen[i]) {
                assert_eq!(g.genes[i], base.genes[i], "{}", GENES[i].name);
            }
        }
        assert!(diversity(&generation) > 0.0);
        let e = frozen_genes(&["prio_*".into(), "bid_scael".into()]).unwrap_err();
        assert_eq!(e, NoSuchGene("bid_scael".into()));
        let e = e.to_string();
        let more = GENES.len() - 3;
        let genes = format!("prio_one, prio_two, prio_three and {more} more");
        assert_eq!(
            e,
            format!(
                "--freeze bid_scael: no gene of that name; did you mean `bid_scale`? (genes: \
                 {genes}; `tuner genes` lists them)"
            )
        );
        let e = frozen_genes(&["wq_*".into()]).unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "--freeze wq_*: no gene of that name (genes: {genes}; `tuner genes` lists them)"
            )
        );
    }
}
