//! A genome file's `[think]` table: the thinking settings read (each
//! key one of `Think::FIELDS`, within its bounds, whole where it counts)
//! and written.

use crate::{GenomeError, comment, line_of};
use yacht_core::genome::Think;

/// The table a genome file's thinking settings sit in.
pub(crate) const THINK: &str = "think";

/// The thinking settings of a `[think]` table: each key one of
/// `Think::FIELDS`, within its bounds, whole where it counts; the ones it
/// leaves out keep `Think::OFF`'s.
pub(crate) fn think_of(text: &str, file: &str, value: &toml::Value) -> Result<Think, GenomeError> {
    let err = |key: Option<&str>, message: String| GenomeError {
        file: file.to_string(),
        line: match key {
            Some(k) => line_of(text, k),
            None => line_of(text, THINK),
        },
        field: Some(key.map_or(THINK.to_string(), |k| format!("{THINK}.{k}"))),
        message,
    };
    let toml::Value::Table(table) = value else {
        return Err(err(None, "expected a table `[think]`".into()));
    };
    let mut think = Think::OFF;
    for (key, v) in table {
        let Some(f) = Think::FIELDS.iter().find(|f| f.key == key) else {
            let keys: Vec<&str> = Think::FIELDS.iter().map(|f| f.key).collect();
            return Err(err(
                Some(key),
                format!(
                    "unknown setting (one of {}){}",
                    keys.join(", "),
                    crate::names::did_you_mean(key, keys.iter().copied())
                ),
            ));
        };
        let x = match v {
            toml::Value::Integer(n) => *n as f64,
            toml::Value::Float(x) if !f.whole => *x,
            other => {
                let what = if f.whole {
                    "a whole number"
                } else {
                    "a number"
                };
                return Err(err(
                    Some(key),
                    format!("expected {what}, found {}", other.type_str()),
                ));
            }
        };
        if !(f.min..=f.max).contains(&x) {
            return Err(err(
                Some(key),
                format!("{x} is outside [{}, {}]", f.min, f.max),
            ));
        }
        think.set(f.key, x);
    }
    Ok(think)
}

/// The `[think]` table of a genome file, after a blank line: every
/// setting with its meaning and bounds.
pub fn think_to_toml(think: &Think) -> String {
    let mut s = format!(
        "\n{}[{THINK}]\n",
        comment("how much the bot searches around its tuned move at play time (not genes)")
    );
    for f in &Think::FIELDS {
        let v = think.get(f.key).unwrap_or_default();
        s.push_str(&comment(&format!("{} [{}, {}]", f.doc, f.min, f.max)));
        let v = if f.whole {
            format!("{}", v as i64)
        } else {
            format!("{v:?}")
        };
        s.push_str(&format!("{} = {v}\n", f.key));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{genome_to_toml, parse_genome};
    use yacht_core::genome::Genome;

    #[test]
    fn thinking_settings_round_trip_and_bad_ones_are_named() {
        let g = Genome {
            think: Think {
                futures: 48,
                depth: 3,
                candidates: 4,
                gain: 0.25,
                guard_ms: 120,
                exact_rows: 900,
                exact_after: 4,
                exact_tolerance: 2.5,
                exact_scaled: 3.0,
                unread_within: 0.25,
            },
            ..Genome::default()
        };
        let text = genome_to_toml(&g, "");
        assert!(text.contains("\n[think]\n") && text.contains("\nfutures = 48\n"));
        assert_eq!(parse_genome(&text, "t.toml").unwrap(), g);
        // Off: no table written, and a file without one reads as off.
        let off = genome_to_toml(&Genome::default(), "");
        assert!(!off.contains("[think]"));
        assert_eq!(parse_genome(&off, "o.toml").unwrap().think, Think::OFF);
        // Left out: Think::OFF's.
        let some = parse_genome("bid_scale = 1\n[think]\nfutures = 8\n", "s.toml").unwrap();
        assert_eq!(
            (some.think.futures, some.think.depth),
            (8, Think::OFF.depth)
        );
        let e = |t: &str| parse_genome(t, "g.toml").unwrap_err().to_string();
        assert_eq!(
            e("bid_scale = 1\n[think]\nfutures = 8.5\n"),
            "g.toml:3: field `think.futures`: expected a whole number, found float"
        );
        assert_eq!(
            e("bid_scale = 1\n[think]\ndepth = 40\n"),
            "g.toml:3: field `think.depth`: 40 is outside [1, 11]"
        );
        assert_eq!(
            e("bid_scale = 1\n[think]\nspeed = 1\n"),
            "g.toml:3: field `think.speed`: unknown setting (one of futures, depth, candidates, \
             gain, guard_ms, exact_rows, exact_after, exact_tolerance, exact_scaled, unread_within)"
        );
        assert!(
            e("bid_scale = 1\n[think]\nfuture = 8\n").ends_with("; did you mean `futures`?"),
            "a slip is named"
        );
        assert_eq!(
            e("bid_scale = 1\nthink = 3\n"),
            "g.toml:2: field `think`: expected a table `[think]`"
        );
    }
}
