//! A CSV data file as rows of text keyed by some of its columns, merged with
//! imported rows so that nothing is dropped and unchanged cells keep their text.

use std::collections::BTreeMap;

/// A data file: its header and rows, each row one cell per header column.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Lines end in `\r\n`, as in the files first written by Python's csv module; kept on write.
    pub crlf: bool,
    /// The file is laid out source after source (`azure_reserved.csv`): a merge
    /// puts new rows at the end even when the rows happen to be in key order
    /// (an empty file, or one holding a single source).
    pub source_order: bool,
}

impl Table {
    pub fn parse(name: &str, text: &str) -> Result<Table, String> {
        let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(text.as_bytes());
        let header: Vec<String> =
            reader.headers().map_err(|e| format!("{name}: {e}"))?.iter().map(String::from).collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| format!("{name}: {e}"))?;
            rows.push(record.iter().map(String::from).collect());
        }
        Ok(Table { header, rows, crlf: text.contains("\r\n"), source_order: false })
    }

    /// A downloaded source file whose rows may run past the header: SkyPilot's
    /// Azure file writes a list-valued last column (`Generation`: `V1,V2`)
    /// unquoted. Cells past the header are dropped, short rows padded.
    pub fn parse_source(name: &str, text: &str) -> Result<Table, String> {
        let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(text.as_bytes());
        let header: Vec<String> =
            reader.headers().map_err(|e| format!("{name}: {e}"))?.iter().map(String::from).collect();
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| format!("{name}: {e}"))?;
            let mut row: Vec<String> = record.iter().take(header.len()).map(String::from).collect();
            row.resize(header.len(), String::new());
            rows.push(row);
        }
        Ok(Table { header, rows, crlf: text.contains("\r\n"), source_order: false })
    }

    pub fn column(&self, name: &str) -> Result<usize, String> {
        self.header.iter().position(|h| h == name).ok_or_else(|| format!("missing column `{name}`"))
    }

    /// The CSV text: quoted only where needed, the file's own line ends.
    pub fn to_csv(&self) -> Result<String, String> {
        let terminator = if self.crlf { csv::Terminator::CRLF } else { csv::Terminator::Any(b'\n') };
        let mut w = csv::WriterBuilder::new().terminator(terminator).from_writer(Vec::new());
        w.write_record(&self.header).map_err(|e| e.to_string())?;
        for row in &self.rows {
            w.write_record(row).map_err(|e| e.to_string())?;
        }
        let bytes = w.into_inner().map_err(|e| e.to_string())?;
        String::from_utf8(bytes).map_err(|e| e.to_string())
    }
}

/// A number cell as the data files write it: shortest exact form, `.0` on whole numbers.
pub fn number_cell(v: Option<f64>) -> String {
    match v {
        None => String::new(),
        Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{x:.1}"),
        Some(x) => format!("{x}"),
    }
}

/// Two cells mean the same when their text is equal or both are the same number
/// (`16` and `16.0`), so a re-import leaves the file's text alone.
pub fn same_value(a: &str, b: &str) -> bool {
    a == b || matches!((a.trim().parse::<f64>(), b.trim().parse::<f64>()), (Ok(x), Ok(y)) if x == y)
}

/// What a merge did, for the change report.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct MergeCounts {
    pub added: usize,
    pub unchanged: usize,
    /// Rows whose watched (price) columns changed value.
    pub prices_moved: usize,
    /// Rows whose other cells changed.
    pub other_changed: usize,
    /// Rows in scope of the import that the new source no longer lists: kept as they were.
    pub kept_not_in_source: usize,
    /// Rows gone because the source is a whole snapshot that no longer lists them (GCP's pricing file).
    pub removed: usize,
    /// A few examples of moved prices ("instance region: 1.29 → 1.49").
    pub examples: Vec<String>,
}

