//! What every optimiser shares: the genes it may move (`frozen`), the first
//! population around the starts (`population`), how each kind of gene
//! moves by a step (`motion`: a real by a normal step, a count by whole numbers, a
//! switch by a flip, a choice to another option), a population's diversity
//! (`diversity`) and its ranks (`rank`). No optimiser imports another; each
//! takes what it shares from here.

mod diversity;
mod frozen;
mod motion;
mod population;
mod rank;

pub use diversity::{diversity, spread_over};
pub use frozen::{FrozenGenes, NoSuchGene, free_genes, frozen_genes};
pub use motion::{Counts, move_by, move_by_as};
pub use population::{INIT_SIGMA, first_population, perturb, perturbed, spread};
pub use rank::{rank_weights, ranking};
