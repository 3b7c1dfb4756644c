//! Converts providers' own price exports into the project's data files.
//!
//!   gpuplan-import refresh SOURCES_DIR [--data DIR] [--check]
//!       Rebuilds data/offers.csv, data/azure_reserved.csv, data/aws_china.csv, data/aws_reserved.csv, data/alibaba_gpu.csv and data/gcp_pricing.yml from the files a
//!       folder's MANIFEST.csv lists (data/sources is the checked-in copy),
//!       merging: rows the sources no longer list are kept. Prints what changed
//!       per file and provider; `--check` writes nothing and fails if a file
//!       would change.
//!
//!   gpuplan-import azure-retail PAGE.json [PAGE2.json …] --source NAME --date YYYY-MM-DD
//!       Azure Retail Prices API pages (or a dump of them with `pricePoints`)
//!       → rows in the shape of data/azure_reserved.csv
//!       (stdout). A file of its own: to update the catalog, put the pages in a
//!       sources folder and run `refresh`, which merges.

mod aws_js;
mod azpx;
mod gcp_compose;
mod gcp_yaml;
mod manifest;
mod observations;
mod priceserver;
mod refresh;
mod skypilot;
mod sparecores;
mod table;
mod vantage;

use gpuplan::catalog::sources::azure_retail::{import, to_csv};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gpuplan-import: {e}");
            ExitCode::FAILURE
        }
    }
}

fn option(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

/// The arguments that are neither `--options` nor their values.
fn positional<'a>(args: &'a [String], with_value: &[&str]) -> Vec<&'a String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if with_value.contains(&a.as_str()) {
            skip = true;
        } else if !a.starts_with("--") {
            out.push(a);
        }
    }
    out
}

fn run(args: &[String]) -> Result<String, String> {
    match args.first().map(String::as_str) {
        Some("refresh") => {
            let rest = &args[1..];
            let dirs = positional(rest, &["--data"]);
            let [sources] = dirs.as_slice() else {
                return Err("usage: gpuplan-import refresh SOURCES_DIR [--data DIR] [--check]".into());
            };
            let data = option(rest, "--data").unwrap_or_else(|| "data".into());
            let check = rest.iter().any(|a| a == "--check");
            let report = refresh::refresh(Path::new(sources.as_str()), Path::new(&data), check)?;
            if check && !report.files_changed.is_empty() {
                return Err(format!("{}the data files differ from their sources", report.text()));
            }
            Ok(report.text())
        }
        Some("azure-retail") => {
            let rest = &args[1..];
            let source = option(rest, "--source").ok_or("--source NAME is required (where the pages came from)")?;
            let date = option(rest, "--date").ok_or("--date YYYY-MM-DD is required (when they were fetched)")?;
            let files = positional(rest, &["--source", "--date"]);
            if files.is_empty() {
                return Err("give one or more API page files".into());
            }
            let texts: Vec<String> = files
                .iter()
                .map(|f| std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}")))
                .collect::<Result<_, _>>()?;
            let pages: Vec<&str> = texts.iter().map(String::as_str).collect();
            let rows = import(&pages)?;
            Ok(to_csv(&rows, &source, "Azure Retail Prices API", &date))
        }
        _ => Err("usage: gpuplan-import refresh SOURCES_DIR [--data DIR] [--check]\n       gpuplan-import azure-retail PAGE.json … --source NAME --date YYYY-MM-DD".into()),
    }
}
