//! The opponent suite (`params/suite.toml`): who a genome is evaluated
//! against, with weights. An entry is a built-in spec or a program command.

use crate::host::player::Player;
use serde::Deserialize;

/// One opponent of the suite.
#[derive(Clone, Debug)]
pub struct Opponent {
    pub name: String,
    pub player: Player,
    pub weight: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SuiteFile {
    opponent: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: Option<String>,
    spec: Option<String>,
    command: Option<String>,
    weight: Option<f64>,
}

/// Parses a suite file; errors name the file and the entry.
pub fn parse_suite(text: &str, file: &str) -> Result<Vec<Opponent>, String> {
    let f: SuiteFile = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
    let mut out = Vec::new();
    for (i, e) in f.opponent.into_iter().enumerate() {
        let at = |m: String| format!("{file}: opponent #{}: {m}", i + 1);
        let player = match (&e.spec, &e.command) {
            (Some(s), None) => Player::parse(&format!("builtin:{s}")).map_err(at)?,
            (None, Some(c)) => Player::parse(c).map_err(at)?,
            _ => return Err(at("give exactly one of `spec` or `command`".into())),
        };
        let weight = e.weight.unwrap_or(1.0);
        if !(weight > 0.0 && weight.is_finite()) {
            return Err(at(format!("weight must be positive, got {weight}")));
        }
        let name = e.name.unwrap_or_else(|| player.name());
        out.push(Opponent {
            name,
            player,
            weight,
        });
    }
    if out.is_empty() {
        return Err(format!("{file}: no [[opponent]] entries"));
    }
    Ok(out)
}

/// The ten sample AIs, weight 1 each.
pub fn samples() -> Vec<Opponent> {
    (1..=10)
        .map(|n| {
            let player = Player::parse(&format!("builtin:sample:{n}")).expect("built-in spec");
            Opponent {
                name: player.name(),
                player,
                weight: 1.0,
            }
        })
        .collect()
}
