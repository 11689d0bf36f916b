//! Text for terminal tables: the one renderer of fixed-width tables
//! (`match`, `eval`, `tournament`) and of tables as wide as their cells
//! (`tuner runs`, summaries), the commands the tool tells the user to
//! type next ([`tuner_command`]), the words of an error about a name:
//! the near name meant ([`did_you_mean`]), a long list cut with a count
//! ([`cut_list`]), and a rate with the digits it needs ([`per_second`]).

/// How a column's cells sit in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A column of a fixed-width table.
#[derive(Clone, Copy, Debug)]
pub struct Column<'a> {
    pub title: &'a str,
    pub align: Align,
    /// In characters; a longer left-aligned cell is cut with an ellipsis.
    /// 0: as wide as the cell (a last column).
    pub width: usize,
}

impl<'a> Column<'a> {
    pub const fn new(title: &'a str, align: Align, width: usize) -> Column<'a> {
        Column {
            title,
            align,
            width,
        }
    }
}

/// The titles' line, then one line per row, cells one space apart.
pub fn table(columns: &[Column], rows: &[Vec<String>]) -> Vec<String> {
    let titles: Vec<String> = columns.iter().map(|c| c.title.to_string()).collect();
    let line = |cells: &[String]| {
        let each = columns
            .iter()
            .zip(cells)
            .map(|(c, x)| cell(x, c.align, c.width));
        each.collect::<Vec<_>>().join(" ")
    };
    std::iter::once(&titles)
        .chain(rows)
        .map(|r| line(r))
        .collect()
}

/// One cell in a column `width` wide.
fn cell(x: &str, align: Align, width: usize) -> String {
    match align {
        Align::Left if width > 0 => format!("{:<width$}", truncate(x, width)),
        Align::Left => x.to_string(),
        Align::Right => format!("{x:>width$}"),
    }
}

/// A rate's 95 % interval in percent, as every table shows it.
pub fn percent_interval([lo, hi]: [f64; 2]) -> String {
    format!("{:>5.1}–{:>5.1}%", 100.0 * lo, 100.0 * hi)
}

/// `s` cut to `n` characters, with an ellipsis when cut.
pub fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        s.chars().take(n - 1).chain(['…']).collect()
    }
}

