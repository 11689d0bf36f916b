//! Text for terminal tables.

/// `s` cut to `n` characters, with an ellipsis when cut.
pub fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n - 1).chain(['…']).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(truncate("greedy", 6), "greedy");
        assert_eq!(truncate("genome:params/best.toml", 8), "genome:…");
    }
}
