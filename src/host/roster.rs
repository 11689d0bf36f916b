//! Named players from TOML files: the opponents of a suite (`[[opponent]]`)
//! or the entrants of a tournament (`[[entrant]]`), each with a name, a
//! built-in `spec`, a program `command`, or a `hall` of fame (a folder whose
//! genome files each become a player, sharing the entry's weight), and a
//! weight. Errors name the file and the entry.

use crate::host::player::{Player, PlayerError};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

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
    hall: Option<String>,
    weight: Option<f64>,
}

/// What a roster lists: a suite's opponents or a tournament's entrants,
/// each its own `[[table]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RosterKind {
    Opponent,
    Entrant,
}

impl RosterKind {
    /// The name of its `[[table]]`.
    pub fn name(self) -> &'static str {
        match self {
            RosterKind::Opponent => "opponent",
            RosterKind::Entrant => "entrant",
        }
    }
}

impl fmt::Display for RosterKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `:LINE` when the line is known, else nothing.
fn line_suffix(line: Option<usize>) -> String {
    line.map_or(String::new(), |l| format!(":{l}"))
}

/// The line (1-based) of the byte `at` of `text`.
fn line_at(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The line (1-based) where the top-level `key` opens a table (`[key]`,
/// `[[key]]`), else where it is set (`key = …`) before the first table,
/// found by scanning the text.
fn line_of_key(text: &str, key: &str) -> Option<usize> {
    let named = |l: &str| {
        l.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with([']', '=', '.']))
    };
    let lines: Vec<&str> = text.lines().map(str::trim_start).collect();
    let header = lines
        .iter()
        .position(|l| l.starts_with('[') && named(l.trim_start_matches('[')));
    let first_table = lines.iter().position(|l| l.starts_with('['));
    let set = lines[..first_table.unwrap_or(lines.len())]
        .iter()
        .position(|l| named(l));
    header.or(set).map(|i| i + 1)
}

/// A roster file that cannot be used; each names the file (and the entry).
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    #[error("{file}: {error}")]
    Toml {
        file: String,
        error: toml::de::Error,
    },
    #[error(
        "{file}: a genome file (`{gene} = …`), not a list of [[{kind}]] entries: give it as --genome or genome:PATH"
    )]
    Genome {
        file: String,
        gene: String,
        kind: RosterKind,
    },
    #[error(
        "{file}{at}: unknown table `{table}` (expected [[{kind}]] entries){near}",
        at = line_suffix(*.line),
        near = crate::text::did_you_mean(table, [kind.name()])
    )]
    UnknownTable {
        file: String,
        /// Where it opens or is set (1-based), when found.
        line: Option<usize>,
        table: String,
        kind: RosterKind,
    },
    #[error("{file}:{line}: {kind} #{entry}: {problem}")]
    Entry {
        file: String,
        /// The line its `[[kind]]` header is on (1-based).
        line: usize,
        kind: RosterKind,
        /// From 1, in file order.
        entry: usize,
        problem: Box<EntryProblem>,
    },
    #[error("{file}: no [[{kind}]] entries")]
    Empty { file: String, kind: RosterKind },
}

