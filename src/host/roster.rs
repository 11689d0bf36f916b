//! Named players from TOML files: the opponents of a suite (`[[opponent]]`)
//! or the entrants of a tournament (`[[entrant]]`), each with a name, a
//! built-in `spec` or a program `command`, and a weight. Errors name the
//! file and the entry.

use crate::host::player::Player;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The largest weight: sums of weights stay finite, so fitness does too.
pub const MAX_WEIGHT: f64 = 1e6;

/// One named player of a roster.
#[derive(Clone, Debug)]
pub struct Listed {
    pub name: String,
    pub player: Player,
    /// How much its results count (suites; 1 when not given).
    pub weight: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: Option<String>,
    spec: Option<String>,
    command: Option<String>,
    weight: Option<f64>,
}

/// Parses the `[[table]]` entries of a roster file (`table` is `opponent`
/// or `entrant`); any other top-level key is an error.
pub fn parse_roster(text: &str, file: &str, table: &str) -> Result<Vec<Listed>, String> {
    let mut tables: BTreeMap<String, Vec<Entry>> =
        toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
    let entries = tables.remove(table).unwrap_or_default();
    if let Some(other) = tables.keys().next() {
        return Err(format!(
            "{file}: unknown table `{other}` (expected [[{table}]] entries)"
        ));
    }
    let mut out = Vec::new();
    for (i, e) in entries.into_iter().enumerate() {
        let at = |m: String| format!("{file}: {table} #{}: {m}", i + 1);
        let player = match (&e.spec, &e.command) {
            (Some(s), None) => Player::builtin(s).map_err(|e| at(e.to_string()))?,
            (None, Some(c)) => Player::program(c).map_err(|e| at(e.to_string()))?,
            _ => return Err(at("give exactly one of `spec` or `command`".into())),
        };
        if table == "entrant" && e.weight.is_some() {
            return Err(at("a tournament entrant has no weight".into()));
        }
        let weight = e.weight.unwrap_or(1.0);
        if !(weight > 0.0 && weight <= MAX_WEIGHT) {
            return Err(at(format!(
                "weight must be more than 0 and at most {MAX_WEIGHT}, got {weight}"
            )));
        }
        let name = e.name.unwrap_or_else(|| player.name());
        out.push(Listed {
            name,
            player,
            weight,
        });
    }
    if out.is_empty() {
        return Err(format!("{file}: no [[{table}]] entries"));
    }
    Ok(out)
}

/// The ten sample AIs, weight 1 each.
pub fn samples() -> Vec<Listed> {
    (1..=10)
        .map(|n| {
            let player = Player::builtin(&format!("sample:{n}")).expect("built-in spec");
            Listed {
                name: player.name(),
                player,
                weight: 1.0,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_name_file_and_entry_in_errors() {
        let ok = parse_roster(
            "[[opponent]]\nspec = \"sample:6\"\n[[opponent]]\nname = \"g\"\nspec = \"greedy\"\nweight = 2\n",
            "s.toml",
            "opponent",
        )
        .unwrap();
        assert_eq!((ok[0].name.as_str(), ok[1].name.as_str()), ("4D", "g"));
        assert_eq!(ok[1].weight, 2.0);
        let e = |text: &str| parse_roster(text, "s.toml", "opponent").unwrap_err();
        assert_eq!(
            e("[[opponent]]\nspec = \"greedy\"\n[[opponent]]\nspec = \"x\"\ncommand = \"y\"\n"),
            "s.toml: opponent #2: give exactly one of `spec` or `command`"
        );
        assert!(e("[[entrant]]\nspec = \"greedy\"\n").contains("unknown table `entrant`"));
        assert_eq!(e(""), "s.toml: no [[opponent]] entries");
        assert!(e("[[opponent]]\nspec = \"greedy\"\nweight = -1\n").contains("more than 0"));
        assert!(e("[[opponent]]\nspec = \"greedy\"\nweight = 1e308\n").contains("at most 1000000"));
        let entrant = parse_roster(
            "[[entrant]]\nspec = \"greedy\"\nweight = 2\n",
            "t.toml",
            "entrant",
        );
        assert_eq!(
            entrant.unwrap_err(),
            "t.toml: entrant #1: a tournament entrant has no weight"
        );
    }
}
