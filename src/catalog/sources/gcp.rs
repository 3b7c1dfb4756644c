//! Google Cloud prices from `data/gcp_pricing.yml` (generated from Google's
//! billing SKUs by Cyclenerd/google-cloud-pricing-cost-calculator, Apache-2.0):
//! on-demand, spot and 1- and 3-year committed use per instance and region.
//!
//! The file is large and regular, so it is read by indentation rather than by
//! a general YAML parser: `compute.instance.<type>` holds the GPU key and count,
//! `cpu`, `ram`, and `cost.<region>.{hour, hour_spot, month_1y, month_3y}`.

use super::builder::{Builder, OfferDraft};
use crate::catalog::schema::{Prices, Source, Text};

/// The file's GPU keys and our accelerator keys.
const GPU_KEYS: [(&str, &str); 6] = [
    ("a100", "A100"),
    ("a100-80gb", "A100-80GB"),
    ("h100-80gb", "H100"),
    ("h100-80gb-mega", "H100"),
    ("l4", "L4"),
    // G4 machines carry the RTX PRO 6000 Blackwell Server Edition.
    ("rtx6000", "RTXPRO6000"),
];

/// Committed-use and monthly figures are hourly × 730 in this file.
const HOURS_PER_MONTH: f64 = 730.0;

#[derive(Default, Debug)]
struct Instance {
    name: String,
    gpu: Option<(String, f64)>,
    cpu: Option<f64>,
    ram_gib: Option<f64>,
    costs: Vec<(String, RegionCost)>,
}

#[derive(Default, Debug, Clone, Copy)]
struct RegionCost {
    hour: Option<f64>,
    hour_spot: Option<f64>,
    month_1y: Option<f64>,
    month_3y: Option<f64>,
}

/// The generation date in the file's `about.generated` line, as yyyy-mm-dd.
fn generated_date(text: &str) -> Option<String> {
    let line = text.lines().find(|l| l.trim_start().starts_with("generated:"))?;
    // "generated: Thu Jul 30 06:13:17 2026"
    let words: Vec<&str> = line.split_whitespace().collect();
    let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .iter()
        .position(|m| words.get(2) == Some(m))?;
    let day: u32 = words.get(3)?.parse().ok()?;
    let year: u32 = words.get(5)?.parse().ok()?;
    Some(format!("{year:04}-{:02}-{day:02}", month + 1))
}

fn key_value(line: &str) -> Option<(usize, &str, &str)> {
    let indent = line.len() - line.trim_start().len();
    let (key, value) = line.trim().split_once(':')?;
    Some((indent, key.trim(), value.trim()))
}