/// Merges `imported` rows (full rows in `table`'s columns) into `table`.
/// `key` names the columns that identify a row; `prices` the columns whose
/// change counts as a price move; `in_scope` says which existing rows this
/// import covers (for counting those it no longer lists). Rows are never
/// removed: a row the source dropped stays with its old date, so it ages
/// into `stale` instead of vanishing. Rows keep their place; new rows go at
/// the end, or into key order when the file was sorted by key (unless it is
/// marked `source_order`).
pub fn merge(
    table: &mut Table,
    imported: Vec<Vec<String>>,
    key: &[&str],
    prices: &[&str],
    in_scope: &dyn Fn(&[String]) -> bool,
) -> Result<MergeCounts, String> {
    let key_columns: Vec<usize> = key.iter().map(|k| table.column(k)).collect::<Result<_, _>>()?;
    let price_columns: Vec<usize> = prices.iter().map(|k| table.column(k)).collect::<Result<_, _>>()?;
    let key_of = |row: &[String]| -> Vec<String> { key_columns.iter().map(|&i| row[i].clone()).collect() };
    let keys: Vec<Vec<String>> = table.rows.iter().map(|r| key_of(r)).collect();
    let sorted = !table.source_order && keys.windows(2).all(|w| w[0] <= w[1]);
    let mut order: Vec<Vec<String>> = keys.clone();
    let mut rows: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    for (k, row) in keys.into_iter().zip(table.rows.drain(..)) {
        if rows.insert(k.clone(), row).is_some() {
            return Err(format!("duplicate row {}", k.join(" ")));
        }
    }
    let mut counts = MergeCounts::default();
    let mut seen: std::collections::BTreeSet<Vec<String>> = Default::default();
    for new in imported {
        if new.len() != table.header.len() {
            return Err(format!("imported row has {} cells, the file {}", new.len(), table.header.len()));
        }
        let k = key_of(&new);
        if !seen.insert(k.clone()) {
            return Err(format!("the source lists {} twice", k.join(" ")));
        }
        match rows.get_mut(&k) {
            None => {
                counts.added += 1;
                order.push(k.clone());
                rows.insert(k, new);
            }
            Some(old) => {
                let mut moved = false;
                let mut other = false;
                for (i, cell) in new.into_iter().enumerate() {
                    if same_value(&old[i], &cell) {
                        continue;
                    }
                    if price_columns.contains(&i) {
                        moved = true;
                        if counts.examples.len() < 5 {
                            let was = if old[i].is_empty() { "none" } else { &old[i] };
                            let now = if cell.is_empty() { "none" } else { &cell };
                            counts.examples.push(format!("{} {}: {was} → {now}", k.join(" "), table.header[i]));
                        }
                    } else {
                        other = true;
                    }
                    old[i] = cell;
                }
                match (moved, other) {
                    (true, _) => counts.prices_moved += 1,
                    (false, true) => counts.other_changed += 1,
                    (false, false) => counts.unchanged += 1,
                }
            }
        }
    }
    counts.kept_not_in_source = rows.iter().filter(|(k, row)| !seen.contains(*k) && in_scope(row)).count();
    if sorted {
        order.sort();
    }
    table.rows = order.iter().filter_map(|k| rows.remove(k)).collect();
    Ok(counts)
}

/// What changed from `old` to `new` per value of the `group` column (the
/// provider): rows added, removed, with moved prices, with other changes.
pub fn diff(
    old: &Table,
    new: &Table,
    key: &[&str],
    prices: &[&str],
    group: &str,
) -> Result<BTreeMap<String, MergeCounts>, String> {
    let index = |t: &Table| -> Result<BTreeMap<Vec<String>, Vec<String>>, String> {
        let k: Vec<usize> = key.iter().map(|c| t.column(c)).collect::<Result<_, _>>()?;
        Ok(t.rows.iter().map(|r| (k.iter().map(|&i| r[i].clone()).collect(), r.clone())).collect())
    };
    let (a, b) = (index(old)?, index(new)?);
    let g = new.column(group)?;
    let price_columns: Vec<usize> = prices.iter().map(|c| new.column(c)).collect::<Result<_, _>>()?;
    let mut out: BTreeMap<String, MergeCounts> = BTreeMap::new();
    for (k, row) in &b {
        let c = out.entry(row[g].clone()).or_default();
        match a.get(k) {
            None => c.added += 1,
            Some(was) => {
                let changed: Vec<usize> = (0..row.len()).filter(|&i| !same_value(&was[i], &row[i])).collect();
                if changed.iter().any(|i| price_columns.contains(i)) {
                    c.prices_moved += 1;
                    if c.examples.len() < 3 {
                        let moves: Vec<String> = changed
                            .iter()
                            .filter(|i| price_columns.contains(i))
                            .map(|&i| format!("{} {} → {}", new.header[i], or_none(&was[i]), or_none(&row[i])))
                            .collect();
                        c.examples.push(format!("{}: {}", k.join(" "), moves.join(", ")));
                    }
                } else if changed.is_empty() {
                    c.unchanged += 1;
                } else {
                    c.other_changed += 1;
                }
            }
        }
    }
    for (k, row) in &a {
        if !b.contains_key(k) {
            out.entry(row[g].clone()).or_default().removed += 1;
        }
    }
    Ok(out)
}

