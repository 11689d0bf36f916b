//! The guide and the docs a newcomer reads: README.md short, every
//! relative link in them pointing at a file that exists; `tuner runs` on
//! the repository's runs fitting a terminal.

use crate::{repo, run_ok, tuner};
use std::path::Path;

/// The markdown files whose links are checked, from the repository root.
fn documents() -> Vec<String> {
    let mut files: Vec<String> = [
        "README.md",
        "ARCHITECTURE.md",
        "lab/README.md",
        "lab/journal.md",
        "lab/champions.md",
    ]
    .map(String::from)
    .to_vec();
    for e in std::fs::read_dir(repo("docs")).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            files.push(format!("docs/{name}"));
        }
    }
    files
}

/// The targets of the markdown links `[text](target)` in `text` that are
/// neither web addresses nor anchors within the page, without `#anchor`.
fn relative_links(text: &str) -> Vec<String> {
    text.split("](")
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(target, _)| target))
        .filter(|t| !t.contains("://") && !t.starts_with('#') && !t.starts_with("mailto:"))
        .map(|t| t.split('#').next().unwrap_or(t).to_string())
        .collect()
}

#[test]
fn relative_links_are_found_and_anchors_and_web_addresses_left_alone() {
    let text = "see [a](docs/a.md), [b](b.md#part), [web](https://x.org/y) and [c](#here).";
    assert_eq!(relative_links(text), ["docs/a.md", "b.md"]);
}

#[test]
fn every_relative_link_in_the_readme_and_docs_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(repo(&doc)).unwrap();
        let folder = Path::new(&doc).parent().unwrap_or(Path::new(""));
        for link in relative_links(&text) {
            checked += 1;
            if !repo(folder.join(&link).to_str().unwrap()).exists() {
                broken.push(format!("{doc}: {link}"));
            }
        }
    }
    assert!(broken.is_empty(), "links to no file: {broken:#?}");
    assert!(checked >= 20, "only {checked} links found");
}

#[test]
fn the_readme_is_a_guide_of_at_most_300_lines() {
    let readme = std::fs::read_to_string(repo("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
}

/// `tuner runs --runs-dir DIR`'s output, stdout not a terminal.
fn runs_listing(dir: &str) -> String {
    let out = run_ok(tuner().args(["runs", "--runs-dir"]).arg(repo(dir)));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_committed_runs_list_readable_in_100_columns() {
    for dir in ["runs", "lab/runs"] {
        let out = runs_listing(dir);
        for line in out.lines() {
            assert!(
                line.chars().count() <= 100,
                "{dir}: {} wide: {line}",
                line.len()
            );
        }
        assert!(!out.contains("unreadable"), "{out}");
    }
    let champion = runs_listing("runs");
    let run = champion
        .lines()
        .find(|l| l.starts_with("work-ga "))
        .unwrap();
    // Installed within the budget: not worse than a champion over it.
    assert!(
        run.contains("not worse, held out not worse") && run.contains("yes"),
        "{champion}"
    );
}