fn parse_instances(text: &str) -> Result<Vec<Instance>, String> {
    let mut out = Vec::new();
    let mut section = (false, false); // inside compute:, inside compute.instance:
    let mut current: Option<Instance> = None;
    let mut region: Option<(String, RegionCost)> = None;
    let finish_region = |inst: &mut Option<Instance>, region: &mut Option<(String, RegionCost)>| {
        if let (Some(i), Some(r)) = (inst.as_mut(), region.take()) {
            i.costs.push(r);
        }
    };
    for (n, line) in text.lines().enumerate() {
        let Some((indent, key, value)) = key_value(line) else { continue };
        match indent {
            0 => section = (key == "compute", false),
            2 if section.0 => section.1 = key == "instance",
            _ => {}
        }
        if !(section.0 && section.1) || indent < 4 {
            finish_region(&mut current, &mut region);
            if let Some(i) = current.take() {
                out.push(i);
            }
            continue;
        }
        let number =
            || value.parse::<f64>().map_err(|_| format!("gcp_pricing.yml:{}: `{value}` is not a number", n + 1));
        match indent {
            4 => {
                finish_region(&mut current, &mut region);
                if let Some(i) = current.take() {
                    out.push(i);
                }
                current = Some(Instance { name: key.to_string(), ..Instance::default() });
            }
            6 => {
                finish_region(&mut current, &mut region);
                let Some(i) = current.as_mut() else { continue };
                match key {
                    "cpu" => i.cpu = Some(number()?),
                    "ram" => i.ram_gib = Some(number()?),
                    "cost" => {}
                    k if GPU_KEYS.iter().any(|(g, _)| *g == k) => i.gpu = Some((k.to_string(), number()?)),
                    _ => {}
                }
            }
            8 => {
                finish_region(&mut current, &mut region);
                region = Some((key.to_string(), RegionCost::default()));
            }
            10 => {
                if let Some((_, c)) = region.as_mut() {
                    match key {
                        "hour" => c.hour = Some(number()?),
                        "hour_spot" => c.hour_spot = Some(number()?),
                        "month_1y" => c.month_1y = Some(number()?),
                        "month_3y" => c.month_3y = Some(number()?),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    finish_region(&mut current, &mut region);
    if let Some(i) = current.take() {
        out.push(i);
    }
    Ok(out)
}

/// GPU instance types this file prices (so offers.csv's GCP rows for them are skipped).
pub fn priced_types(text: &str) -> Result<Vec<String>, String> {
    Ok(parse_instances(text)?.into_iter().filter(|i| i.gpu.is_some()).map(|i| i.name).collect())
}

pub fn read_gcp(text: &str, builder: &mut Builder) -> Result<(), String> {
    let date = generated_date(text).ok_or("gcp_pricing.yml: no `generated:` date")?;
    let instances = parse_instances(text)?;
    if !instances.iter().any(|i| i.gpu.is_some()) {
        return Ok(());
    }
    let source = builder.source_index(Source {
        provider: "gcp".into(),
        name: "Cyclenerd/google-cloud-pricing-cost-calculator (Google billing SKUs; Apache-2.0)".into(),
        path: "pricing.yml".into(),
        commit: Text::default(),
        snapshot_date: Some(date.into()),
        date_note: Text::default(),
    });
    for inst in instances {
        let Some((gpu_key, count)) = &inst.gpu else { continue };
        let accelerator = GPU_KEYS.iter().find(|(g, _)| g == gpu_key).map_or("", |(_, a)| *a);
        for (region, cost) in &inst.costs {
            let at = format!("gcp_pricing.yml: {} {region}", inst.name);
            let draft = OfferDraft {
                provider: "gcp".into(),
                instance: inst.name.clone(),
                region: region.clone(),
                accelerator: accelerator.to_string(),
                gpu_count: *count,
                vcpus: inst.cpu,
                memory_gib: inst.ram_gib,
                prices: Prices { on_demand: cost.hour, spot: cost.hour_spot, ..Prices::default() },
                ..OfferDraft::default()
            };
            builder.add(draft, source, &at)?;
            let Some(offer) = builder.find("gcp", &inst.name, region) else { continue };
            if let Some(m) = cost.month_1y {
                builder.set_reserved(offer, 1, m / HOURS_PER_MONTH, false);
            }
            if let Some(m) = cost.month_3y {
                builder.set_reserved(offer, 3, m / HOURS_PER_MONTH, false);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "---\nabout:\n  generated: Thu Jul 30 06:13:17 2026\ncompute:\n  instance:\n    a3-highgpu-8g:\n      cost:\n        us-central1:\n          hour: 88.49\n          hour_spot: 50.6\n          month: 64597.7\n          month_1y: 44810.08\n          month_3y: 28370.99\n      cpu: 208\n      h100-80gb: 8\n      ram: 1872\n    n2-standard-2:\n      cost:\n        us-central1:\n          hour: 0.1\n  license:\n    a3-highgpu-8g:\n      cost:\n        rhel:\n          hour: 2.0\n";

    #[test]
    fn reads_instances_with_gpus_and_their_region_costs() {
        let all = parse_instances(SAMPLE).unwrap();
        assert_eq!(all.len(), 2, "{all:?}");
        let a3 = &all[0];
        assert_eq!(a3.name, "a3-highgpu-8g");
        assert_eq!(a3.gpu, Some(("h100-80gb".to_string(), 8.0)));
        assert_eq!((a3.cpu, a3.ram_gib), (Some(208.0), Some(1872.0)));
        assert_eq!(a3.costs.len(), 1);
        let (region, cost) = &a3.costs[0];
        assert_eq!(region, "us-central1");
        assert_eq!(cost.hour, Some(88.49));
        assert_eq!(cost.month_3y, Some(28370.99));
        assert_eq!(priced_types(SAMPLE).unwrap(), ["a3-highgpu-8g"]);
        assert_eq!(generated_date(SAMPLE).as_deref(), Some("2026-07-30"));
    }
}
