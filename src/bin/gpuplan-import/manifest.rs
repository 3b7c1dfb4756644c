//! `MANIFEST.csv` of a sources folder: one row per downloaded file, naming its
//! format and where it came from (repository, path, commit, date).

use crate::table::Table;
use gpuplan::catalog::sources::fields::is_iso_date;

/// The formats `refresh` reads.
pub const FORMATS: [&str; 14] = [
    "skypilot-vms",
    "offers-rows",
    "azure-retail",
    "azure-calculator-azpx",
    "gcp-pricing-yaml",
    "price-observations",
    "vantage-json",
    "vantage-json-china",
    "priceserver-alibaba-json",
    "aws-gpu-js",
    "skypilot-vms-alicloud",
    "skypilot-vms-gcp",
    "aws-types-js",
    "sparecores-server-json",
];

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Entry {
    /// The file, relative to the sources folder.
    pub file: String,
    pub format: String,
    /// Our provider id the file's rows belong to (empty for multi-provider files).
    pub provider: String,
    pub repo: String,
    pub path: String,
    pub commit: String,
    /// yyyy-mm-dd: the commit's date (the file's last change), or the date the file states.
    pub date: String,
    /// Written on every imported row's `notes`.
    pub row_note: String,
    /// How the copy was made (rows kept, how it was dated); for people.
    pub note: String,
    /// The USD per CNY a file's own conversion used (optional column; SkyPilot's alicloud files).
    pub usd_per_cny: Option<f64>,
}

pub fn read(text: &str) -> Result<Vec<Entry>, String> {
    let t = Table::parse("MANIFEST.csv", text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("MANIFEST.csv: {e}"));
    let c = [
        col("file")?,
        col("format")?,
        col("provider")?,
        col("repo")?,
        col("path")?,
        col("commit")?,
        col("date")?,
        col("row_note")?,
        col("note")?,
    ];
    let rate = t.column("usd_per_cny").ok();
    let mut out = Vec::new();
    for (n, row) in t.rows.iter().enumerate() {
        let e = Entry {
            file: row[c[0]].clone(),
            format: row[c[1]].clone(),
            provider: row[c[2]].clone(),
            repo: row[c[3]].clone(),
            path: row[c[4]].clone(),
            commit: row[c[5]].clone(),
            date: row[c[6]].clone(),
            row_note: row[c[7]].clone(),
            note: row[c[8]].clone(),
            usd_per_cny: None,
        };
        let line = n + 2;
        if !FORMATS.contains(&e.format.as_str()) {
            return Err(format!("MANIFEST.csv:{line}: unknown format `{}` (known: {})", e.format, FORMATS.join(", ")));
        }
        if e.file.is_empty() || e.file.contains("..") || e.file.starts_with('/') {
            return Err(format!("MANIFEST.csv:{line}: `file` must be a path inside the sources folder"));
        }
        if e.repo.is_empty() || e.path.is_empty() {
            return Err(format!("MANIFEST.csv:{line}: every source names its repository (or publisher) and path"));
        }
        if !e.date.is_empty() && !is_iso_date(&e.date) {
            return Err(format!("MANIFEST.csv:{line}: `date` must be yyyy-mm-dd, got `{}`", e.date));
        }
        let mut e = e;
        if let Some(cell) = rate.map(|i| row[i].trim()).filter(|c| !c.is_empty()) {
            match cell.parse::<f64>() {
                Ok(v) if v.is_finite() && v > 0.0 => e.usd_per_cny = Some(v),
                _ => return Err(format!("MANIFEST.csv:{line}: `usd_per_cny` must be a positive number, got `{cell}`")),
            }
        }
        out.push(e);
    }
    Ok(out)
}
