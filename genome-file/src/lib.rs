//! Genome TOML files: reading with errors that name the file, line and
//! field, and writing with every field documented. The one reader of the
//! workspace: the tuner and the bot's build script accept the same files.

use std::fmt;
use std::path::Path;
use yacht_core::genome::{GENES, Gene, Genome, Kind, is_retired};

pub mod names;
mod think;
pub use think::think_to_toml;
use think::{THINK, think_of};

/// A bad genome file: where and what.
#[derive(Debug, Clone, PartialEq)]
pub struct GenomeError {
    pub file: String,
    pub line: Option<usize>,
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for GenomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ": field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for GenomeError {}

/// The line (1-based) where `key` is assigned (`key = …`) or opens a table
/// (`[key]`), found by scanning the text.
fn line_of(text: &str, key: &str) -> Option<usize> {
    let header = format!("[{key}]");
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            l.starts_with(&header)
                || l.strip_prefix(key)
                    .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|i| i + 1)
}

/// The genome a folder of parameters offers by default: its `best.toml`
/// when there is one, else its `default.toml`.
pub fn default_genome(params: &Path) -> std::path::PathBuf {
    let best = params.join("best.toml");
    if best.exists() {
        best
    } else {
        params.join("default.toml")
    }
}

/// A genome as its file gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct GenomeRead {
    pub genome: Genome,
    /// The genes the file does not set, which took their defaults (a
    /// hand-written file may leave them out; a cut one is seen here).
    pub defaulted: Vec<&'static str>,
}

impl GenomeRead {
    /// What to tell about the genes that took their defaults (None: the
    /// file sets every gene), lines of at most 100 columns.
    pub fn defaulted_note(&self, file: &str) -> Option<String> {
        let n = self.defaulted.len();
        if n == 0 {
            return None;
        }
        let mut s = format!(
            "warning: {file} does not set {n} of the {} genes; they take their defaults:",
            GENES.len()
        );
        let mut line = String::from(" ");
        for name in &self.defaulted {
            if line.len() + name.len() + 2 > 100 {
                s.push('\n');
                s.push_str(line.trim_end());
                line = String::from(" ");
            }
            line.push_str(&format!(" {name}"));
        }
        s.push('\n');
        s.push_str(line.trim_end());
        Some(s)
    }
}

/// Reads and parses a genome file; `shown` names it in errors. Genes the
/// file does not set are told on stderr, once per file in a process.
pub fn read_genome(path: &Path, shown: &str) -> Result<Genome, GenomeError> {
    static TOLD: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let read = read_genome_file(path, shown)?;
    if let Some(note) = read.defaulted_note(shown) {
        let mut told = TOLD.lock().unwrap_or_else(|e| e.into_inner());
        if !told.iter().any(|f| f == shown) {
            told.push(shown.to_string());
            eprintln!("{note}");
        }
    }
    Ok(read.genome)
}

/// Reads and parses a genome file, saying nothing (see [`read_genome`]).
pub fn read_genome_file(path: &Path, shown: &str) -> Result<GenomeRead, GenomeError> {
    let text = std::fs::read_to_string(path).map_err(|e| GenomeError {
        file: shown.to_string(),
        line: None,
        field: None,
        message: format!("cannot read: {e}"),
    })?;
    parse_genome_read(&text, shown)
}

/// Parses a genome (see [`parse_genome_read`]).
pub fn parse_genome(text: &str, file: &str) -> Result<Genome, GenomeError> {
    parse_genome_read(text, file).map(|r| r.genome)
}

