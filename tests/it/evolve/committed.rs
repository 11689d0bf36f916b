//! Committed run folders (`tests/it/data/resume/`), each stopped after
//! two of its three generations: a GA with adapted steps, a GA with fixed
//! steps and a frozen gene, CMA-ES and random search. Each resumes to the
//! rows of the same run made in one go (`KIND.whole.csv` beside it),
//! every column but the time.

use crate::{data, run_ok, scratch, tuner};
use std::path::Path;

/// generations.csv without its `elapsed_s` column.
fn rows_without_time(csv: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(csv).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let time = header.iter().position(|h| *h == "elapsed_s").unwrap();
    text.lines()
        .map(|l| {
            let fields = l.split(',').enumerate().filter(|(i, _)| *i != time);
            fields.map(|(_, f)| f).collect::<Vec<_>>().join(",")
        })
        .collect()
}

#[test]
fn committed_runs_resume_to_the_generations_of_the_run_made_in_one_go() {
    for kind in ["ga", "ga-fixed", "cmaes", "random"] {
        let dir = scratch(&format!("evolve-committed-{kind}"));
        // The folders as the run's config.toml names them, from here.
        for d in ["runs", "params", "plots"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        let run = dir.join("runs").join(kind);
        std::fs::create_dir_all(&run).unwrap();
        for f in ["config.toml", "checkpoint.json", "generations.csv"] {
            std::fs::copy(data(&format!("resume/{kind}/{f}")), run.join(f)).unwrap();
        }
        run_ok(
            tuner()
                .current_dir(&dir)
                .args(["evolve", "--quiet", "--generations", "3", "--resume"])
                .arg(Path::new("runs").join(kind)),
        );
        let whole = data(&format!("resume/{kind}.whole.csv"));
        let resumed = rows_without_time(&run.join("generations.csv"));
        assert_eq!(resumed.len(), 4, "{kind}: {resumed:?}");
        assert_eq!(resumed, rows_without_time(&whole), "{kind}");
    }
}
