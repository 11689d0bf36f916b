//! Five dice: their face counts (`Counts`) and their text (`Faces`, the
//! digits the protocol and the logs write).

/// Face counts of a multiset of dice: `counts[f - 1]` dice show face `f`.
pub type Counts = [u8; 6];

/// Face counts of a list of dice (faces 1..=6; anything else is ignored).
pub fn counts_of(dice: &[u8]) -> Counts {
    let mut c = [0u8; 6];
    for &d in dice {
        if (1..=6).contains(&d) {
            c[d as usize - 1] += 1;
        }
    }
    c
}

/// Five dice as the protocol and the logs write them: digits 1..=6 in the
/// order given, e.g. `35561`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Faces(pub [u8; 5]);

/// Text that is not five dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDice(pub String);

impl std::fmt::Display for BadDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not five digits 1-6", self.0)
    }
}

impl std::error::Error for BadDice {}

impl std::str::FromStr for Faces {
    type Err = BadDice;
    fn from_str(s: &str) -> Result<Faces, BadDice> {
        let b = s.as_bytes();
        if b.len() != 5 || !b.iter().all(|ch| (b'1'..=b'6').contains(ch)) {
            return Err(BadDice(s.to_string()));
        }
        Ok(Faces(std::array::from_fn(|i| b[i] - b'0')))
    }
}

impl std::fmt::Display for Faces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &d in &self.0 {
            write!(f, "{}", char::from(b'0' + d))?;
        }
        Ok(())
    }
}

/// Parses five dice written as digits 1..=6, e.g. `"35561"`.
pub fn parse_dice(s: &str) -> Option<[u8; 5]> {
    s.parse::<Faces>().ok().map(|f| f.0)
}

/// Writes five dice as digits.
pub fn format_dice(d: &[u8; 5]) -> String {
    Faces(*d).to_string()
}