fn or_none(cell: &str) -> &str {
    if cell.is_empty() {
        "none"
    } else {
        cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        Table::parse("t.csv", text).unwrap()
    }

    fn row(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn the_file_text_survives_a_round_trip() {
        let text = "a,b,c\nx,\"1,5\",\"say \"\"hi\"\"\"\ny,,2.0\n";
        assert_eq!(table(text).to_csv().unwrap(), text);
        let crlf = text.replace('\n', "\r\n");
        assert_eq!(table(&crlf).to_csv().unwrap(), crlf);
    }

    #[test]
    fn a_merge_keeps_rows_the_source_no_longer_lists_and_the_text_of_equal_numbers() {
        let mut t = table("k,price,note\na,16,x\nb,2.0,y\n");
        let counts =
            merge(&mut t, vec![row(&["a", "16.0", "x"]), row(&["c", "3.0", "z"])], &["k"], &["price"], &|_| true)
                .unwrap();
        assert_eq!(t.to_csv().unwrap(), "k,price,note\na,16,x\nb,2.0,y\nc,3.0,z\n");
        let mut unsorted = table("k,price\nb,1\na,2\n");
        merge(&mut unsorted, vec![row(&["a", "2"]), row(&["0", "5"])], &["k"], &["price"], &|_| true).unwrap();
        assert_eq!(unsorted.to_csv().unwrap(), "k,price\nb,1\na,2\n0,5\n", "an unsorted file keeps its order");
        assert_eq!((counts.added, counts.unchanged, counts.kept_not_in_source), (1, 1, 1));
    }

    #[test]
    fn a_file_in_source_order_gets_each_source_at_its_end() {
        // Empty, then one sorted source: `merge` would sort the second source in.
        let mut t = Table { source_order: true, ..table("k,price\n") };
        merge(&mut t, vec![row(&["m", "1"]), row(&["n", "2"])], &["k"], &["price"], &|_| true).unwrap();
        merge(&mut t, vec![row(&["a", "3"]), row(&["n", "4"])], &["k"], &["price"], &|_| true).unwrap();
        assert_eq!(t.to_csv().unwrap(), "k,price\nm,1\nn,4\na,3\n");
    }

    #[test]
    fn a_moved_price_is_counted_with_an_example() {
        let mut t = table("k,price,note\na,1.29,x\n");
        let counts = merge(&mut t, vec![row(&["a", "1.49", "x"])], &["k"], &["price"], &|_| true).unwrap();
        assert_eq!(counts.prices_moved, 1);
        assert_eq!(counts.examples, vec!["a price: 1.29 → 1.49".to_string()]);
        assert_eq!(t.rows[0][1], "1.49");
    }

    #[test]
    fn a_source_listing_a_row_twice_is_an_error() {
        let mut t = table("k,price\n");
        let err = merge(&mut t, vec![row(&["a", "1"]), row(&["a", "2"])], &["k"], &["price"], &|_| true).unwrap_err();
        assert!(err.contains("twice"), "{err}");
    }

    #[test]
    fn whole_numbers_are_written_with_a_decimal() {
        assert_eq!(number_cell(Some(24.0)), "24.0");
        assert_eq!(number_cell(Some(93.58)), "93.58");
        assert_eq!(number_cell(None), "");
    }
}
