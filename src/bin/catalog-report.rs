//! Prints the embedded catalog's build report: `cargo run --bin catalog-report`.
//! With `--sources`, also every source with its date and offer count; with
//! `--timing`, how long decoding the embedded catalog and describing it (`catalogInfo`) take.

use std::time::Instant;

fn main() {
    print!("{}", gpuplan::catalog::EMBEDDED_REPORT);
    print_ages_today();
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--sources") {
        match gpuplan::catalog_info() {
            Ok(info) => {
                for p in &info.providers {
                    for s in &p.sources {
                        let date = s.date.as_deref().unwrap_or(&s.date_note);
                        println!("{:<15} {:>5}  {date:<12} {} {}", p.id, s.offer_count, s.name, s.path);
                    }
                }
            }
            Err(e) => eprintln!("{e}"),
        }
    }
    if args.iter().any(|a| a == "--timing") {
        print_decode_timing();
    }
}

/// The price ages again on this machine's today, as a reader opening the page
/// now sees them (the build report above counts from the newest snapshot).
fn print_ages_today() {
    use gpuplan::catalog::sources::{age_report, fields};
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    match gpuplan::catalog::embedded() {
        Ok(c) => print!("{}", age_report(&c.data, Some(days), &format!("today, {}", fields::date_of_days(days)))),
        Err(e) => eprintln!("{e}"),
    }
}

/// Decodes the embedded blob repeatedly, then describes it (`catalogInfo`), and
/// prints the median and fastest run of each.
fn print_decode_timing() {
    let bytes = gpuplan::catalog::embedded_bytes();
    let decode = timed(|| gpuplan::catalog::Catalog::decode(bytes).map(|c| drop(std::hint::black_box(c))));
    let Some((median, fastest)) = decode else { return };
    println!("decode of {} bytes over {RUNS} runs: median {median:.0} µs, fastest {fastest:.0} µs", bytes.len());
    let Ok(catalog) = gpuplan::catalog::embedded() else { return };
    let describe = timed(|| {
        std::hint::black_box(gpuplan::catalog::info::catalog_info(catalog, bytes.len()));
        Ok(())
    });
    if let Some((median, fastest)) = describe {
        println!("catalogInfo over {RUNS} runs: median {median:.0} µs, fastest {fastest:.0} µs");
    }
}

const RUNS: usize = 41;

/// Median and fastest of `RUNS` calls, µs; `None` (the error printed) when a call fails.
fn timed(mut call: impl FnMut() -> Result<(), gpuplan::error::Error>) -> Option<(f64, f64)> {
    let mut micros = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        if let Err(e) = call() {
            eprintln!("{e}");
            return None;
        }
        micros.push(start.elapsed().as_secs_f64() * 1e6);
    }
    micros.sort_by(f64::total_cmp);
    Some((micros[RUNS / 2], micros[0]))
}