/// Parses a genome. Missing genes take their defaults (listed); retired
/// genes (`RETIRED`) are ignored; a file that sets no gene (empty, or only
/// comments), unknown keys, non-numeric and out-of-bounds values are errors.
pub fn parse_genome_read(text: &str, file: &str) -> Result<GenomeRead, GenomeError> {
    let err = |line, field: Option<&str>, message: String| GenomeError {
        file: file.to_string(),
        line,
        field: field.map(str::to_string),
        message,
    };
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        if let Some(what) = other_kind(file, text, None) {
            return err(None, None, what);
        }
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        err(line, None, format!("not valid TOML: {}", e.message()))
    })?;
    if let Some(what) = other_kind(file, text, Some(&table)) {
        return Err(err(None, None, what));
    }
    let mut genome = Genome::default();
    let mut set = vec![false; GENES.len()];
    for (key, value) in &table {
        let line = line_of(text, key);
        if is_retired(key) {
            continue;
        }
        if key == THINK {
            genome.think = think_of(text, file, value)?;
            continue;
        }
        let Some(i) = Genome::index_of(key) else {
            // A table is offered the one table; a value, the genes.
            let (what, near) = if value.is_table() {
                let what = "unknown table (a genome file has one, [think])";
                (what, names::did_you_mean(key, [THINK]))
            } else {
                let what = "unknown field (see params/default.toml for the list)";
                (what, names::near_gene(key))
            };
            return Err(err(line, Some(key), format!("{what}{near}")));
        };
        let g = &GENES[i];
        let v = value_of(g, value).map_err(|m| err(line, Some(key), m.to_string()))?;
        if !(g.min..=g.max).contains(&v) || v.is_nan() {
            return Err(err(
                line,
                Some(key),
                format!("{v} is outside [{}, {}]", g.min, g.max),
            ));
        }
        // Decoded once, as the bot plays it (a number for a count, a
        // switch or a choice, from a file written before the genes were
        // typed, reads as the bot always read it).
        genome.genes[i] = g.kind.decode(v);
        set[i] = true;
    }
    if !set.contains(&true) {
        return Err(err(
            None,
            None,
            "sets no gene (an empty file?): a genome file sets at least one \
             (params/default.toml sets every gene)"
                .into(),
        ));
    }
    let defaulted = GENES
        .iter()
        .zip(&set)
        .filter(|(_, set)| !**set)
        .map(|(g, _)| g.name)
        .collect();
    Ok(GenomeRead { genome, defaulted })
}

/// What a file that is not a genome file is, in words, when it is another
/// kind of file the tool reads (a suite, a tournament's entrants) or Rust
/// source (a submission); None: it may be a genome file.
fn other_kind(file: &str, text: &str, table: Option<&toml::Table>) -> Option<String> {
    let has = |key: &str| table.is_some_and(|t| t.contains_key(key));
    let what = if has("opponent") || has("hall") {
        "an opponent suite ([[opponent]]): give it as --suite"
    } else if has("entrant") {
        "a tournament's entrants ([[entrant]]): give it as tournament --file"
    } else if file.ends_with(".rs") || (table.is_none() && text.contains("fn main")) {
        "Rust source (a genome file is TOML, `gene = value` lines)"
    } else {
        return None;
    };
    Some(format!("not a genome file: {what}"))
}

/// A value a gene cannot take, in words (its Display) for `GenomeError`.
enum BadValue {
    /// A choice's name that is none of its options.
    NoOption(String, &'static [&'static str]),
    /// A TOML type the gene's kind is not written as.
    Type(Kind, &'static str),
    /// A count's value that is not a whole number.
    NotWhole(f64),
    /// A switch's number that is neither 0 nor 1.
    NotOnOff(f64),
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadValue::NoOption(name, names) => {
                write!(f, "\"{name}\" is not one of {}", names.join(", "))
            }
            BadValue::Type(kind, found) => write!(f, "expected {}, found {found}", expected(*kind)),
            BadValue::NotWhole(v) => write!(
                f,
                "{v} is not a whole number: this gene is a count (e.g. {} or {})",
                v.floor(),
                v.ceil()
            ),
            BadValue::NotOnOff(v) => {
                write!(
                    f,
                    "{v} is not on or off: this gene is a switch (true or false)"
                )
            }
        }
    }
}

/// A gene's value as a file gives it: a number for any gene (a whole one
/// for a count, 0 or 1 for a switch, as the optimisers' vectors hold
/// them); for a switch also `true`/`false`, for a choice also an
/// option's name.
fn value_of(g: &Gene, value: &toml::Value) -> Result<f64, BadValue> {
    match (value, g.kind) {
        (toml::Value::Float(f), Kind::Count(_)) if f.fract() != 0.0 => Err(BadValue::NotWhole(*f)),
        (toml::Value::Float(f), Kind::Switch) if *f != 0.0 && *f != 1.0 => {
            Err(BadValue::NotOnOff(*f))
        }
        (toml::Value::Integer(n), Kind::Switch) if !matches!(n, 0 | 1) => {
            Err(BadValue::NotOnOff(*n as f64))
        }
        (toml::Value::Float(f), _) => Ok(*f),
        (toml::Value::Integer(n), _) => Ok(*n as f64),
        (toml::Value::Boolean(on), Kind::Switch) => Ok(f64::from(u8::from(*on))),
        (toml::Value::String(name), Kind::Choice(names)) => names
            .iter()
            .position(|n| n == name)
            .map(|i| i as f64)
            .ok_or_else(|| BadValue::NoOption(name.clone(), names)),
        (other, kind) => Err(BadValue::Type(kind, other.type_str())),
    }
}

