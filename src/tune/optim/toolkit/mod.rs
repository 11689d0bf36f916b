//! What every optimiser shares: the genes it may move (`frozen`), the first
//! population around the starts (`population`), how each kind of gene
//! moves (`step`: a real by a normal step, a count by whole numbers, a
//! switch by a flip, a choice to another option), a population's diversity
//! (`diversity`) and its ranks (`rank`). No optimiser imports another; each
//! takes what it shares from here.

mod diversity;
mod frozen;
mod population;
mod rank;
mod step;

pub use diversity::{diversity, spread_over};
pub use frozen::{FrozenGenes, NoSuchGene, free_genes, frozen_genes};
pub use population::{INIT_SIGMA, first_population, perturbed};
pub use rank::{rank_weights, ranking};
pub use step::{Counts, step, step_as};
