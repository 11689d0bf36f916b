//! The population's diversity: each gene's spread as a fraction of its
//! range, which the mutation's floor and the run's records read.

use yacht_core::genome::{GENES, Genome, N_GENES};

/// Mean over genes of the population's standard deviation as a fraction of
/// the gene's range (0 = all equal).
pub fn diversity(pop: &[Genome]) -> f64 {
    spread_over(pop, &(0..N_GENES).collect::<Vec<_>>())
}

/// `diversity` over the genes `genes`.
pub fn spread_over(pop: &[Genome], genes: &[usize]) -> f64 {
    let n = pop.len().max(1) as f64;
    let mut total = 0.0;
    for &i in genes {
        let g = &GENES[i];
        let mean = pop.iter().map(|p| p.genes[i]).sum::<f64>() / n;
        let var = pop.iter().map(|p| (p.genes[i] - mean).powi(2)).sum::<f64>() / n;
        total += var.sqrt() / (g.max - g.min);
    }
    total / genes.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::toolkit::perturbed;

    #[test]
    fn diversity_is_zero_for_clones_and_positive_otherwise() {
        assert_eq!(diversity(&vec![Genome::default(); 5]), 0.0);
        let none = [false; N_GENES];
        let pop: Vec<Genome> = (0..5)
            .map(|i| perturbed(&Genome::default(), 0.2, &none, i))
            .collect();
        assert!(diversity(&pop) > 0.01);
    }
}
