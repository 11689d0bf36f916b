//! generations.csv: one row per generation, written after each one and
//! read back by the plot, `tuner runs` and `--compare`. The columns are
//! listed once, in [`COLUMNS`], then one `best_vs_<opponent>` per opponent
//! of the training suite, in suite order.

use serde::{Deserialize, Serialize};

/// One generation's summary (a row of generations.csv).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GenerationRow {
    pub generation: u32,
    pub best: f64,
    pub mean: f64,
    /// The lowest fitness of the generation.
    pub worst: f64,
    pub diversity: f64,
    pub elapsed_s: f64,
    pub games: u64,
    /// Games of the generation lost by a candidate's fault.
    #[serde(default)]
    pub faults_candidates: u64,
    /// Games of the generation lost by an opponent's fault.
    #[serde(default)]
    pub faults_opponents: u64,
    /// The best genome's work per game, in searches (a look-ahead leaf a
    /// quarter; none in a file without the column, and for a genome whose
    /// work was not counted).
    #[serde(default)]
    pub best_searches: Option<f64>,
    /// The GA's typical step after the generation: the geometric mean of
    /// its free genes' steps, a fraction of their range (none: steps not
    /// adapted, or a file without the column).
    #[serde(default)]
    pub step: Option<f64>,
    /// The share of the generation's children that held against their
    /// parent (not worse by more than the tolerance; none as `step`).
    #[serde(default)]
    pub held: Option<f64>,
    /// The best genome's win rate per opponent, in suite order.
    pub best_by_opponent: Vec<f64>,
}

/// The fixed columns, in file order; the per-opponent ones follow.
const COLUMNS: [&str; 12] = [
    "generation",
    "best",
    "mean",
    "worst",
    "diversity",
    "elapsed_s",
    "games",
    "faults_candidates",
    "faults_opponents",
    "best_searches",
    "step",
    "held",
];

/// How a per-opponent column's name begins.
const PER_OPPONENT: &str = "best_vs_";

/// Why generations.csv does not read: the line and the field.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum CsvError {
    #[error("line {line}: no field `{field}`")]
    Missing { line: usize, field: String },
    #[error("line {line}: field `{field}` is not a number")]
    NotNumber { line: usize, field: String },
    #[error("line {line}: {err}")]
    Csv { line: usize, err: String },
}

/// The whole file: the training opponents' names and the rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Generations {
    pub names: Vec<String>,
    pub rows: Vec<GenerationRow>,
}

impl GenerationRow {
    /// The row's fields as the file writes them, in column order.
    fn fields(&self) -> Vec<String> {
        let mut rec = vec![
            self.generation.to_string(),
            format!("{:.6}", self.best),
            format!("{:.6}", self.mean),
            format!("{:.6}", self.worst),
            format!("{:.6}", self.diversity),
            format!("{:.1}", self.elapsed_s),
            self.games.to_string(),
            self.faults_candidates.to_string(),
            self.faults_opponents.to_string(),
            self.best_searches
                .map_or(String::new(), |s| format!("{s:.1}")),
            self.step.map_or(String::new(), |s| format!("{s:.5}")),
            self.held.map_or(String::new(), |s| format!("{s:.4}")),
        ];
        rec.extend(self.best_by_opponent.iter().map(|x| format!("{x:.4}")));
        rec
    }

    /// A row from its fields on `line`, the fixed ones where `fixed` says
    /// (`None`: a column the file does not have; an absent
    /// or empty `best_searches`, `step` or `held` is none).
    fn from_fields(
        fields: &[&str],
        fixed: &[Option<usize>],
        line: usize,
    ) -> Result<GenerationRow, CsvError> {
        let field = |k: usize| -> Result<Option<&str>, CsvError> {
            match fixed[k] {
                None => Ok(None),
                Some(i) => fields.get(i).copied().map(Some).ok_or(CsvError::Missing {
                    line,
                    field: COLUMNS[k].into(),
                }),
            }
        };
        let parse = |x: &str, name: &str| {
            x.parse::<f64>().map_err(|_| CsvError::NotNumber {
                line,
                field: name.into(),
            })
        };
        let num = |k: usize| parse(field(k)?.unwrap_or("0"), COLUMNS[k]);
        let opt = |k: usize| match field(k)? {
            None | Some("") => Ok(None),
            Some(x) => parse(x, COLUMNS[k]).map(Some),
        };
        let n_fixed = fixed.iter().flatten().count();
        let per = fields.iter().skip(n_fixed).enumerate();
        let per: Result<Vec<f64>, CsvError> = per
            .map(|(i, x)| parse(x, &format!("{PER_OPPONENT}#{}", i + 1)))
            .collect();
        Ok(GenerationRow {
            generation: num(0)? as u32,
            best: num(1)?,
            mean: num(2)?,
            worst: num(3)?,
            diversity: num(4)?,
            elapsed_s: num(5)?,
            games: num(6)? as u64,
            faults_candidates: num(7)? as u64,
            faults_opponents: num(8)? as u64,
            best_searches: opt(9)?,
            step: opt(10)?,
            held: opt(11)?,
            best_by_opponent: per?,
        })
    }
}

