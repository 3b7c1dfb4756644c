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

/// AWS China (Beijing, Ningxia; operated apart from AWS global) from
/// `data/aws_china.csv`: list prices in CNY as published, converted to USD at
/// the rate of `exchange_rates.csv`. AWS China runs the same instance types as
/// AWS global, so each row takes its hardware (accelerator, GPU count and
/// memory, after `corrections.csv`, vCPUs, memory) from the AWS offer of that
/// type read before it; a type AWS global does not list is left out, with why.
pub fn read_aws_china(
    text: &str,
    rates: &[crate::catalog::schema::ExchangeRate],
    builder: &mut Builder,
) -> Result<(), String> {
    use super::builder::OfferDraft;
    use crate::catalog::schema::{OriginalPrice, Prices, Source};
    let (cols, rows) = records("aws_china.csv", text)?;
    for r in &rows {
        let at = format!("aws_china.csv:{}", r.position().map_or(0, |p| p.line()));
        let instance = cols.text(r, "instance_type")?;
        let Some(global) = builder.offers.iter().find(|o| o.provider == "aws" && o.instance == instance) else {
            builder
                .dropped
                .push(format!("aws-cn {instance}: AWS global lists no such type, so its hardware is unknown"));
            continue;
        };
        let accelerator = builder.accelerators.get(global.accelerator as usize).map(|a| a.key.to_string());
        let accelerator = accelerator.ok_or_else(|| format!("{at}: the AWS offer of {instance} has no accelerator"))?;
        let currency = cols.text(r, "currency")?;
        let price = cols.required_number(r, "ondemand_per_hour")?;
        let rate = rates
            .iter()
            .find(|x| x.currency == currency)
            .ok_or_else(|| format!("{at}: no exchange rate for {currency} in exchange_rates.csv"))?;
        let d = OfferDraft {
            provider: "aws-cn".into(),
            instance: instance.to_string(),
            region: cols.text(r, "region")?.to_string(),
            accelerator,
            gpu_count: global.gpu_count,
            memory_per_gpu_gib: global.memory_per_gpu_gib,
            vcpus: global.vcpus,
            memory_gib: global.memory_gib,
            prices: Prices { on_demand: Some(price / rate.units_per_usd), ..Prices::default() },
            original_price: Some(OriginalPrice { currency: currency.into(), on_demand_per_hour: price }),
            flags: vec![flag("source-note", cols.text(r, "notes")?)],
        };
        let date = cols.text(r, "snapshot_date")?;
        let source = builder.source_index(Source {
            provider: "aws-cn".into(),
            name: cols.text(r, "source_repo")?.into(),
            path: cols.text(r, "source_path")?.into(),
            commit: cols.text(r, "source_commit")?.into(),
            snapshot_date: (!date.is_empty()).then(|| date.to_string()).map(Into::into),
            date_note: Default::default(),
        });
        builder.add(d, source, &at)?;
    }
    Ok(())
}
