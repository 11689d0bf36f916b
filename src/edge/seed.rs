//! `--seed` of every command: a whole number from 0 to 2^64 − 1; anything
//! else is refused saying what a seed is, rather than with the number
//! parser's words.

/// Text that is not a seed.
#[derive(Debug, thiserror::Error)]
#[error("`{0}` is not a seed: a seed is a whole number from 0 to 2^64 − 1 ({max})", max = u64::MAX)]
pub struct BadSeed(String);

/// A seed: a whole number from 0 to 2^64 − 1.
pub fn parse_seed(s: &str) -> Result<u64, BadSeed> {
    s.trim().parse().map_err(|_| BadSeed(s.to_string()))
}

#[cfg(test)]
mod tests {
    use super::parse_seed;

    #[test]
    fn a_seed_is_a_whole_number_from_0_to_2_64_less_1() {
        assert_eq!(parse_seed("0").unwrap(), 0);
        assert_eq!(parse_seed("18446744073709551615").unwrap(), u64::MAX);
        let e = parse_seed("-1").unwrap_err().to_string();
        assert_eq!(
            e,
            "`-1` is not a seed: a seed is a whole number from 0 to 2^64 − 1 (18446744073709551615)"
        );
        assert!(e.chars().count() <= 100);
        for bad in ["18446744073709551616", "1.5", "x", ""] {
            assert!(parse_seed(bad).is_err(), "{bad}");
        }
    }
}
