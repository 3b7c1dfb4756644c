//! Prints docs/ACCURACY.md: `cargo run --bin accuracy > docs/ACCURACY.md`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let result = gpuplan::catalog::embedded().map_err(|e| e.to_string()).and_then(gpuplan::workload::calibration::run);
    match result {
        Ok(rows) => {
            print!("{}", gpuplan::workload::calibration::report(&rows));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("accuracy: {e}");
            ExitCode::FAILURE
        }
    }
}
