//! `gpuplan-import refresh SOURCES [--data DIR] [--check]`: rebuilds the
//! catalog's data files from a folder of downloaded sources (`MANIFEST.csv`
//! names each file's format and origin). Every import merges into the file it
//! feeds: a row the new source lists replaces the row with the same key, a row
//! it no longer lists is kept with its old date (it ages into `stale` rather
//! than vanishing), and nothing else in the file is touched.

use crate::manifest::{self, Entry};
use crate::skypilot::{self, FactsTable, OFFER_COLUMNS};
use crate::table::{merge, MergeCounts, Table};
use gpuplan::catalog::sources::azure_retail;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// The data files a refresh may rewrite.
pub const OFFERS: &str = "offers.csv";
pub const AZURE_RESERVED: &str = "azure_reserved.csv";

/// What a refresh changed, per data file and provider.
#[derive(Debug, Default)]
pub struct Report {
    pub changes: BTreeMap<(String, String), MergeCounts>,
    /// Data files whose text changed.
    pub files_changed: Vec<String>,
}

impl Report {
    fn add(&mut self, file: &str, provider: &str, c: MergeCounts) {
        let e = self.changes.entry((file.to_string(), provider.to_string())).or_default();
        e.added += c.added;
        e.unchanged += c.unchanged;
        e.prices_moved += c.prices_moved;
        e.other_changed += c.other_changed;
        e.kept_not_in_source += c.kept_not_in_source;
        e.examples.extend(c.examples.into_iter().take(5usize.saturating_sub(e.examples.len())));
    }

    pub fn text(&self) -> String {
        let mut out =
            String::from("file                 provider          added  moved  other  same  kept (not in source)\n");
        for ((file, provider), c) in &self.changes {
            out.push_str(&format!(
                "{file:<21}{provider:<16}{:>7}{:>7}{:>7}{:>6}{:>7}\n",
                c.added, c.prices_moved, c.other_changed, c.unchanged, c.kept_not_in_source
            ));
            for e in &c.examples {
                out.push_str(&format!("    moved: {e}\n"));
            }
        }
        if self.files_changed.is_empty() {
            out.push_str("no data file changed\n");
        } else {
            out.push_str(&format!("changed: {}\n", self.files_changed.join(", ")));
        }
        out
    }
}

fn read(dir: &Path, name: &str) -> Result<String, String> {
    let path = dir.join(name);
    fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Runs every import of `sources` against the files in `data`; writes them unless `check`.
pub fn refresh(sources: &Path, data: &Path, check: bool) -> Result<Report, String> {
    let entries = manifest::read(&read(sources, "MANIFEST.csv")?)?;
    let facts: FactsTable = match fs::read_to_string(sources.join("instance_facts.csv")) {
        Ok(text) => skypilot::read_facts(&text)?,
        Err(_) => FactsTable::new(),
    };
    let mut report = Report::default();
    let originals: BTreeMap<&str, String> =
        [OFFERS, AZURE_RESERVED].into_iter().map(|f| read(data, f).map(|t| (f, t))).collect::<Result<_, _>>()?;
    let mut offers = Table::parse(OFFERS, &originals[OFFERS])?;
    if offers.header != OFFER_COLUMNS {
        return Err(format!("{OFFERS}: columns are not the ones the importer writes ({})", OFFER_COLUMNS.join(",")));
    }
    let mut reserved = Table::parse(AZURE_RESERVED, &originals[AZURE_RESERVED])?;
    for entry in &entries {
        let text = read(sources, &entry.file)?;
        match entry.format.as_str() {
            "skypilot-vms" => {
                let rows = skypilot::import(&text, entry, &facts)?;
                let c = merge_offers(&mut offers, rows, entry)?;
                report.add(OFFERS, &entry.provider, c);
            }
            "azure-retail" => {
                let c = merge_azure_retail(&mut reserved, &text, entry)?;
                report.add(AZURE_RESERVED, "azure", c);
            }
            // Read by the build (dates for undated offers); checked here so a bad file fails early.
            "price-observations" => {
                Table::parse(&entry.file, &text)?;
            }
            other => return Err(format!("{}: format `{other}` has no importer", entry.file)),
        }
    }
    for (name, table) in [(OFFERS, &offers), (AZURE_RESERVED, &reserved)] {
        let text = table.to_csv()?;
        if text != originals[name] {
            report.files_changed.push(name.to_string());
            if !check {
                fs::write(data.join(name), text).map_err(|e| format!("{name}: {e}"))?;
            }
        }
    }
    Ok(report)
}

fn merge_offers(offers: &mut Table, rows: Vec<Vec<String>>, entry: &Entry) -> Result<MergeCounts, String> {
    let (p, path) = (offers.column("provider")?, offers.column("source_path")?);
    let scope = |row: &[String]| row[p] == entry.provider && row[path] == entry.path;
    merge(
        offers,
        rows,
        &["provider", "instance_type", "region"],
        &["ondemand_usd_per_hour", "spot_usd_per_hour"],
        &scope,
    )
    .map_err(|e| format!("{OFFERS} from {}: {e}", entry.file))
}

fn merge_azure_retail(reserved: &mut Table, text: &str, entry: &Entry) -> Result<MergeCounts, String> {
    let expected: Vec<&str> = azure_retail::CSV_HEADER.split(',').collect();
    if reserved.header != expected {
        return Err(format!("{AZURE_RESERVED}: columns are not {}", azure_retail::CSV_HEADER));
    }
    let from = azure_retail::Provenance {
        repo: &entry.repo,
        path: &entry.path,
        commit: &entry.commit,
        date: &entry.date,
        note: &entry.row_note,
    };
    let rows: Vec<Vec<String>> = azure_retail::import(&[text])?.iter().map(|r| azure_retail::cells(r, &from)).collect();
    let repo = reserved.column("source_path")?;
    let scope = |row: &[String]| row[repo] == entry.path;
    merge(
        reserved,
        rows,
        &["instance", "region"],
        &["on_demand_hourly", "spot_hourly", "reserved_1y_hourly", "reserved_3y_hourly"],
        &scope,
    )
    .map_err(|e| format!("{AZURE_RESERVED} from {}: {e}", entry.file))
}
