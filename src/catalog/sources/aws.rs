//! AWS reserved prices (`data/aws_reserved.csv`, the shape of instances.vantage.sh
//! data): 1- and 3-year effective hourly rates added to the AWS offers.

use super::builder::{flag, Builder};
use super::fields::records;

/// Preferred terms, best first: Standard before Convertible (cheaper, the usual
/// choice for a fixed fleet); no upfront first, so the hourly rate is what is paid.
const PREFERENCE: [(&str, &str); 6] = [
    ("Standard", "noUpfront"),
    ("Standard", "partialUpfront"),
    ("Standard", "allUpfront"),
    ("Convertible", "noUpfront"),
    ("Convertible", "partialUpfront"),
    ("Convertible", "allUpfront"),
];

/// One reserved offer: (instance, region, years) → (preference rank, effective $/h).
type Best = std::collections::HashMap<(String, String, u8), (usize, f64)>;

pub fn read_aws_reserved(text: &str, builder: &mut Builder) -> Result<(), String> {
    let (cols, rows) = records("aws_reserved.csv", text)?;
    let mut best = Best::new();
    for r in &rows {
        if cols.text(r, "os")? != "linux" {
            continue;
        }
        let class = cols.text(r, "offering_class")?;
        let payment = cols.text(r, "payment_option")?;
        let Some(rank) = PREFERENCE.iter().position(|(c, p)| *c == class && *p == payment) else { continue };
        let years = match cols.text(r, "term_years")? {
            "1" => 1,
            "3" => 3,
            other => return Err(format!("aws_reserved.csv: term_years `{other}` is not 1 or 3")),
        };
        let Some(hourly) = cols.number(r, "effective_hourly_usd")? else { continue };
        let key = (cols.text(r, "instance_type")?.to_string(), cols.text(r, "region")?.to_string(), years);
        if best.get(&key).is_none_or(|(b, _)| rank < *b) {
            best.insert(key, (rank, hourly));
        }
    }
    let mut keys: Vec<_> = best.keys().cloned().collect();
    keys.sort();
    for key in keys {
        let (rank, hourly) = best[&key];
        let (instance, region, years) = &key;
        let Some(offer) = builder.find("aws", instance, region) else { continue };
        builder.set_reserved(offer, *years, hourly, false);
        let (class, payment) = PREFERENCE[rank];
        let message =
            format!("{years}-year reserved: {class} RI, {payment}; effective hourly rate with any upfront amortised");
        builder.flag_offer(offer, flag("reserved-terms", message));
    }
    Ok(())
}
