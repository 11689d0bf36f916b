//! Names near a slip of the keyboard: the one rule for every "did you
//! mean" of the workspace but clap's flags (genes and thinking settings
//! here; players and gene patterns in the tuner).

use yacht_core::genome::GENES;

/// The name of `names` nearest to `word` when it is near enough to be a
/// slip of the keyboard (at most a third of its characters apart, at least
/// one, by edits that each add, drop or change a letter or swap two
/// neighbours), the first of the nearest on a tie.
pub fn nearest<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = (word.chars().count() / 3).max(1);
    let scored = names
        .into_iter()
        .map(|n| (strsim::osa_distance(word, n), n));
    let near = scored.filter(|&(d, n)| d <= most && n != word);
    near.min_by_key(|&(d, _)| d).map(|(_, n)| n)
}

/// `; did you mean `GENE`?` for a gene's name near `word`, else nothing.
pub fn near_gene(word: &str) -> String {
    did_you_mean(word, GENES.iter().map(|g| g.name))
}

/// `; did you mean `NAME`?` for the name of `names` near `word`, else
/// nothing.
pub fn did_you_mean<'a>(word: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, names).map_or(String::new(), |n| format!("; did you mean `{n}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_name_is_offered_and_a_far_one_is_not() {
        let genes = ["bid_scale", "bid_cap", "prio_one"];
        assert_eq!(
            did_you_mean("bid_scal", genes),
            "; did you mean `bid_scale`?"
        );
        assert_eq!(did_you_mean("bid_cp", genes), "; did you mean `bid_cap`?");
        assert_eq!(did_you_mean("wp_fast", genes), "");
        // A swap of neighbours is one edit: `thnik` (five letters, one
        // edit allowed) is near `think`; two edits in five are not.
        assert_eq!(nearest("thnik", ["think"]), Some("think"));
        assert_eq!(nearest("sampel:4", ["sample:4"]), Some("sample:4"));
        assert_eq!(nearest("thnki", ["think"]), None);
        // Three edits in eight characters are too far.
        assert_eq!(nearest("bdi_cpaa", ["bid_cap"]), None);
        assert_eq!(nearest("dpp", ["greedy", "dp", "dp:exact"]), Some("dp"));
        assert_eq!(nearest("dp", ["dp"]), None);
    }
}
