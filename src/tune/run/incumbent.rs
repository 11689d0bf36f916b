//! The champion a run's winner is validated against: the genome
//! `params/best.toml` holds, its genes alone.

use super::error::RunError;
use std::path::Path;
use yacht_core::genome::Genome;

/// The champion `params_best` holds, if there is one: its genes alone, as
/// a run plays the winner (its `[think]` table is not what a run tunes, and
/// install carries it over).
pub(super) fn champion(params_best: &Path) -> Result<Option<Genome>, RunError> {
    let shown = params_best.display().to_string();
    let read = params_best
        .exists()
        .then(|| yacht_genome_file::read_genome(params_best, &shown))
        .transpose()?;
    Ok(read.map(Genome::without_thinking))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_champion_is_validated_against_as_its_genes_alone() {
        let file = std::env::temp_dir().join(format!("champion-{}.toml", std::process::id()));
        let mut thinking = Genome::default();
        thinking.think.futures = 64;
        let text = yacht_genome_file::genome_to_toml(&thinking, "");
        assert!(
            text.contains("[think]") && text.contains("futures = 64"),
            "{text}"
        );
        std::fs::write(&file, text).unwrap();
        let read = champion(&file).unwrap().unwrap();
        std::fs::remove_file(&file).unwrap();
        assert!(!read.think.is_on());
        assert_eq!(read, Genome::default());
        assert_eq!(champion(Path::new("/nonexistent/best.toml")).unwrap(), None);
    }
}
