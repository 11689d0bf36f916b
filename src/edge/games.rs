//! `--games` of the commands that play every deal twice, seats swapped
//! (`eval`, `evolve`): games come in pairs, so the count is even; an odd
//! one is refused, saying why, rather than silently rounded.

/// The most games per opponent a command takes.
pub const MAX_GAMES: u64 = 1_000_000;

/// A count of games that is not an even number from 2 to [`MAX_GAMES`].
#[derive(Debug, thiserror::Error)]
pub enum BadGames {
    #[error("not a whole number of games")]
    NotANumber,
    #[error(
        "{0} is odd: every deal is played twice, seats swapped, so games come in pairs; give \
         an even number (e.g. {1})"
    )]
    Odd(u64, u64),
    #[error("give an even number from 2 to {MAX_GAMES}")]
    OutOfRange,
}

/// Games per opponent: even, from 2 to [`MAX_GAMES`].
pub fn parse_games(s: &str) -> Result<u64, BadGames> {
    let n: u64 = s.trim().parse().map_err(|_| BadGames::NotANumber)?;
    if n == 0 || n > MAX_GAMES {
        Err(BadGames::OutOfRange)
    } else if n % 2 == 1 {
        Err(BadGames::Odd(n, n + 1))
    } else {
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_games;

    #[test]
    fn games_come_in_pairs() {
        assert_eq!(parse_games("2").unwrap(), 2);
        assert_eq!(parse_games("1000000").unwrap(), 1_000_000);
        let odd = parse_games("3").unwrap_err().to_string();
        assert!(odd.contains("3 is odd") && odd.contains("e.g. 4"), "{odd}");
        for bad in ["0", "1000002", "-2", "x"] {
            assert!(parse_games(bad).is_err(), "{bad}");
        }
    }
}
