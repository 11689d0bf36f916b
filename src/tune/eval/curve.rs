//! A curve of paired differences (`tuner curve`): several `tuner eval
//! --json` records, each a candidate at a value of x (a thinking budget,
//! a setting) against one baseline on one seed and suite, read and
//! checked to belong together, opponent by opponent.

use super::{BaselineRow, EvalFile, EvalFileError, Fitness};
use std::path::PathBuf;

/// One record of the curve: its x, where it came from, and the
/// candidate's paired difference from the baseline, opponent by opponent.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub path: PathBuf,
    pub candidate: String,
    pub rows: Vec<BaselineRow>,
}

/// Records that belong together: one baseline, seed, fitness and suite.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    pub baseline: String,
    pub seed: u64,
    pub kind: Fitness,
    pub opponents: Vec<String>,
    /// In order of x.
    pub points: Vec<Point>,
}

/// Records that do not make one curve.
#[derive(Debug, thiserror::Error)]
pub enum CurveError {
    #[error("no records: give --point X=FILE, one for each x")]
    Empty,
    #[error(transparent)]
    File(#[from] EvalFileError),
    #[error("{}: no baseline `{want}` (it has: {}); run `tuner eval` with --baseline {want}", .path.display(), .has.join(", "))]
    NoBaseline {
        path: PathBuf,
        want: String,
        has: Vec<String>,
    },
    #[error("{}: {what} {found}, where {} has {want}: a curve compares records on the same deals", .path.display(), .first.display())]
    Differs {
        path: PathBuf,
        first: PathBuf,
        what: &'static str,
        found: String,
        want: String,
    },
    #[error("{}: interrupted (`tuner eval` stopped by Ctrl-C): its figures are over fewer games; run it again", .0.display())]
    Interrupted(PathBuf),
}

impl Point {
    /// The unweighted mean of the opponents' differences and its standard
    /// error (the opponents' deals are apart: their errors add in
    /// quadrature).
    pub fn mean(&self) -> (f64, f64) {
        let n = self.rows.len().max(1) as f64;
        let d = self.rows.iter().map(|r| r.paired.difference).sum::<f64>() / n;
        let var = self
            .rows
            .iter()
            .map(|r| r.paired.std_error.powi(2))
            .sum::<f64>();
        (d, var.sqrt() / n)
    }
}

impl Curve {
    /// Reads the records `(x, path)`, each paired with `baseline` (by
    /// default the first record's first baseline).
    pub fn read(points: &[(f64, PathBuf)], baseline: Option<&str>) -> Result<Curve, CurveError> {
        let records = points
            .iter()
            .map(|(x, path)| Ok((*x, path.clone(), EvalFile::read(path)?)))
            .collect::<Result<Vec<_>, CurveError>>()?;
        let (_, first_path, first) = records.first().ok_or(CurveError::Empty)?;
        let want = match baseline {
            Some(b) => b.to_string(),
            None => match first.baselines.first() {
                Some(b) => b.player.clone(),
                None => return Err(no_baseline(first_path, "any", first)),
            },
        };
        let opponents: Vec<String> = first.opponents.iter().map(|o| o.name.clone()).collect();
        let mut curve = Curve {
            baseline: want.clone(),
            seed: first.seed,
            kind: first.fitness_kind,
            opponents: opponents.clone(),
            points: Vec::new(),
        };
        for (x, path, record) in &records {
            if record.interrupted {
                return Err(CurveError::Interrupted(path.clone()));
            }
            let differs = |what, found: String, want: String| {
                (found != want).then(|| CurveError::Differs {
                    path: path.clone(),
                    first: first_path.clone(),
                    what,
                    found,
                    want,
                })
            };
            let names: Vec<String> = record.opponents.iter().map(|o| o.name.clone()).collect();
            let checks = [
                differs("seed", record.seed.to_string(), first.seed.to_string()),
                differs(
                    "fitness",
                    record.fitness_kind.name().into(),
                    first.fitness_kind.name().into(),
                ),
                differs("opponents", names.join(", "), opponents.join(", ")),
            ];
            if let Some(e) = checks.into_iter().flatten().next() {
                return Err(e);
            }
            let Some(paired) = record.baselines.iter().find(|b| b.player == want) else {
                return Err(no_baseline(path, &want, record));
            };
            curve.points.push(Point {
                x: *x,
                path: path.clone(),
                candidate: record.genome.clone(),
                rows: paired.opponents.clone(),
            });
        }
        curve.points.sort_by(|a, b| a.x.total_cmp(&b.x));
        Ok(curve)
    }
}

fn no_baseline(path: &std::path::Path, want: &str, record: &EvalFile) -> CurveError {
    let mut has: Vec<String> = record.baselines.iter().map(|b| b.player.clone()).collect();
    if has.is_empty() {
        has.push("none".into());
    }
    CurveError::NoBaseline {
        path: path.to_path_buf(),
        want: want.to_string(),
        has,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::eval::{Baseline, OpponentResult, Paired};

    fn record(seed: u64, baseline: &str, difference: f64) -> EvalFile {
        let paired = Paired {
            games_per_opponent: 400,
            difference,
            std_error: 0.005,
            z: difference / 0.005,
        };
        EvalFile {
            baselines: vec![Baseline {
                player: baseline.into(),
                fitness: 0.6,
                opponents: vec![BaselineRow {
                    name: "dp".into(),
                    baseline_score: 0.6,
                    paired,
                    plain: None,
                    variance_ratio: 10.0,
                }],
            }],
            fitness: 0.61,
            fitness_kind: Fitness::Adjusted,
            genome: format!("think-{difference}"),
            interrupted: false,
            opponents: vec![OpponentResult {
                name: "dp".into(),
                ..OpponentResult::default()
            }],
            seed,
        }
    }

    fn written(name: &str, records: &[EvalFile]) -> (PathBuf, Vec<(f64, PathBuf)>) {
        let dir = std::env::temp_dir().join(format!("curve-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let points = records
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let path = dir.join(format!("{i}.json"));
                std::fs::write(&path, r.to_json().unwrap()).unwrap();
                ((10 - i) as f64, path)
            })
            .collect();
        (dir, points)
    }

    #[test]
    fn records_on_one_seed_and_baseline_make_a_curve_in_order_of_x() {
        let (dir, points) = written(
            "ok",
            &[record(5, "b.toml", 0.01), record(5, "b.toml", 0.02)],
        );
        let curve = Curve::read(&points, None).unwrap();
        assert_eq!(curve.baseline, "b.toml");
        assert_eq!(curve.opponents, ["dp"]);
        let xs: Vec<f64> = curve.points.iter().map(|p| p.x).collect();
        assert_eq!(xs, [9.0, 10.0]);
        assert_eq!(curve.points[0].rows[0].paired.difference, 0.02);
        assert_eq!(curve.points[0].mean(), (0.02, 0.005));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn records_on_other_deals_or_baselines_are_refused_by_name() {
        let (dir, points) = written(
            "seed",
            &[record(5, "b.toml", 0.01), record(6, "b.toml", 0.02)],
        );
        let err = Curve::read(&points, None).unwrap_err().to_string();
        assert!(
            err.contains("1.json: seed 6, where") && err.contains("0.json has 5"),
            "{err}"
        );
        let err = Curve::read(&points[..1], Some("c.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no baseline `c.toml` (it has: b.toml)"),
            "{err}"
        );
        std::fs::remove_dir_all(dir).unwrap();
        assert!(matches!(Curve::read(&[], None), Err(CurveError::Empty)));
    }
}
