//! Prints the embedded catalog's build report: `cargo run --bin catalog-report`.
//! With `--sources`, also every source with its date and offer count.

fn main() {
    print!("{}", gpuplan::catalog::EMBEDDED_REPORT);
    if std::env::args().any(|a| a == "--sources") {
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
}
