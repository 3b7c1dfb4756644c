//! Converts providers' own price exports into the project's data files.
//!
//!   gpuplan-import azure-retail PAGE.json [PAGE2.json …] --source NAME --date YYYY-MM-DD
//!       Azure Retail Prices API pages → rows in the shape of data/azure_reserved.csv (stdout).
//!
//! AWS reserved prices already arrive in the shape of data/aws_reserved.csv
//! (instances.vantage.sh data): replace the file and rebuild; the build checks it.

use gpuplan::catalog::sources::azure_retail::{import, to_csv};
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

fn run(args: &[String]) -> Result<String, String> {
    match args.first().map(String::as_str) {
        Some("azure-retail") => {
            let source = option(args, "--source").ok_or("--source NAME is required (where the pages came from)")?;
            let date = option(args, "--date").ok_or("--date YYYY-MM-DD is required (when they were fetched)")?;
            let files: Vec<&String> = args[1..]
                .iter()
                .enumerate()
                .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[*i].starts_with("--")))
                .map(|(_, a)| a)
                .collect();
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
        _ => Err("usage: gpuplan-import azure-retail PAGE.json … --source NAME --date YYYY-MM-DD".into()),
    }
}