/// Rows as left-aligned columns two spaces apart, one line each (widths
/// in characters).
pub fn columns(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        let each = rows.iter().filter_map(|r| r.get(c));
        each.map(|x| x.chars().count()).max().unwrap_or(0)
    };
    let widths: Vec<usize> = (0..n).map(width).collect();
    let mut out = String::new();
    for row in rows {
        let cells = row.iter().zip(&widths);
        let line: Vec<String> = cells.map(|(x, &w)| cell(x, Align::Left, w)).collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

/// The width of the screen every help text, message and summary is
/// wrapped to.
pub const SCREEN: usize = 100;

/// `line` wrapped at spaces into lines of at most `width` characters (a
/// longer word stays whole), the lines after the first begun with
/// `indent`; each line ends with a newline.
pub fn wrap(line: &str, width: usize, indent: &str) -> String {
    let body = line.trim_start();
    let mut current = line[..line.len() - body.len()].to_string();
    let mut out = String::new();
    let mut words = 0;
    for word in body.split_whitespace() {
        if words > 0 && current.chars().count() + 1 + word.chars().count() > width {
            out.push_str(&current);
            out.push('\n');
            current = indent.to_string();
            words = 0;
        }
        if words > 0 {
            current.push(' ');
        }
        current.push_str(word);
        words += 1;
    }
    out.push_str(&current);
    out.push('\n');
    out
}

/// The near name meant (the workspace's one rule, beside the genome
/// file's reader).
pub use yacht_genome_file::names::{did_you_mean, nearest};

/// A rate a second with the digits it needs: whole units from 10, one
/// decimal from 1, two below (a compiled thinking bot's games come at
/// under one a second, which a whole number would show as 0).
pub fn per_second(rate: f64) -> String {
    match rate {
        r if r >= 10.0 => format!("{r:.0}"),
        r if r >= 1.0 => format!("{r:.1}"),
        r => format!("{r:.2}"),
    }
}

/// The first `n` of `items`, comma-separated, and how many more there are.
pub fn cut_list(items: &[&str], n: usize) -> String {
    let shown = items[..n.min(items.len())].join(", ");
    match items.len().saturating_sub(n) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}

/// A tuner command as the user can type it: `tuner ARGS` when `tuner` on
/// the PATH is this program, else `cargo run --release -- ARGS` for a
/// program in a cargo target folder (`cargo run -- ARGS` for a debug
/// build), else the program's own path. Every hint the tool prints goes
/// through here.
pub fn tuner_command(args: &str) -> String {
    static HOW: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let how = HOW.get_or_init(|| {
        let exe = std::env::current_exe().ok();
        let path = std::env::var_os("PATH").unwrap_or_default();
        invocation(exe.as_deref(), &path)
    });
    format!("{how} {args}")
}

/// How `exe` is typed, given the PATH (see [`tuner_command`]).
pub fn invocation(exe: Option<&std::path::Path>, path: &std::ffi::OsStr) -> String {
    let real = |p: &std::path::Path| std::fs::canonicalize(p).ok();
    let Some(exe) = exe.and_then(real) else {
        return "tuner".into();
    };
    let on_path = std::env::split_paths(path)
        .map(|d| d.join("tuner"))
        .find(|t| t.is_file());
    if on_path.and_then(|t| real(&t)).as_ref() == Some(&exe) {
        return "tuner".into();
    }
    let folder = exe.parent().map(|p| (p.file_name(), p.parent()));
    let profile = folder.and_then(|(name, up)| {
        let in_target = up
            .and_then(|u| u.file_name())
            .is_some_and(|n| n == "target");
        name.filter(|_| in_target)
    });
    match profile.and_then(|p| p.to_str()) {
        Some("release") => "cargo run --release --".into(),
        Some("debug") => "cargo run --".into(),
        _ => exe.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_rate_keeps_its_digits() {
        let shown = [599.4, 12.6, 9.95, 1.04, 0.4645, 0.0].map(per_second);
        assert_eq!(shown, ["599", "13", "9.9", "1.0", "0.46", "0.00"]);
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(truncate("greedy", 6), "greedy");
        assert_eq!(truncate("genome:params/best.toml", 8), "genome:…");
    }

    #[test]
    fn a_fixed_width_table_aligns_cuts_names_and_leaves_the_last_column_free() {
        const COLUMNS: [Column; 3] = [
            Column::new("name", Align::Left, 6),
            Column::new("n", Align::Right, 4),
            Column::new("note", Align::Left, 0),
        ];
        let rows = vec![
            vec!["greedy".to_string(), "12".to_string(), "ok".to_string()],
            vec!["genome:best".to_string(), "3".to_string(), "".to_string()],
        ];
        assert_eq!(
            table(&COLUMNS, &rows),
            ["name      n note", "greedy   12 ok", "genom…    3 ",]
        );
        assert_eq!(percent_interval([0.05, 0.9784]), "  5.0– 97.8%");
    }

    #[test]
    fn columns_line_up() {
        let rows = vec![
            vec!["run".to_string(), "gens".to_string()],
            vec!["strength-7".to_string(), "40".to_string()],
        ];
        assert_eq!(columns(&rows), "run         gens\nstrength-7  40\n");
    }

    #[test]
    fn hints_name_a_command_that_works_as_typed() {
        use super::invocation;
        use std::ffi::OsStr;
        let dir = std::env::temp_dir().join(format!("yacht-hint-{}", std::process::id()));
        let (release, bin) = (dir.join("target/release"), dir.join("bin"));
        std::fs::create_dir_all(&release).unwrap();
        std::fs::create_dir_all(&bin).unwrap();
        let exe = release.join("tuner");
        std::fs::write(&exe, "").unwrap();
        // Not on the PATH: the cargo command that builds and runs it.
        let none = OsStr::new("/nonexistent");
        assert_eq!(invocation(Some(&exe), none), "cargo run --release --");
        // On the PATH (a link to it): its name.
        std::os::unix::fs::symlink(&exe, bin.join("tuner")).unwrap();
        assert_eq!(invocation(Some(&exe), bin.as_os_str()), "tuner");
        // Another `tuner` on the PATH is not this one.
        let other = dir.join("other/tuner");
        std::fs::create_dir_all(other.parent().unwrap()).unwrap();
        std::fs::write(&other, "").unwrap();
        let path = other.parent().unwrap().as_os_str();
        assert_eq!(
            invocation(Some(&other), none),
            other.canonicalize().unwrap().display().to_string()
        );
        assert_eq!(invocation(Some(&exe), path), "cargo run --release --");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_long_list_is_cut_with_a_count() {
        assert_eq!(cut_list(&["a", "b", "c", "d"], 2), "a, b and 2 more");
        assert_eq!(cut_list(&["a", "b"], 2), "a, b");
    }

    #[test]
    fn long_lines_wrap_at_spaces_within_the_width() {
        use super::wrap;
        let line = format!("  {}", "word ".repeat(40).trim_end());
        let wrapped = wrap(&line, 30, "    ");
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(
            lines.len() > 5 && lines.iter().all(|l| l.len() <= 30),
            "{wrapped}"
        );
        assert!(lines[0].starts_with("  word") && lines[1].starts_with("    word"));
        assert_eq!(wrapped.split_whitespace().count(), 40);
        assert_eq!(wrap("short", 30, "  "), "short\n");
    }
}