/// What a gene of `kind` is written as, in words.
fn expected(kind: Kind) -> String {
    match kind {
        Kind::Real => "a number".into(),
        Kind::Count(_) => "a whole number".into(),
        Kind::Switch => "true or false".into(),
        Kind::Choice(names) => format!("one of {}", names.join(", ")),
    }
}

/// A gene's value as its kind is written: a real number in full, a count
/// as a whole number, a switch as `true`/`false`, a choice by name.
fn written(g: &Gene, v: f64) -> String {
    let whole = g.kind.decode(v);
    match g.kind {
        Kind::Real => format!("{v:?}"),
        Kind::Count(_) => format!("{}", whole as i64),
        Kind::Switch => format!("{}", whole == 1.0),
        Kind::Choice(names) => format!("{:?}", names[whole as usize]),
    }
}

/// The bounds in a gene's comment line: the range, or the options.
fn bounds(g: &Gene) -> String {
    match g.kind {
        Kind::Real => format!("[{}, {}]", g.min, g.max),
        Kind::Count(_) => format!("[{}, {}] whole", g.min, g.max),
        Kind::Switch => "(true or false)".into(),
        Kind::Choice(names) => format!("({})", names.join(" | ")),
    }
}

/// Writes a genome as TOML: an optional header (each line becomes a `#`
/// comment, one wider than `COMMENT_WIDTH` broken between words, a
/// narrower one kept as it is, indentation and all), then every gene with
/// its meaning and bounds.
pub fn genome_to_toml(genome: &Genome, header: &str) -> String {
    let mut s = String::new();
    for l in header.lines() {
        if l.chars().count() + 2 > COMMENT_WIDTH {
            s.push_str(&comment(l));
        } else {
            s.push_str(&format!("# {l}\n").replace("# \n", "#\n"));
        }
    }
    if !header.is_empty() {
        s.push('\n');
    }
    for (g, &v) in GENES.iter().zip(genome.genes.iter()) {
        s.push_str(&comment(&format!("{} {}", g.doc, bounds(g))));
        s.push_str(&format!("{} = {}\n", g.name, written(g, v)));
    }
    if genome.think.is_on() {
        s.push_str(&think_to_toml(&genome.think));
    }
    s
}

/// The widest a gene's comment line is written, in characters.
pub const COMMENT_WIDTH: usize = 100;