/// What is wrong with one entry.
#[derive(Debug, thiserror::Error)]
pub enum EntryProblem {
    #[error("a tournament entrant has no weight")]
    EntrantWeight,
    #[error("weight must be more than 0 and at most {MAX_WEIGHT}, got {0}")]
    Weight(f64),
    #[error("give exactly one of `spec`, `command` or `hall`")]
    NotOneSource,
    #[error(transparent)]
    Player(#[from] PlayerError),
    #[error("hall {dir}: {error}")]
    HallUnreadable { dir: String, error: std::io::Error },
    #[error("hall {0}: no genome files (*.toml)")]
    HallEmpty(String),
    #[error("hall {dir}: {error}")]
    HallMember { dir: String, error: PlayerError },
}

/// Parses the `[[kind]]` entries of a roster file; any other top-level
/// key is an error.
pub fn parse_roster(text: &str, file: &str, kind: RosterKind) -> Result<Vec<Listed>, RosterError> {
    let toml_error = |error| RosterError::Toml {
        file: file.to_string(),
        error,
    };
    if let Some(gene) = a_gene(text) {
        let file = file.to_string();
        return Err(RosterError::Genome { file, gene, kind });
    }
    let mut tables: BTreeMap<String, Vec<toml::Spanned<Entry>>> =
        toml::from_str(text).map_err(toml_error)?;
    let entries = tables.remove(kind.name()).unwrap_or_default();
    if let Some(table) = tables.into_keys().next() {
        let file = file.to_string();
        let line = line_of_key(text, &table);
        return Err(RosterError::UnknownTable {
            file,
            line,
            table,
            kind,
        });
    }
    let mut out = Vec::new();
    for (i, e) in entries.into_iter().enumerate() {
        let at = |problem| RosterError::Entry {
            file: file.to_string(),
            line: line_at(text, e.span().start),
            kind,
            entry: i + 1,
            problem: Box::new(problem),
        };
        out.extend(listed(e.get_ref(), kind).map_err(at)?);
    }
    if out.is_empty() {
        let file = file.to_string();
        return Err(RosterError::Empty { file, kind });
    }
    Ok(out)
}

/// The first gene a genome file sets, when `text` is one (TOML whose keys
/// name genes).
fn a_gene(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    let gene = table
        .keys()
        .find(|k| yacht_core::genome::Genome::index_of(k).is_some());
    gene.cloned()
}

/// The players of one entry, sharing its weight.
fn listed(e: &Entry, kind: RosterKind) -> Result<Vec<Listed>, EntryProblem> {
    if kind == RosterKind::Entrant && e.weight.is_some() {
        return Err(EntryProblem::EntrantWeight);
    }
    let weight = e.weight.unwrap_or(1.0);
    if !(weight > 0.0 && weight <= MAX_WEIGHT) {
        return Err(EntryProblem::Weight(weight));
    }
    let players = match (&e.spec, &e.command, &e.hall) {
        (Some(s), None, None) => vec![(None, Player::builtin(s)?)],
        (None, Some(c), None) => vec![(None, Player::program(c)?)],
        (None, None, Some(dir)) => hall(Path::new(dir))?,
        _ => return Err(EntryProblem::NotOneSource),
    };
    let share = weight / players.len() as f64;
    let named = players.into_iter().map(|(member, player)| {
        let name = match (&e.name, member) {
            (Some(n), Some(m)) => format!("{n}/{m}"),
            (None, Some(m)) => format!("hall/{m}"),
            (Some(n), None) => n.clone(),
            (None, None) => player.name(),
        };
        Listed {
            name,
            player,
            weight: share,
        }
    });
    Ok(named.collect())
}

/// The members of a hall of fame: every `*.toml` genome file in `dir`, by
/// file name, each named by its file stem. An empty or missing folder is an
/// error (its weight would count for nothing).
fn hall(dir: &Path) -> Result<Vec<(Option<String>, Player)>, EntryProblem> {
    let shown = || dir.display().to_string();
    let entries = std::fs::read_dir(dir).map_err(|error| EntryProblem::HallUnreadable {
        dir: shown(),
        error,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(EntryProblem::HallEmpty(shown()));
    }
    files
        .into_iter()
        .map(|f| {
            let stem = f.file_stem().map(|s| s.to_string_lossy().into_owned());
            let player = Player::builtin(&format!("genome:{}", f.display())).map_err(|error| {
                EntryProblem::HallMember {
                    dir: shown(),
                    error,
                }
            })?;
            Ok((stem, player))
        })
        .collect()
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
            RosterKind::Opponent,
        )
        .unwrap();
        assert_eq!((ok[0].name.as_str(), ok[1].name.as_str()), ("4D", "g"));
        assert_eq!(ok[1].weight, 2.0);
        let e = |text: &str| {
            parse_roster(text, "s.toml", RosterKind::Opponent)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            e("[[opponent]]\nspec = \"greedy\"\n[[opponent]]\nspec = \"x\"\ncommand = \"y\"\n"),
            "s.toml:3: opponent #2: give exactly one of `spec`, `command` or `hall`"
        );
        assert_eq!(
            e("# s\n[[opponent]]\nspec = \"greedy\"\n\n[[oponent]]\nspec = \"dp\"\n"),
            "s.toml:5: unknown table `oponent` (expected [[opponent]] entries); \
             did you mean `opponent`?"
        );
        // A key of that name inside an entry is not the table.
        assert!(
            e("[[opponent]]\nhall = \"h\"\n\n[[hall]]\nspec = \"dp\"\n")
                .starts_with("s.toml:4: unknown table `hall`")
        );
        assert!(e("[[entrant]]\nspec = \"greedy\"\n").contains("unknown table `entrant`"));
        assert_eq!(e(""), "s.toml: no [[opponent]] entries");
        assert_eq!(
            e("bid_scale = 1.0\n"),
            "s.toml: a genome file (`bid_scale = …`), not a list of [[opponent]] entries: give it as --genome or genome:PATH"
        );
        assert!(e("[[opponent]]\nspec = \"greedy\"\nweight = -1\n").contains("more than 0"));
        assert!(e("[[opponent]]\nspec = \"greedy\"\nweight = 1e308\n").contains("at most 1000000"));
        let entrant = parse_roster(
            "[[entrant]]\nspec = \"greedy\"\nweight = 2\n",
            "t.toml",
            RosterKind::Entrant,
        );
        assert_eq!(
            entrant.unwrap_err().to_string(),
            "t.toml:1: entrant #1: a tournament entrant has no weight"
        );
    }

