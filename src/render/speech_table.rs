//! Screen-reader mode reads a markdown table as sentences: "Row 1: Name: x; Size: y." A grid
//! of bars read aloud is noise; the header names each value instead. Done on the message's
//! markdown source, before the one markdown renderer lays it out.

/// `source` with every table (outside code fences) replaced by one paragraph per row.
pub(crate) fn tables_as_sentences(source: &str) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let mut out = String::with_capacity(source.len());
    let mut fence: Option<&str> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
            }
            push_line(&mut out, line);
            i += 1;
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = Some(&trimmed[..3]);
            push_line(&mut out, line);
            i += 1;
            continue;
        }
        let delimiter = lines.get(i + 1).is_some_and(|next| is_delimiter(next));
        if line.contains('|') && delimiter {
            let header = cells(line);
            let mut rows = Vec::new();
            let mut j = i + 2;
            while j < lines.len() && lines[j].contains('|') && !lines[j].trim().is_empty() {
                rows.push(cells(lines[j]));
                j += 1;
            }
            out.push_str(&sentences(&header, &rows));
            i = j;
            continue;
        }
        push_line(&mut out, line);
        i += 1;
    }
    if !source.ends_with('\n') && out.ends_with('\n') {
        out.pop();
    }
    out
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line);
    out.push('\n');
}

/// The table said in paragraphs: its columns, then each row with its values named.
fn sentences(header: &[String], rows: &[Vec<String>]) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "\nTable, {} {}, {} {}: {}.\n\n",
        header.len(),
        plural(header.len(), "column"),
        rows.len(),
        plural(rows.len(), "row"),
        header.join(", ")
    ));
    for (n, row) in rows.iter().enumerate() {
        let values: Vec<String> = header
            .iter()
            .enumerate()
            .map(|(k, name)| {
                let value = row.get(k).map(String::as_str).unwrap_or("");
                let value = if value.is_empty() { "empty" } else { value };
                format!("{name}: {value}")
            })
            .collect();
        out.push_str(&format!("Row {}: {}.\n\n", n + 1, values.join("; ")));
    }
    out
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}

/// `|---|:--:|` and the like: the line that makes the line above it a table's header.
fn is_delimiter(line: &str) -> bool {
    let cells = cells(line);
    !cells.is_empty()
        && line.contains('-')
        && cells.iter().all(|cell| {
            let inner = cell.trim_matches(':');
            !inner.is_empty() && inner.chars().all(|c| c == '-')
        })
}

/// A row's cells, trimmed; `\|` is a bar inside a cell.
fn cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = line.strip_suffix('|').unwrap_or(line);
    let mut out = vec![String::new()];
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                out.last_mut().expect("one cell at least").push('|');
            }
            '|' => out.push(String::new()),
            c => out.last_mut().expect("one cell at least").push(c),
        }
    }
    out.into_iter()
        .map(|cell| cell.trim().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_as_one_sentence_per_row() {
        let source = "Sizes:\n\n| Name | Size |\n|---|--:|\n| a.rs | 10 |\n| b\\|c | |\n\nDone.";
        let said = tables_as_sentences(source);
        assert!(
            said.contains("Table, 2 columns, 2 rows: Name, Size."),
            "{said}"
        );
        assert!(said.contains("Row 1: Name: a.rs; Size: 10."), "{said}");
        assert!(said.contains("Row 2: Name: b|c; Size: empty."), "{said}");
        assert!(
            said.starts_with("Sizes:\n") && said.ends_with("Done."),
            "{said}"
        );
        assert!(!said.contains("|---"), "{said}");
    }

    #[test]
    fn a_table_in_a_code_block_stays_code() {
        let source = "```\n| a | b |\n|---|---|\n```";
        assert_eq!(tables_as_sentences(source), source);
    }
}
