//! Prints the embedded catalog's build report: `cargo run --bin catalog-report`.
//! With `--sources`, also every source with its date and offer count; with
//! `--timing`, how long decoding the embedded catalog takes.

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

/// Decodes the embedded blob repeatedly and prints the median and fastest run.
fn print_decode_timing() {
    const RUNS: usize = 41;
    let bytes = gpuplan::catalog::embedded_bytes();
    let mut micros = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        match gpuplan::catalog::Catalog::decode(bytes) {
            Ok(c) => std::hint::black_box(c),
            Err(e) => {
                eprintln!("{e}");
                return;
            }
        };
        micros.push(start.elapsed().as_secs_f64() * 1e6);
    }
    micros.sort_by(f64::total_cmp);
    println!(
        "decode of {} bytes over {RUNS} runs: median {:.0} µs, fastest {:.0} µs",
        bytes.len(),
        micros[RUNS / 2],
        micros[0]
    );
}