    #[test]
    fn a_hall_is_every_genome_file_of_its_folder_sharing_the_weight() {
        let dir = std::env::temp_dir().join(format!("hall-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("b.toml"), "bid_scale = 0.5\n").unwrap();
        std::fs::write(dir.join("a.toml"), "bid_scale = 1.0\n").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a genome").unwrap();
        let text = |name: &str| {
            format!(
                "[[opponent]]\nspec = \"dp\"\n[[opponent]]\n{name}hall = \"{}\"\nweight = 4\n",
                dir.display()
            )
        };
        let suite = parse_roster(&text(""), "s.toml", RosterKind::Opponent).unwrap();
        let got: Vec<(&str, f64)> = suite.iter().map(|o| (o.name.as_str(), o.weight)).collect();
        assert_eq!(got, [("dp", 1.0), ("hall/a", 2.0), ("hall/b", 2.0)]);
        let named = parse_roster(
            &text("name = \"champions\"\n"),
            "s.toml",
            RosterKind::Opponent,
        )
        .unwrap();
        assert_eq!(named[2].name, "champions/b");
        // A genome that does not parse is an error naming the hall.
        std::fs::write(dir.join("c.toml"), "no_such_gene = 1\n").unwrap();
        let e = parse_roster(&text(""), "s.toml", RosterKind::Opponent).unwrap_err();
        let member = |p: &EntryProblem| matches!(p, EntryProblem::HallMember { .. });
        assert!(matches!(&e, RosterError::Entry { entry: 2, problem, .. } if member(problem)));
        let e = e.to_string();
        assert!(
            e.starts_with("s.toml:3: opponent #2: hall ") && e.contains("no_such_gene"),
            "{e}"
        );
        // An empty or missing folder is an error, not a weight for nothing.
        for f in ["a.toml", "b.toml", "c.toml"] {
            std::fs::remove_file(dir.join(f)).unwrap();
        }
        let e = parse_roster(&text(""), "s.toml", RosterKind::Opponent)
            .unwrap_err()
            .to_string();
        assert!(e.ends_with("no genome files (*.toml)"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        let e = parse_roster(&text(""), "s.toml", RosterKind::Opponent)
            .unwrap_err()
            .to_string();
        assert!(e.contains("hall-test"), "{e}");
    }
}
