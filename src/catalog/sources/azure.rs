//! Azure reservations and the NP (FPGA) sizes.
//!
//! Reserved prices: published rows from `data/azure_reserved.csv` (three
//! regions); every other region gets the discount level observed for the same
//! size, else the level in `data/azure_reserved_levels.csv`, else the smallest
//! discount observed in the same family (NC, ND, NV…), else the smallest
//! observed for any size; derived prices say so and from what.

use super::builder::{family_of, flag, Builder, OfferDraft};
use super::fields::records;
use crate::catalog::schema::{Prices, Source, Text};

struct Published {
    instance: String,
    region: String,
    hourly_1y: Option<f64>,
    hourly_3y: Option<f64>,
    pct_off_1y: Option<f64>,
    pct_off_3y: Option<f64>,
    source: String,
}

struct Level {
    pattern: String,
    pct_off_1y: f64,
    pct_off_3y: f64,
    basis: String,
}

/// `Standard_NC*s_v3` matches `Standard_NC6s_v3`: `*` is any run of characters.
fn glob_match(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

fn read_published(text: &str) -> Result<Vec<Published>, String> {
    let (cols, rows) = records("azure_reserved.csv", text)?;
    rows.iter()
        .map(|r| {
            Ok(Published {
                instance: cols.text(r, "instance")?.to_string(),
                region: cols.text(r, "region")?.to_string(),
                hourly_1y: cols.number(r, "reserved_1y_hourly")?,
                hourly_3y: cols.number(r, "reserved_3y_hourly")?,
                pct_off_1y: cols.number(r, "pct_off_1y")?,
                pct_off_3y: cols.number(r, "pct_off_3y")?,
                source: format!(
                    "{} {} ({})",
                    cols.text(r, "source_repo")?,
                    cols.text(r, "source_path")?,
                    cols.text(r, "source_date")?
                ),
            })
        })
        .collect()
}

fn read_levels(text: &str) -> Result<Vec<Level>, String> {
    let (cols, rows) = records("azure_reserved_levels.csv", text)?;
    rows.iter()
        .map(|r| {
            Ok(Level {
                pattern: cols.text(r, "pattern")?.to_string(),
                pct_off_1y: cols.required_number(r, "pct_off_1y")?,
                pct_off_3y: cols.required_number(r, "pct_off_3y")?,
                basis: format!("{} [{}]", cols.text(r, "basis")?, cols.text(r, "source")?),
            })
        })
        .collect()
}

pub fn read_azure_reserved(published_csv: &str, levels_csv: &str, builder: &mut Builder) -> Result<(), String> {
    let published = read_published(published_csv)?;
    let levels = read_levels(levels_csv)?;
    let azure: Vec<usize> = (0..builder.offers.len()).filter(|&i| builder.offers[i].provider == "azure").collect();
    for i in azure {
        let instance = builder.offers[i].instance.clone();
        let region = builder.regions[builder.offers[i].region as usize].id.clone();
        if let Some(p) =
            published.iter().find(|p| p.instance == instance && p.region == region && p.hourly_1y.is_some())
        {
            for (years, hourly) in [(1, p.hourly_1y), (3, p.hourly_3y)] {
                if let Some(h) = hourly {
                    builder.set_reserved(i, years, h, false);
                }
            }
            builder.flag_offer(i, flag("reserved-source", format!("reserved prices published in {}", p.source)));
            continue;
        }
        let Some(on_demand) = builder.offers[i].prices.on_demand else { continue };
        // The same size's level observed in another region, else the configured level.
        let observed =
            published.iter().find(|p| p.instance == instance && p.pct_off_1y.is_some() && p.pct_off_3y.is_some());
        let (off_1y, off_3y, basis) = match observed {
            Some(p) => (
                p.pct_off_1y.unwrap_or_default(),
                p.pct_off_3y.unwrap_or_default(),
                format!("the discount this size has in {} ({})", p.region, p.source),
            ),
            None => match levels.iter().find(|l| glob_match(&l.pattern, &instance)) {
                Some(l) => (l.pct_off_1y, l.pct_off_3y, l.basis.clone()),
                None => match smallest_observed(&published, Some(&family_of("azure", &instance))) {
                    Some(level) => level,
                    None => match smallest_observed(&published, None) {
                        Some(level) => level,
                        None => continue,
                    },
                },
            },
        };
        builder.set_reserved(i, 1, on_demand * (1.0 - off_1y / 100.0), true);
        builder.set_reserved(i, 3, on_demand * (1.0 - off_3y / 100.0), true);
        let message =
            format!("reserved prices derived: {off_1y}% (1 year) and {off_3y}% (3 years) off on-demand, from {basis}");
        builder.flag_offer(i, flag("reserved-derived", message));
    }
    Ok(())
}

/// The smallest 1- and 3-year discounts published for sizes of `family` (any
/// size when `None`): a size with no observation of its own gets a level the
/// data shows, never a guess above it.
fn smallest_observed(published: &[Published], family: Option<&str>) -> Option<(f64, f64, String)> {
    let rows: Vec<&Published> = published
        .iter()
        .filter(|p| family.is_none_or(|f| family_of("azure", &p.instance) == f))
        .filter(|p| p.pct_off_1y.is_some() && p.pct_off_3y.is_some())
        .collect();
    let off_1y = rows.iter().filter_map(|p| p.pct_off_1y).min_by(f64::total_cmp)?;
    let off_3y = rows.iter().filter_map(|p| p.pct_off_3y).min_by(f64::total_cmp)?;
    let scope = family.map_or("any Azure GPU size".to_string(), |f| format!("the {f} family"));
    let basis = format!("the smallest discounts published for {scope} in azure_reserved.csv ({} rows)", rows.len());
    Some((off_1y, off_3y, basis))
}

/// NP-series sizes (Xilinx Alveo U250 FPGAs): specs, no price.
pub fn read_azure_np(text: &str, builder: &mut Builder) -> Result<(), String> {
    let (cols, rows) = records("azure_np.csv", text)?;
    for r in &rows {
        let source = builder.source_index(Source {
            provider: "azure".into(),
            name: cols.text(r, "source")?.into(),
            path: "data/azure_np.csv".into(),
            commit: Text::default(),
            snapshot_date: None,
            date_note: "specifications only; no price in our sources".into(),
        });
        for region in cols.text(r, "regions")?.split(';') {
            let draft = OfferDraft {
                provider: "azure".into(),
                instance: cols.text(r, "instance")?.to_string(),
                region: region.trim().to_string(),
                accelerator: cols.text(r, "accelerator")?.to_string(),
                gpu_count: cols.required_number(r, "count")?,
                vcpus: cols.number(r, "vcpus")?,
                memory_gib: cols.number(r, "memory_gib")?,
                prices: Prices::default(),
                flags: vec![flag("source-note", cols.text(r, "notes")?)],
                ..OfferDraft::default()
            };
            builder.add(draft, source, "azure_np.csv")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::glob_match;

    #[test]
    fn glob_patterns_match_size_names() {
        assert!(glob_match("Standard_NC*s_v3", "Standard_NC6s_v3"));
        assert!(glob_match("Standard_NC*s_v3", "Standard_NC24s_v3"));
        assert!(!glob_match("Standard_NC*s_v3", "Standard_NC24rs_v3x"));
        assert!(glob_match("Standard_N*", "Standard_NV12s_v3"));
        assert!(glob_match("Standard_ND40rs_v2", "Standard_ND40rs_v2"));
        assert!(!glob_match("Standard_ND40rs_v2", "Standard_ND40rs_v3"));
    }
}
