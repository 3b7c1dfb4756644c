//! Dated price observations (copied from public price-tracking datasets: each
//! row a provider's published price on a day, with its repository, path and
//! commit) date the offers whose own source states no date.
//!
//! For an undated offer, the observations of its product (`sku_map.csv`
//! names which published SKUs an instance type is) are compared per GPU-hour:
//! - the newest observation shows the offer's price: the offer is dated by it;
//! - an older observation shows the offer's price and the newest another: the
//!   price moved since, and the offer takes the newest price with its date;
//! - no observation shows the offer's price: it stays undated (nothing says
//!   when that price held).
//!
//! Spot is taken from a spot observation at most `SPOT_WINDOW_DAYS` older
//! than the on-demand one; a spot price that is really another product's
//! price (RunPod's Community Cloud) is removed, with a note.

use crate::table::{number_cell, Table};
use gpuplan::catalog::sources::fields::{days_since_epoch, is_iso_date};

/// Two prices per GPU-hour closer than this are the same published price (cents).
const SAME_PRICE_USD: f64 = 0.005;
/// A spot observation this much older than the on-demand one is not shown beside it.
pub const SPOT_WINDOW_DAYS: i64 = 60;

#[derive(Debug, Clone)]
struct Observation {
    date: String,
    provider: String,
    sku: String,
    pricing: String,
    usd_per_gpu_hour: f64,
    repo: String,
    path: String,
    commit: String,
}

#[derive(Debug, Clone)]
struct SkuMap {
    provider: String,
    instance_glob: String,
    observed_provider: String,
    sku: String,
    pricing: String,
}

/// `*` matches any run of characters; everything else itself.
fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || !text[first.len()..].ends_with(last) || text.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

fn read_observations(name: &str, text: &str) -> Result<Vec<Observation>, String> {
    let t = Table::parse(name, text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("{name}: {e}"));
    let c = [
        col("observed_date")?,
        col("provider")?,
        col("sku_as_published")?,
        col("pricing")?,
        col("usd_per_gpu_hour")?,
        col("source_repo")?,
        col("source_path")?,
        col("source_commit")?,
    ];
    let mut out = Vec::new();
    for (n, row) in t.rows.iter().enumerate() {
        let date: String = row[c[0]].chars().take(10).collect();
        if !is_iso_date(&date) {
            return Err(format!("{name}:{}: `observed_date` `{}` is not a date", n + 2, row[c[0]]));
        }
        let price: f64 = row[c[4]].parse().ok().filter(|p: &f64| p.is_finite() && *p > 0.0).ok_or(format!(
            "{name}:{}: `usd_per_gpu_hour` `{}` is not a price",
            n + 2,
            row[c[4]]
        ))?;
        out.push(Observation {
            date,
            provider: row[c[1]].clone(),
            sku: row[c[2]].clone(),
            pricing: row[c[3]].clone(),
            usd_per_gpu_hour: price,
            repo: row[c[5]].clone(),
            path: row[c[6]].clone(),
            commit: row[c[7]].clone(),
        });
    }
    Ok(out)
}

fn read_map(text: &str) -> Result<Vec<SkuMap>, String> {
    let t = Table::parse("sku_map.csv", text)?;
    let col = |n: &str| t.column(n).map_err(|e| format!("sku_map.csv: {e}"));
    let c =
        [col("provider")?, col("instance_glob")?, col("observed_provider")?, col("sku_as_published")?, col("pricing")?];
    col("basis")?;
    Ok(t.rows
        .iter()
        .map(|r| SkuMap {
            provider: r[c[0]].clone(),
            instance_glob: r[c[1]].clone(),
            observed_provider: r[c[2]].clone(),
            sku: r[c[3]].clone(),
            pricing: r[c[4]].clone(),
        })
        .collect())
}

/// How many offers each rule touched, for the report.
#[derive(Debug, Default, PartialEq)]
pub struct Dated {
    pub same_price: usize,
    pub price_moved: usize,
    pub no_match: usize,
    pub community_not_spot: usize,
}

fn money(v: f64) -> String {
    format!("${}", (v * 10_000.0).round() / 10_000.0)
}

