//! No relative link of the README or of `docs/` is broken: every `[text](target)` outside code
//! names a file or folder of the repository, and its `#anchor`, when it has one, a heading of
//! that page (spelled as GitHub makes anchors: lower case, punctuation dropped, spaces as
//! hyphens, `-1`, `-2`, ... for repeated headings).
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pages checked: the README and every Markdown file under `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut out = vec![root().join("README.md")];
    let mut dirs = vec![root().join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// A page's lines outside fenced code blocks, with inline code spans removed.
fn prose(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut kept = String::new();
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                kept.push(c);
            }
        }
        out.push(kept);
    }
    out
}

/// GitHub's anchor of a heading's text.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a page's headings (inline code kept: GitHub keeps its text).
fn anchors(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let base = slug(line.trim_start_matches('#').replace('`', "").as_str());
        let mut anchor = base.clone();
        let mut n = 0;
        while out.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        out.insert(anchor);
    }
    out
}

/// The targets of a line's `[text](target)` links.
fn links(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else {
            break;
        };
        out.push(after[..end].to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn relative_links_and_anchors_of_the_docs_resolve() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (n, line) in prose(&text).iter().enumerate() {
            for target in links(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, anchor) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target.as_str(), None),
                };
                let path = if file.is_empty() {
                    page.clone()
                } else {
                    page.parent().unwrap().join(file)
                };
                let shown = format!("{}:{}: {target}", page.display(), n + 1);
                if !path.exists() {
                    broken.push(format!("{shown} (no such file)"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let target_text = std::fs::read_to_string(&path).unwrap_or_default();
                    if !anchors(&target_text).contains(anchor) {
                        broken.push(format!("{shown} (no such heading)"));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 50, "only {checked} links checked");
}

#[test]
fn anchors_are_spelled_as_github_spells_them() {
    assert_eq!(
        slug("The engine: `tegoma engine`".replace('`', "").as_str()),
        "the-engine-tegoma-engine"
    );
    assert_eq!(
        slug("The game server's load benchmark"),
        "the-game-servers-load-benchmark"
    );
    assert_eq!(
        slug("SEI 1.0 (every rule system)"),
        "sei-10-every-rule-system"
    );
    assert_eq!(
        slug("Output, errors and exit codes"),
        "output-errors-and-exit-codes"
    );
    let repeated = anchors("# A\n## Tests\n```\n# not a heading\n```\n## Tests\n");
    assert!(repeated.contains("tests") && repeated.contains("tests-1") && repeated.len() == 3);
    assert_eq!(links("see [a](b.md#c) and [d](e/)"), ["b.md#c", "e/"]);
    assert_eq!(
        prose("x `[a](b)` y\n```\n[c](d)\n```\n[e](f)"),
        ["x  y", "[e](f)"]
    );
}