/// `text` as `#` comment lines of at most `COMMENT_WIDTH` characters,
/// broken between words (a word longer than a line keeps a line of its
/// own).
fn comment(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::from("#");
    let mut width = 1;
    for word in text.split_whitespace() {
        let w = word.chars().count();
        if width > 1 && width + 1 + w > COMMENT_WIDTH {
            out.push_str(&line);
            out.push('\n');
            (line, width) = (String::from("#"), 1);
        }
        line.push(' ');
        line.push_str(word);
        width += 1 + w;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_long_header_line_is_wrapped_and_a_short_one_kept() {
        let long = "word ".repeat(40);
        let header = format!("{long}\n  kept   as it is\n");
        let text = super::genome_to_toml(&Genome::default(), &header);
        let head: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(head.len(), 4, "{head:?}");
        assert!(
            head.iter()
                .all(|l| l.chars().count() <= super::COMMENT_WIDTH)
        );
        assert_eq!(head[3], "#   kept   as it is");
        assert_eq!(head[..3].join(" ").matches("word").count(), 40);
    }

    #[test]
    fn gene_comments_are_wrapped_to_the_width_between_words() {
        use yacht_core::genome::WP_LOOKAHEAD;
        let text = super::genome_to_toml(&Genome::default(), "");
        assert!(text.lines().all(|l| l.chars().count() <= COMMENT_WIDTH));
        // The comment lines before a gene, joined, are its doc and bounds.
        let doc = GENES[WP_LOOKAHEAD].doc;
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with("wp_lookahead ="))
            .unwrap();
        let first = (0..at)
            .rev()
            .take_while(|&i| lines[i].starts_with('#'))
            .last()
            .unwrap();
        let joined: Vec<&str> = lines[first..at].iter().map(|l| &l[2..]).collect();
        assert!(joined.len() > 2, "{joined:?}");
        assert_eq!(joined.join(" "), format!("{doc} [0, 64] whole"));
        assert_eq!(super::comment("a b"), "# a b\n");
        let long = "x".repeat(120);
        assert_eq!(
            super::comment(&format!("a {long} b")),
            format!("# a\n# {long}\n# b\n")
        );
    }

    use super::*;

    #[test]
    fn round_trip_toml_genome_toml() {
        let mut g = Genome::default();
        g.genes[3] = -2.5;
        g.genes[yacht_core::genome::BID_SCALE] = 0.123456789;
        let text = genome_to_toml(&g, "header line\n\nsecond");
        assert!(text.starts_with("# header line\n#\n# second\n"));
        let back = parse_genome(&text, "x.toml").unwrap();
        assert_eq!(back, g);
        assert_eq!(genome_to_toml(&back, "header line\n\nsecond"), text);
    }

    #[test]
    fn genes_are_written_by_kind_and_old_numbers_still_load() {
        use yacht_core::genome::{WP_FAST, WP_LOOKAHEAD_POOL, WP_PUT_AUCTIONS, WP_READ};
        let mut g = Genome::default();
        g.genes[WP_PUT_AUCTIONS] = 11.0;
        g.genes[WP_FAST] = 1.0;
        g.genes[WP_READ] = 2.0;
        let text = genome_to_toml(&g, "");
        for line in [
            "wp_put_auctions = 11\n",
            "wp_fast = true\n",
            "wp_read = \"scaled\"\n",
        ] {
            assert!(text.contains(line), "{line}");
        }
        assert_eq!(parse_genome(&text, "x.toml").unwrap(), g);
        // A file of numbers reads as the bot always read them.
        let old = "wp_put_auctions = 10.0\nwp_fast = 1.0\nwp_read = 0.63\nwp_lookahead_pool = 8\n";
        let read = parse_genome(old, "old.toml").unwrap();
        let got = [WP_PUT_AUCTIONS, WP_FAST, WP_READ, WP_LOOKAHEAD_POOL].map(|i| read.genes[i]);
        assert_eq!(got, [10.0, 1.0, 1.0, 8.0]);
        let e = parse_genome("wp_read = \"sometimes\"\n", "c.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "c.toml:1: field `wp_read`: \"sometimes\" is not one of off, rules, scaled"
        );
        let e = parse_genome("wp_fast = \"yes\"\n", "s.toml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "s.toml:1: field `wp_fast`: expected true or false, found string"
        );
    }

    #[test]
    fn a_count_not_whole_and_a_switch_not_on_or_off_are_refused_by_line_and_gene() {
        let e = |t: &str| parse_genome(t, "g.toml").unwrap_err().to_string();
        let errors = [
            e("bid_scale = 0.5\nwp_lookahead = 38.5\n"),
            e("wp_fast = 0.3\n"),
            e("# c\nwp_last_exact = 2\n"),
            e("wp_lookahead_exact = \"on\"\n"),
        ];
        assert_eq!(
            errors,
            [
                "g.toml:2: field `wp_lookahead`: 38.5 is not a whole number: this gene is a count \
                 (e.g. 38 or 39)",
                "g.toml:1: field `wp_fast`: 0.3 is not on or off: this gene is a switch (true or \
                 false)",
                "g.toml:2: field `wp_last_exact`: 2 is not on or off: this gene is a switch (true \
                 or false)",
                "g.toml:1: field `wp_lookahead_exact`: expected true or false, found string",
            ]
        );
        assert!(
            errors.iter().all(|e| e.chars().count() <= 100),
            "{errors:?}"
        );
        // Whole numbers, 0 and 1 are the numbers older files hold.
        let read = parse_genome(
            "wp_lookahead = 38.0\nwp_fast = 0\nwp_last_exact = 1.0\n",
            "o",
        );
        assert!(read.is_ok(), "{read:?}");
    }

    #[test]
    fn a_suite_or_rust_source_is_named_as_not_a_genome_file() {
        let e = |t: &str, f: &str| parse_genome(t, f).unwrap_err().to_string();
        let errors = [
            e("[[opponent]]\nspec = \"dp\"\n", "params/suite.toml"),
            e("use std::io;\nfn main() {}\n", "sub/main.rs"),
            e("[[entrant]]\nname = \"dp\"\nspec = \"dp\"\n", "field.toml"),
        ];
        assert_eq!(
            errors,
            [
                "params/suite.toml: not a genome file: an opponent suite ([[opponent]]): give it \
                 as --suite",
                "sub/main.rs: not a genome file: Rust source (a genome file is TOML, `gene = \
                 value` lines)",
                "field.toml: not a genome file: a tournament's entrants ([[entrant]]): give it as \
                 tournament --file",
            ]
        );
        assert!(
            errors.iter().all(|e| e.chars().count() <= 100),
            "{errors:?}"
        );
    }

    #[test]
    fn missing_fields_take_defaults() {
        let g = parse_genome("bid_scale = 0.5\nprio_yacht = -3\n", "f.toml").unwrap();
        let mut want = Genome::default();
        want.genes[yacht_core::genome::BID_SCALE] = 0.5;
        want.genes[yacht_core::genome::PRIO + 11] = -3.0;
        assert_eq!(g, want);
    }

    #[test]
    fn a_file_that_sets_no_gene_is_an_error_naming_it() {
        for text in ["", "\n", "# only a comment\n"] {
            let e = parse_genome(text, "empty.toml").unwrap_err().to_string();
            assert!(e.starts_with("empty.toml: sets no gene"), "{e}");
        }
    }

    #[test]
    fn the_genes_a_file_leaves_out_are_listed() {
        let full = genome_to_toml(&Genome::default(), "");
        let read = parse_genome_read(&full, "full.toml").unwrap();
        assert!(read.defaulted.is_empty());
        assert_eq!(read.defaulted_note("full.toml"), None);
        // A cut file: the genes after the cut took their defaults.
        let cut = &full[..full.find("bid_scale =").unwrap()];
        let read = parse_genome_read(cut, "cut.toml").unwrap();
        let last = GENES[GENES.len() - 1].name;
        assert!(read.defaulted.contains(&"bid_scale") && read.defaulted.contains(&last));
        assert!(!read.defaulted.contains(&"prio_one"));
        let note = read.defaulted_note("cut.toml").unwrap();
        assert!(note.starts_with("warning: cut.toml does not set"), "{note}");
        assert!(
            note.contains(last) && note.lines().all(|l| l.len() <= 100),
            "{note}"
        );
    }

    #[test]
    fn retired_genes_are_read_and_ignored() {
        let g = parse_genome("bid_no_conflict = 0.3\nbid_scale = 0.5\n", "f.toml").unwrap();
        let mut want = Genome::default();
        want.genes[yacht_core::genome::BID_SCALE] = 0.5;
        assert_eq!(g, want);
        assert!(!genome_to_toml(&g, "").contains("bid_no_conflict"));
    }

    #[test]
    fn each_kind_of_bad_file_names_file_line_and_field() {
        let e = |t: &str| parse_genome(t, "g.toml").unwrap_err().to_string();
        assert_eq!(
            e("bid_scale = 0.5\nbid_slop = 1\n"),
            "g.toml:2: field `bid_slop`: unknown field (see params/default.toml for the list)"
        );
        assert_eq!(
            e("bid_scal = 0.5\n"),
            "g.toml:1: field `bid_scal`: unknown field (see params/default.toml for the list); \
             did you mean `bid_scale`?"
        );
        assert!(e("bid_scale = 1\n[thinks]\nfutures = 8\n").ends_with("did you mean `think`?"));
        assert_eq!(
            e("bid_scale = 1\n\n[thnik]\nfutures = 8\n"),
            "g.toml:3: field `thnik`: unknown table (a genome file has one, [think]); \
             did you mean `think`?"
        );
        assert_eq!(
            e("# c\nbid_cap = \"high\"\n"),
            "g.toml:2: field `bid_cap`: expected a number, found string"
        );
        assert_eq!(
            e("\n\nbid_scale = 7\n"),
            "g.toml:3: field `bid_scale`: 7 is outside [0, 2]"
        );
        let syntax = e("bid_scale = 0.5\nprio_one = = 2\n");
        assert!(syntax.starts_with("g.toml:2: not valid TOML"), "{syntax}");
        // An error at the start of a line is on that line, not the one before.
        let syntax = e("bid_scale = 0.5\n= 2\n");
        assert!(syntax.starts_with("g.toml:2: not valid TOML"), "{syntax}");
    }
}