/// Dates the undated rows of `offers` from the observations; returns what it did per provider.
pub fn apply(
    offers: &mut Table,
    observations_name: &str,
    observations_text: &str,
    map_text: &str,
) -> Result<std::collections::BTreeMap<String, Dated>, String> {
    let obs = read_observations(observations_name, observations_text)?;
    let map = read_map(map_text)?;
    let col = |n: &str| offers.column(n);
    let (provider_c, instance_c, count_c) = (col("provider")?, col("instance_type")?, col("accelerator_count")?);
    let (od_c, spot_c, date_c) = (col("ondemand_usd_per_hour")?, col("spot_usd_per_hour")?, col("snapshot_date")?);
    let (repo_c, path_c, commit_c, notes_c) =
        (col("source_repo")?, col("source_path")?, col("source_commit")?, col("notes")?);
    let mut done: std::collections::BTreeMap<String, Dated> = Default::default();
    for row in offers.rows.iter_mut() {
        if is_iso_date(&row[date_c]) {
            continue;
        }
        let (provider, instance) = (row[provider_c].clone(), row[instance_c].clone());
        // The first glob that matches this instance decides its SKUs (NVLink before plain).
        let Some(glob_of) = map.iter().find(|m| m.provider == provider && glob(&m.instance_glob, &instance)) else {
            continue;
        };
        let of = |pricing: &str| -> Vec<&Observation> {
            let mut v: Vec<&Observation> = obs
                .iter()
                .filter(|o| {
                    map.iter().any(|m| {
                        m.provider == provider
                            && m.instance_glob == glob_of.instance_glob
                            && m.pricing == pricing
                            && m.observed_provider == o.provider
                            && m.sku == o.sku
                    }) && o.pricing == pricing
                })
                .collect();
            v.sort_by(|a, b| a.date.cmp(&b.date));
            v
        };
        let (Ok(count), Ok(on_demand)) = (row[count_c].parse::<f64>(), row[od_c].parse::<f64>()) else { continue };
        if count <= 0.0 {
            continue;
        }
        let per_gpu = on_demand / count;
        let on_demand_obs = of("on_demand");
        let Some(newest) = on_demand_obs.last().copied() else { continue };
        // Two different prices on the newest day (a page listing two tiers) say nothing sure.
        let newest_day: Vec<&&Observation> = on_demand_obs.iter().filter(|o| o.date == newest.date).collect();
        if newest_day.iter().any(|o| (o.usd_per_gpu_hour - newest.usd_per_gpu_hour).abs() >= SAME_PRICE_USD) {
            continue;
        }
        let stats = done.entry(provider.clone()).or_default();
        let mut notes: Vec<String> = if row[notes_c].is_empty() { Vec::new() } else { vec![row[notes_c].clone()] };
        // A "spot" price that is the Community Cloud price is another product's price: removed, dated or not.
        let file_spot: Option<f64> = row[spot_c].parse().ok();
        if let Some(v) = file_spot {
            if of("community").iter().any(|c| (c.usd_per_gpu_hour - v / count).abs() < SAME_PRICE_USD) {
                stats.community_not_spot += 1;
                row[spot_c] = String::new();
                notes.push(format!(
                    "the file's SpotPrice {}/GPU-h is the Community Cloud price (another product), not a spot price: removed",
                    money(v / count)
                ));
                row[notes_c] = notes.join("; ");
            }
        }
        let file_spot: Option<f64> = row[spot_c].parse().ok();
        let same = |o: &&Observation| (o.usd_per_gpu_hour - per_gpu).abs() < SAME_PRICE_USD;
        let was = format!("{} @{}", row[path_c], row[commit_c]);
        if same(&newest) {
            stats.same_price += 1;
            notes.push(format!(
                "price as in skypilot-org/skypilot-catalog {was} (undated); the same {}/GPU-h observed {} ({})",
                money(per_gpu),
                newest.date,
                newest.repo
            ));
        } else if let Some(last_same) = on_demand_obs.iter().rfind(|o| same(o)) {
            stats.price_moved += 1;
            let since = on_demand_obs
                .iter()
                .find(|o| {
                    o.date > last_same.date && (o.usd_per_gpu_hour - newest.usd_per_gpu_hour).abs() < SAME_PRICE_USD
                })
                .map_or(newest.date.clone(), |o| o.date.clone());
            notes.push(format!(
                "price moved: skypilot-org/skypilot-catalog {was} (undated) had {}/GPU-h, observed until {}; {}/GPU-h observed from {since} to {} ({})",
                money(per_gpu),
                last_same.date,
                money(newest.usd_per_gpu_hour),
                newest.date,
                newest.repo
            ));
            row[od_c] = number_cell(Some((newest.usd_per_gpu_hour * count * 10_000.0).round() / 10_000.0));
        } else {
            stats.no_match += 1;
            continue;
        }
        // Spot: the file's spot value is as undated as its on-demand one.
        let newest_days = days_since_epoch(&newest.date).unwrap_or_default();
        let spot = of("spot")
            .last()
            .copied()
            .filter(|s| newest_days - days_since_epoch(&s.date).unwrap_or(i64::MIN / 2) <= SPOT_WINDOW_DAYS);
        match (spot, file_spot) {
            (Some(s), _) => {
                row[spot_c] = number_cell(Some((s.usd_per_gpu_hour * count * 10_000.0).round() / 10_000.0));
                notes.push(format!("spot {}/GPU-h observed {} ({})", money(s.usd_per_gpu_hour), s.date, s.repo));
            }
            (None, Some(v)) => {
                row[spot_c] = String::new();
                notes.push(format!(
                    "the file's undated spot price {} is not shown beside the dated on-demand price",
                    money(v)
                ));
            }
            (None, None) => {}
        }
        row[date_c] = newest.date.clone();
        row[repo_c] = newest.repo.clone();
        row[path_c] = newest.path.clone();
        row[commit_c] = newest.commit.clone();
        row[notes_c] = notes.join("; ");
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "observed_date,observed_at_as_published,provider,sku_as_published,gpu_count,pricing,usd_per_instance_hour,usd_per_gpu_hour,source_repo,source_path,source_commit,note\n";
    const MAP: &str = "provider,instance_glob,observed_provider,sku_as_published,pricing,basis\n\
        nebius,gpu-h100-*,nebius,HGX H100,on_demand,b\n\
        nebius,gpu-h100-*,nebius,HGX H100,spot,b\n\
        runpod,*_SECURE,runpod,A100 (Secure),on_demand,b\n\
        runpod,*_SECURE,runpod,A100 (Community),community,b\n";

    fn offers(rows: &str) -> Table {
        Table::parse(
            "offers.csv",
            &format!("provider,instance_type,accelerator_count,ondemand_usd_per_hour,spot_usd_per_hour,snapshot_date,source_repo,source_path,source_commit,notes\n{rows}"),
        )
        .unwrap()
    }

    fn obs(rows: &[&str]) -> String {
        let mut s = HEADER.to_string();
        for r in rows {
            s.push_str(r);
            s.push('\n');
        }
        s
    }

    #[test]
    fn a_newer_observed_price_replaces_the_undated_one_with_its_date() {
        let mut t =
            offers("nebius,gpu-h100-8,8,23.6,10.0,undated,skypilot-org/skypilot-catalog,v8/nebius/vms.csv,abc,\n");
        let o = obs(&[
            "2025-07-25,x,nebius,HGX H100,1,on_demand,2.95,2.95,r/a,p,c1,",
            "2026-07-12,x,nebius,HGX H100,1,on_demand,3.85,3.85,r/a,p,c1,",
            "2026-09-21,x,nebius,HGX H100,1,spot,2.15,2.15,r/a,p,c1,",
            "2026-10-10,x,nebius,HGX H100,1,on_demand,4.5,4.5,r/b,q,c2,",
        ]);
        let done = apply(&mut t, "o.csv", &o, MAP).unwrap();
        assert_eq!(done["nebius"].price_moved, 1);
        let r = &t.rows[0];
        assert_eq!((r[3].as_str(), r[4].as_str(), r[5].as_str(), r[6].as_str()), ("36.0", "17.2", "2026-10-10", "r/b"));
        assert!(r[9].contains("observed until 2025-07-25"), "{}", r[9]);
        assert!(r[9].contains("$4.5/GPU-h observed from 2026-10-10"), "{}", r[9]);
    }

    #[test]
    fn the_same_price_dates_the_offer_and_a_community_price_is_not_spot() {
        let mut t = offers("runpod,1x_A100_SECURE,1,1.64,1.19,undated,s,v7/runpod/vms.csv,abc,\n");
        let o = obs(&[
            "2025-10-10,x,runpod,A100 (Secure),1,on_demand,1.64,1.64,r/a,p,c,",
            "2025-10-10,x,runpod,A100 (Community),1,community,1.19,1.19,r/a,p,c,",
        ]);
        let done = apply(&mut t, "o.csv", &o, MAP).unwrap();
        assert_eq!((done["runpod"].same_price, done["runpod"].community_not_spot), (1, 1));
        let r = &t.rows[0];
        assert_eq!((r[3].as_str(), r[4].as_str(), r[5].as_str()), ("1.64", "", "2025-10-10"));
        assert!(r[9].contains("Community Cloud price"), "{}", r[9]);
    }

    #[test]
    fn a_price_no_observation_shows_stays_undated() {
        let mut t = offers("nebius,gpu-h100-1,1,9.99,,undated,s,p,c,\n");
        let o = obs(&["2026-10-10,x,nebius,HGX H100,1,on_demand,4.5,4.5,r/b,q,c2,"]);
        let done = apply(&mut t, "o.csv", &o, MAP).unwrap();
        assert_eq!(done["nebius"].no_match, 1);
        assert_eq!(t.rows[0][5], "undated");
    }

    #[test]
    fn globs_match_whole_names() {
        assert!(glob("n3-A100x*-NVLink", "n3-A100x8-NVLink"));
        assert!(!glob("n3-A100x*-NVLink", "n3-A100x8"));
        assert!(glob("n3-A100x*", "n3-A100x8-NVLink"));
        assert!(glob("BM.GPU.H100.8", "BM.GPU.H100.8"));
        assert!(!glob("BM.GPU.H100.8", "BM.GPU.H100.4"));
    }
}
