//! Text for terminal tables.

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
        let line: Vec<String> = cells.map(|(x, w)| format!("{x:<w$}")).collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(truncate("greedy", 6), "greedy");
        assert_eq!(truncate("genome:params/best.toml", 8), "genome:…");
    }

    #[test]
    fn columns_line_up() {
        let rows = vec![
            vec!["run".to_string(), "gens".to_string()],
            vec!["strength-7".to_string(), "40".to_string()],
        ];
        assert_eq!(columns(&rows), "run         gens\nstrength-7  40\n");
    }
}
