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
pub const GCP_PRICING: &str = "gcp_pricing.yml";
pub const AWS_CHINA: &str = "aws_china.csv";
pub const AWS_RESERVED: &str = "aws_reserved.csv";
pub const ALIBABA: &str = "alibaba_gpu.csv";

/// What a refresh changed, per data file and provider.
#[derive(Debug, Default)]
pub struct Report {
    pub changes: BTreeMap<(String, String), MergeCounts>,
    /// Data files whose text changed.
    pub files_changed: Vec<String>,
    /// Undated offers dated from observations, per provider.
    pub dated: Vec<String>,
    /// The final change to offers.csv per provider (rows added, removed, prices moved).
    pub offers_diff: BTreeMap<String, MergeCounts>,
}

impl Report {
    fn add(&mut self, file: &str, provider: &str, c: MergeCounts) {
        let e = self.changes.entry((file.to_string(), provider.to_string())).or_default();
        e.added += c.added;
        e.unchanged += c.unchanged;
        e.prices_moved += c.prices_moved;
        e.other_changed += c.other_changed;
        e.kept_not_in_source += c.kept_not_in_source;
        e.removed += c.removed;
        e.examples.extend(c.examples.into_iter().take(5usize.saturating_sub(e.examples.len())));
    }

    pub fn text(&self) -> String {
        let mut out = String::from(
            "file                 provider          added  moved  other   same removed  kept (not in source)\n",
        );
        for ((file, provider), c) in &self.changes {
            out.push_str(&format!(
                "{file:<21}{provider:<16}{:>7}{:>7}{:>7}{:>7}{:>8}{:>7}\n",
                c.added, c.prices_moved, c.other_changed, c.unchanged, c.removed, c.kept_not_in_source
            ));
            for e in &c.examples {
                out.push_str(&format!("    moved: {e}\n"));
            }
        }
        if !self.dated.is_empty() {
            out.push_str("undated offers dated from price observations:\n");
            for d in &self.dated {
                out.push_str(&format!("  {d}\n"));
            }
        }
        out.push_str("offers.csv, before → after:  provider        added removed  moved  other   same\n");
        for (provider, c) in &self.offers_diff {
            if c.added + c.removed + c.prices_moved + c.other_changed == 0 {
                continue;
            }
            out.push_str(&format!(
                "  {provider:<43}{:>6}{:>8}{:>7}{:>7}{:>7}\n",
                c.added, c.removed, c.prices_moved, c.other_changed, c.unchanged
            ));
            for e in &c.examples {
                out.push_str(&format!("    {e}\n"));
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
    let originals: BTreeMap<&str, String> = [OFFERS, AZURE_RESERVED, AWS_CHINA, AWS_RESERVED, ALIBABA]
        .into_iter()
        .map(|f| read(data, f).map(|t| (f, t)))
        .collect::<Result<_, _>>()?;
    let mut offers = Table::parse(OFFERS, &originals[OFFERS])?;
    if offers.header != OFFER_COLUMNS {
        return Err(format!("{OFFERS}: columns are not the ones the importer writes ({})", OFFER_COLUMNS.join(",")));
    }
    // One source after another, each in key order: new rows go at the end.
    let mut reserved = Table { source_order: true, ..Table::parse(AZURE_RESERVED, &originals[AZURE_RESERVED])? };
    let mut china = Table::parse(AWS_CHINA, &originals[AWS_CHINA])?;
    if china.header != crate::vantage::COLUMNS {
        return Err(format!("{AWS_CHINA}: columns are not {}", crate::vantage::COLUMNS.join(",")));
    }
    let mut aws_reserved = Table::parse(AWS_RESERVED, &originals[AWS_RESERVED])?;
    if aws_reserved.header != crate::vantage::RESERVED_COLUMNS {
        return Err(format!("{AWS_RESERVED}: columns are not {}", crate::vantage::RESERVED_COLUMNS.join(",")));
    }
    let mut alibaba = Table::parse(ALIBABA, &originals[ALIBABA])?;
    if alibaba.header != crate::priceserver::COLUMNS {
        return Err(format!("{ALIBABA}: columns are not {}", crate::priceserver::COLUMNS.join(",")));
    }
    for entry in &entries {
        let text = read(sources, &entry.file)?;
        match entry.format.as_str() {
            "skypilot-vms" => {
                let rows = skypilot::import(&text, entry, &facts)?;
                let c = merge_offers(&mut offers, rows, entry)?;
                report.add(OFFERS, &entry.provider, c);
            }
            // GCP host + accelerator compositions (and TPU slices) of a SkyPilot-format gcp/vms.csv.
            "skypilot-vms-gcp" => {
                let comps = Path::new(&entry.file).with_file_name("gcp_compositions.csv");
                let comps = read(sources, &comps.to_string_lossy())?;
                let rows = crate::gcp_compose::import(&text, &comps, entry)?;
                let c = merge_offers(&mut offers, rows, entry)?;
                report.add(OFFERS, &entry.provider, c);
            }
            "azure-retail" => {
                let c = merge_azure_retail(&mut reserved, &text, entry)?;
                report.add(AZURE_RESERVED, "azure", c);
            }
            // The Azure pricing calculator's data, as sstybel/azure-vm-price-importer packs it (.azpx).
            "azure-calculator-azpx" => {
                let rows = crate::azpx::import(&entry.file, &text, &entry.row_note)?;
                let c = merge_reserved(&mut reserved, rows.iter().map(|(r, n)| (r, n.as_str())), entry)?;
                report.add(AZURE_RESERVED, "azure", c);
            }
            "gcp-pricing-yaml" => {
                // A data folder without the file is a first import: every price is added.
                let current = data.join(GCP_PRICING).exists().then(|| read(data, GCP_PRICING)).transpose()?;
                let old = match &current {
                    Some(t) => crate::gcp_yaml::parse(GCP_PRICING, t)?,
                    None => crate::gcp_yaml::Snapshot::default(),
                };
                let new = crate::gcp_yaml::parse(&entry.file, &text)?;
                if new.date < old.date {
                    return Err(format!(
                        "{}: generated {}, older than the catalog's {GCP_PRICING} ({}); not replaced",
                        entry.file, new.date, old.date
                    ));
                }
                if !entry.date.is_empty() && entry.date != new.date {
                    return Err(format!(
                        "{}: the manifest says {}, the file was generated {}",
                        entry.file, entry.date, new.date
                    ));
                }
                report.add(GCP_PRICING, "gcp", crate::gcp_yaml::compare(&old, &new));
                if current.as_deref() != Some(text.as_str()) {
                    report.files_changed.push(GCP_PRICING.to_string());
                    if !check {
                        fs::write(data.join(GCP_PRICING), &text).map_err(|e| format!("{GCP_PRICING}: {e}"))?;
                    }
                }
            }
            // Rows already in the shape of offers.csv (transcribed from a source read in pieces).
            "offers-rows" => {
                let rows = Table::parse(&entry.file, &text)?;
                if rows.header != offers.header {
                    return Err(format!("{}: columns are not those of {OFFERS}", entry.file));
                }
                let c = merge_offers(&mut offers, rows.rows, entry)?;
                report.add(OFFERS, if entry.provider.is_empty() { "(rows)" } else { &entry.provider }, c);
            }
            "price-observations" => {
                let map_file = Path::new(&entry.file).with_file_name("sku_map.csv");
                let map = read(sources, &map_file.to_string_lossy())?;
                for (provider, d) in crate::observations::apply(&mut offers, &entry.file, &text, &map)? {
                    report.dated.push(format!(
                        "{provider:<16}{:>5} same price, {:>3} price moved, {:>3} no matching price (stay undated), {:>2} community price removed from spot",
                        d.same_price, d.price_moved, d.no_match, d.community_not_spot
                    ));
                }
            }
            "vantage-json" => {
                let rows = crate::vantage::import_global(&entry.file, &text, entry, &facts)?;
                let c = merge_offers(&mut offers, rows.offers, entry)?;
                report.add(OFFERS, &entry.provider, c);
                let (p, path) = (aws_reserved.column("provider")?, aws_reserved.column("source_path")?);
                let scope = |row: &[String]| row[p] == entry.provider && row[path] == entry.path;
                let c = merge(
                    &mut aws_reserved,
                    rows.reserved,
                    &["instance_type", "region", "term_years", "offering_class", "payment_option"],
                    &["effective_hourly_usd"],
                    &scope,
                )
                .map_err(|e| format!("{AWS_RESERVED} from {}: {e}", entry.file))?;
                report.add(AWS_RESERVED, &entry.provider, c);
            }
            // A per-family file of tsaol/aws-gpu (g7e), which states the hardware: rows of offers.csv.
            "aws-types-js" => {
                let rows = crate::aws_js::import_types(&entry.file, &text, entry)?;
                let c = merge_offers(&mut offers, rows, entry)?;
                report.add(OFFERS, &entry.provider, c);
            }
            "aws-gpu-js" => {
                let d = crate::aws_js::apply(&mut offers, &entry.file, &text, entry)?;
                report.dated.push(format!(
                    "{:<16}{:>5} same price, {:>3} price moved, {:>3} new offers, {:>2} spot older than 60 days removed ({})",
                    entry.provider, d.same_price, d.price_moved, d.added, d.spot_removed, entry.file
                ));
            }
            // Alibaba types without a public price: specification-only rows (no region), by type.
            "sparecores-server-json" => {
                let rows = crate::sparecores::import(&entry.file, &text, entry)?;
                let (repo, region) = (alibaba.column("source_repo")?, alibaba.column("region")?);
                let scope = |row: &[String]| row[repo] == entry.repo && row[region].is_empty();
                let c = merge(&mut alibaba, rows, &["region", "instance"], &["payg_hourly"], &scope)
                    .map_err(|e| format!("{ALIBABA} from {}: {e}", entry.file))?;
                report.add(ALIBABA, &entry.provider, c);
            }
            "priceserver-alibaba-json" => {
                let rows = crate::priceserver::import(&entry.file, &text, entry, &facts)?;
                report.add(ALIBABA, &entry.provider, merge_alibaba(&mut alibaba, rows, entry)?);
            }
            "skypilot-vms-alicloud" => {
                let rate = entry.usd_per_cny.ok_or_else(|| {
                    format!("{}: the manifest row needs `usd_per_cny` (the file's own CNY → USD rate)", entry.file)
                })?;
                let rows = crate::priceserver::import_skypilot(&entry.file, &text, entry, rate, &alibaba)?;
                report.add(ALIBABA, &entry.provider, merge_alibaba(&mut alibaba, rows, entry)?);
            }
            "vantage-json-china" => {
                let rows = crate::vantage::import_china(&entry.file, &text, entry)?;
                let path = china.column("source_path")?;
                let scope = |row: &[String]| row[path] == entry.path;
                let c = merge(&mut china, rows, &["instance_type", "region"], &["ondemand_per_hour"], &scope)
                    .map_err(|e| format!("{AWS_CHINA} from {}: {e}", entry.file))?;
                report.add(AWS_CHINA, "aws-cn", c);
            }
            other => return Err(format!("{}: format `{other}` has no importer", entry.file)),
        }
    }
    report.offers_diff = crate::table::diff(
        &Table::parse(OFFERS, &originals[OFFERS])?,
        &offers,
        &["provider", "instance_type", "region"],
        &["ondemand_usd_per_hour", "spot_usd_per_hour"],
        "provider",
    )?;
    for (name, table) in [
        (OFFERS, &offers),
        (AZURE_RESERVED, &reserved),
        (AWS_CHINA, &china),
        (AWS_RESERVED, &aws_reserved),
        (ALIBABA, &alibaba),
    ] {
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
    let (p, path, repo) = (offers.column("provider")?, offers.column("source_path")?, offers.column("source_repo")?);
    // A file of one provider covers that provider's rows from its path; rows
    // files (several providers) cover the rows naming their repository.
    let scope = |row: &[String]| {
        if entry.provider.is_empty() {
            row[repo] == entry.repo
        } else {
            row[p] == entry.provider && row[path] == entry.path
        }
    };
    merge(
        offers,
        rows,
        &["provider", "instance_type", "region"],
        &["ondemand_usd_per_hour", "spot_usd_per_hour"],
        &scope,
    )
    .map_err(|e| format!("{OFFERS} from {}: {e}", entry.file))
}

/// Alibaba rows of one source file: keyed by region and type, in scope where the row names the file's path.
fn merge_alibaba(alibaba: &mut Table, rows: Vec<Vec<String>>, entry: &Entry) -> Result<MergeCounts, String> {
    let path = alibaba.column("source_path")?;
    let scope = |row: &[String]| row[path] == entry.path;
    merge(alibaba, rows, &["region", "instance"], &["payg_hourly"], &scope)
        .map_err(|e| format!("{ALIBABA} from {}: {e}", entry.file))
}

fn merge_azure_retail(reserved: &mut Table, text: &str, entry: &Entry) -> Result<MergeCounts, String> {
    let rows = azure_retail::import(&[text]).map_err(|e| format!("{}: {e}", entry.file))?;
    let notes: Vec<String> = rows.iter().map(|r| azure_retail::row_note(r, &entry.row_note)).collect();
    merge_reserved(reserved, rows.iter().zip(notes.iter().map(String::as_str)), entry)
}

/// Rows of one Azure source, each with its own note, merged into `azure_reserved.csv`:
/// keyed by size and region, in scope where the row names the source's path.
fn merge_reserved<'a>(
    reserved: &mut Table,
    rows: impl Iterator<Item = (&'a azure_retail::RetailRow, &'a str)>,
    entry: &Entry,
) -> Result<MergeCounts, String> {
    let expected: Vec<&str> = azure_retail::CSV_HEADER.split(',').collect();
    if reserved.header != expected {
        return Err(format!("{AZURE_RESERVED}: columns are not {}", azure_retail::CSV_HEADER));
    }
    let rows: Vec<Vec<String>> = rows
        .map(|(r, note)| {
            let from = azure_retail::Provenance {
                repo: &entry.repo,
                path: &entry.path,
                commit: &entry.commit,
                date: &entry.date,
                note,
            };
            azure_retail::cells(r, &from)
        })
        .collect();
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