impl Generations {
    /// The file's bytes.
    pub fn encode(names: &[String], rows: &[GenerationRow]) -> Result<Vec<u8>, csv::Error> {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut header: Vec<String> = COLUMNS.map(String::from).to_vec();
        header.extend(names.iter().map(|n| format!("{PER_OPPONENT}{n}")));
        w.write_record(&header)?;
        for r in rows {
            w.write_record(r.fields())?;
        }
        w.into_inner().map_err(|e| e.into_error().into())
    }

    /// The file read back; an error names the line and the field.
    pub fn parse(text: &str) -> Result<Generations, CsvError> {
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let csv = |line: usize| {
            move |e: csv::Error| CsvError::Csv {
                line,
                err: e.to_string(),
            }
        };
        let header = r.headers().map_err(csv(1))?.clone();
        let fixed: Vec<Option<usize>> = COLUMNS
            .iter()
            .map(|c| header.iter().position(|h| h == *c))
            .collect();
        if let Some(k) = (0..7).find(|&k| fixed[k].is_none()) {
            return Err(CsvError::Missing {
                line: 1,
                field: COLUMNS[k].into(),
            });
        }
        let names = header
            .iter()
            .filter_map(|h| h.strip_prefix(PER_OPPONENT).map(String::from))
            .collect();
        let mut rows = Vec::new();
        for (i, rec) in r.records().enumerate() {
            let line = i + 2;
            let rec = rec.map_err(csv(line))?;
            let fields: Vec<&str> = rec.iter().collect();
            rows.push(GenerationRow::from_fields(&fields, &fixed, line)?);
        }
        Ok(Generations { names, rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generations_csv_reads_back_as_written() {
        let row = |g: u32, best: f64| GenerationRow {
            generation: g,
            best,
            mean: 0.5,
            worst: 0.25,
            diversity: 0.125,
            elapsed_s: 12.5,
            games: 4000,
            faults_candidates: 1,
            faults_opponents: 2,
            best_searches: (g > 0).then_some(612.5),
            step: (g > 0).then_some(0.03125),
            held: (g > 0).then_some(0.375),
            best_by_opponent: vec![0.75, 0.5],
        };
        let names = vec!["dp".to_string(), "sample:1A".to_string()];
        let rows = vec![row(0, 0.625), row(1, 0.6875)];
        let bytes = Generations::encode(&names, &rows).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.starts_with("generation,best,mean,worst,diversity,elapsed_s,games,faults_candidates,faults_opponents,best_searches,step,held,best_vs_dp,best_vs_sample:1A\n0,0.625000,"), "{text}");
        assert!(
            text.contains(",1,2,,,,0.7500,") && text.contains(",1,2,612.5,0.03125,0.3750,0.7500,"),
            "{text}"
        );
        assert_eq!(
            Generations::parse(&text).unwrap(),
            Generations { names, rows }
        );
        let bad = text.replace("0.687500", "x");
        assert_eq!(
            Generations::parse(&bad).unwrap_err().to_string(),
            "line 3: field `best` is not a number"
        );
        // A file from before the column: every row without searches.
        let old = "generation,best,mean,worst,diversity,elapsed_s,games,faults_candidates,faults_opponents,best_vs_dp\n0,0.6,0.5,0.4,0.1,3.0,400,0,0,0.7\n";
        let read = Generations::parse(old).unwrap();
        assert_eq!(read.rows[0].best_searches, None);
        assert_eq!((read.rows[0].step, read.rows[0].held), (None, None));
        assert_eq!(read.rows[0].best_by_opponent, vec![0.7]);
    }
}
