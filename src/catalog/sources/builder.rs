//! Collects offers from every source reader and checks each one the same way:
//! accelerator known (through aliases), region known, prices positive, spot
//! and reserved not above on-demand, one offer per key. What fails is kept
//! with a flag or stops the build with the row named; nothing is dropped.

use crate::catalog::schema::{Accelerator, Flag, Offer, OriginalPrice, Prices, Region, Source, Text};
use std::collections::HashMap;

use super::regions::unknown_region;

/// One offer as a reader found it, before validation and indexing.
#[derive(Debug, Clone, Default)]
pub struct OfferDraft {
    pub provider: String,
    pub instance: String,
    pub region: String,
    pub accelerator: String,
    pub gpu_count: f64,
    /// `None`: the accelerator's spec memory.
    pub memory_per_gpu_gib: Option<f64>,
    pub vcpus: Option<f64>,
    pub memory_gib: Option<f64>,
    pub prices: Prices,
    pub original_price: Option<OriginalPrice>,
    pub flags: Vec<Flag>,
}

pub fn flag(code: &str, message: impl Into<String>) -> Flag {
    Flag { code: code.into(), message: message.into().into() }
}

#[derive(Default)]
pub struct Builder {
    pub accelerators: Vec<Accelerator>,
    pub aliases: Vec<(Text, Text)>,
    pub regions: Vec<Region>,
    pub sources: Vec<Source>,
    pub flags: Vec<Flag>,
    pub offers: Vec<Offer>,
    /// Source rows left out on purpose, each with its reason, for the build report.
    pub dropped: Vec<String>,
    /// Each offer's flag indexes while building; `take_flag_sets` stores them as sets.
    offer_flags: Vec<Vec<u32>>,
    keys: HashMap<(String, String, String), usize>,
}

impl Builder {
    pub fn new(accelerators: Vec<Accelerator>, aliases: Vec<(Text, Text)>, regions: Vec<Region>) -> Self {
        Builder { accelerators, aliases, regions, ..Builder::default() }
    }

    /// The index of an accelerator by key or alias.
    pub fn accelerator_index(&self, key: &str) -> Option<usize> {
        let canonical = self.aliases.iter().find(|(a, _)| a == key).map_or(key, |(_, c)| c.as_str());
        self.accelerators.iter().position(|a| a.key == canonical)
    }

    pub fn source_index(&mut self, source: Source) -> u32 {
        let index = self.sources.iter().position(|s| *s == source).unwrap_or_else(|| {
            self.sources.push(source);
            self.sources.len() - 1
        });
        index as u32
    }

    /// The index of `flag` in the shared table, adding it if new.
    pub fn flag_index(&mut self, flag: Flag) -> u32 {
        let index = self.flags.iter().position(|f| *f == flag).unwrap_or_else(|| {
            self.flags.push(flag);
            self.flags.len() - 1
        });
        index as u32
    }

    fn region_index(&mut self, provider: &str, id: &str, flags: &mut Vec<Flag>) -> u32 {
        if let Some(i) = self.regions.iter().position(|g| g.provider == provider && g.id == id) {
            return i as u32;
        }
        flags.push(flag("region-unknown", format!("region `{id}` has no metadata (name, country, jurisdiction)")));
        self.regions.push(unknown_region(provider, id));
        (self.regions.len() - 1) as u32
    }

    /// The offer with this key, for readers that add prices to existing offers.
    pub fn find(&self, provider: &str, instance: &str, region: &str) -> Option<usize> {
        self.keys.get(&(provider.to_string(), instance.to_string(), region.to_string())).copied()
    }

    /// Validates and adds one offer. `at` names the source row for errors.
    pub fn add(&mut self, mut d: OfferDraft, source: u32, at: &str) -> Result<(), String> {
        let accelerator = self
            .accelerator_index(&d.accelerator)
            .ok_or_else(|| format!("{at}: accelerator `{}` has no spec row (gpu_specs.csv)", d.accelerator))?;
        let (accelerator, memory_note) = self.check_memory(accelerator, &mut d);
        if let Some(note) = memory_note {
            d.flags.push(note);
        }
        let spec_memory = self.accelerators[accelerator].memory_gib;
        let memory_per_gpu_gib = d.memory_per_gpu_gib.or(spec_memory).filter(|m| *m > 0.0);
        if memory_per_gpu_gib.is_none() {
            d.flags.push(flag("gpu-memory-unknown", "no source gives this accelerator's memory"));
        }
        if !(d.gpu_count > 0.0 && d.gpu_count.is_finite()) {
            return Err(format!("{at}: GPU count must be positive, got {}", d.gpu_count));
        }
        let slices = whole_slices(d.gpu_count);
        if let Some(n) = slices {
            // Sources round 1/3 to 0.333; the partition is exact, and memory must
            // not fall below what the slice really has (8 GiB of a 24 GiB A10).
            d.gpu_count = 1.0 / n;
        }
        if d.gpu_count < 1.0 {
            d.flags.push(flag("fractional-gpu", format!("a {:.3} share of one GPU (vGPU partition)", d.gpu_count)));
        }
        let mut prices = d.prices;
        check_prices(&mut prices, &mut d.flags);
        if let Some(s) = self.sources.get(source as usize).filter(|s| s.snapshot_date.is_none()) {
            d.flags.push(flag("undated", format!("the source gives no snapshot date: {}", s.date_note)));
        }
        let region = self.region_index(&d.provider, &d.region, &mut d.flags);
        let key = (d.provider.clone(), d.instance.clone(), d.region.clone());
        if self.keys.contains_key(&key) {
            return Err(format!("{at}: offer {}/{} in {} appears twice", d.provider, d.instance, d.region));
        }
        self.keys.insert(key, self.offers.len());
        let flags = std::mem::take(&mut d.flags).into_iter().map(|f| self.flag_index(f)).collect();
        self.offer_flags.push(flags);
        self.offers.push(Offer {
            family: family_of(&d.provider, &d.instance).into(),
            region,
            accelerator: accelerator as u32,
            gpu_memory_gib: memory_per_gpu_gib.map(|m| slices.map_or(d.gpu_count * m, |n| m / n)),
            gpu_count: d.gpu_count,
            memory_per_gpu_gib,
            vcpus: d.vcpus,
            memory_gib: d.memory_gib,
            prices,
            original_price: d.original_price,
            source,
            flag_set: 0,
            rdma_declared: None,
            provider: d.provider.into(),
            instance: d.instance.into(),
        });
        Ok(())
    }

    /// A per-GPU memory far above the chip's spec is either the instance total
    /// (count × spec: corrected to the spec) or a larger variant of the chip
    /// (A100 with 80 GiB is an A100-80GB: switched); anything else is flagged.
    fn check_memory(&self, accelerator: usize, d: &mut OfferDraft) -> (usize, Option<Flag>) {
        let (Some(stated), Some(spec)) = (d.memory_per_gpu_gib, self.accelerators[accelerator].memory_gib) else {
            return (accelerator, None);
        };
        if stated <= spec * 1.05 {
            return (accelerator, None);
        }
        let key = &self.accelerators[accelerator].key;
        let prefix = format!("{key}-");
        let variant = self.accelerators.iter().position(|a| {
            a.key.starts_with(&prefix)
                && a.memory_gib.is_some_and(|m| (m - stated).abs() <= stated * 0.05)
                && a.architecture == self.accelerators[accelerator].architecture
        });
        if let Some(v) = variant {
            let message = format!("{key} with {stated} GiB per GPU is the {} variant", self.accelerators[v].key);
            return (v, Some(flag("corrected", message)));
        }
        if stated <= spec * 1.25 {
            return (accelerator, None);
        }
        if d.gpu_count > 1.0 && (stated - spec * d.gpu_count).abs() <= spec * d.gpu_count * 0.02 {
            d.memory_per_gpu_gib = Some(spec);
            let message =
                format!("the source gives {stated} GiB per GPU, the instance total; one {key} has {spec} GiB");
            return (accelerator, Some(flag("corrected", message)));
        }
        (
            accelerator,
            Some(flag("memory-mismatch", format!("the source gives {stated} GiB per GPU; a {key} has {spec} GiB"))),
        )
    }

    /// Adds a flag to an existing offer.
    pub fn flag_offer(&mut self, offer: usize, f: Flag) {
        let index = self.flag_index(f);
        if let Some(flags) = self.offer_flags.get_mut(offer) {
            if !flags.contains(&index) {
                flags.push(index);
            }
        }
    }

    /// Stores each offer's flags as one of the distinct sets and returns the sets.
    pub fn take_flag_sets(&mut self) -> Vec<Vec<u32>> {
        let mut sets: Vec<Vec<u32>> = Vec::new();
        let mut index: HashMap<Vec<u32>, u32> = HashMap::new();
        for (o, flags) in self.offers.iter_mut().zip(std::mem::take(&mut self.offer_flags)) {
            o.flag_set = *index.entry(flags).or_insert_with_key(|f| {
                sets.push(f.clone());
                (sets.len() - 1) as u32
            });
        }
        sets
    }

    /// Sets a reserved price on an offer, refusing (with a flag) one above on-demand.
    pub fn set_reserved(&mut self, offer: usize, years: u8, usd_per_hour: f64, derived: bool) {
        let Some(o) = self.offers.get_mut(offer) else { return };
        let on_demand = o.prices.on_demand;
        if !(usd_per_hour > 0.0 && usd_per_hour.is_finite()) || on_demand.is_some_and(|od| usd_per_hour > od + 1e-9) {
            let message = format!(
                "published {years}-year reserved ${usd_per_hour}/h is not positive or is above on-demand; treated as unknown"
            );
            self.flag_offer(offer, flag("reserved-above-on-demand", message));
            return;
        }
        let p = &mut o.prices;
        if years == 1 {
            p.reserved_1y = Some(usd_per_hour);
            p.reserved_1y_derived = derived;
        } else {
            p.reserved_3y = Some(usd_per_hour);
            p.reserved_3y_derived = derived;
        }
    }
}

/// A price must be positive and finite; spot may not exceed on-demand.
fn check_prices(prices: &mut Prices, flags: &mut Vec<Flag>) {
    for (kind, slot) in [("on-demand", &mut prices.on_demand), ("spot", &mut prices.spot)] {
        if let Some(v) = *slot {
            if !(v > 0.0 && v.is_finite()) {
                flags.push(flag("price-invalid", format!("{kind} price {v} is not positive; treated as unknown")));
                *slot = None;
            }
        }
    }
    if let (Some(spot), Some(on_demand)) = (prices.spot, prices.on_demand) {
        // Some sources copy the on-demand price into the spot column where no
        // spot market exists; that is not a spot price.
        if spot == on_demand {
            flags.push(flag(
                "spot-equals-on-demand",
                format!("the source's spot price equals on-demand (${on_demand}/h): not a real spot price; treated as unknown"),
            ));
            prices.spot = None;
        } else if spot > on_demand {
            flags.push(flag(
                "spot-above-on-demand",
                format!("published spot ${spot}/h is above on-demand ${on_demand}/h; spot treated as unknown"),
            ));
            prices.spot = None;
        }
    }
    if prices.on_demand.is_none() {
        flags.push(flag("price-unknown", "no usable on-demand price in the source"));
    }
}

/// The provider's family name for an instance type.
pub fn family_of(provider: &str, instance: &str) -> String {
    match provider {
        // Standard_ND96isr_H100_v5 → ND; Standard_NCC40ads_H100_v5 → NCC.
        "azure" => instance.trim_start_matches("Standard_").chars().take_while(|c| c.is_ascii_uppercase()).collect(),
        // p4d.24xlarge → p4d
        "aws" => instance.split('.').next().unwrap_or_default().to_string(),
        // a3-highgpu-8g → a3; n1-highmem-8+1xT4 → n1
        "gcp" => instance.split('-').next().unwrap_or_default().to_string(),
        // ecs.gn7i-c8g1.2xlarge → gn7i
        "alibaba" => instance.trim_start_matches("ecs.").split(['-', '.']).next().unwrap_or_default().to_string(),
        _ => String::new(),
    }
}

/// `n` when `count` is the share 1/n of one GPU, as sources print it rounded
/// (0.333, 0.1667); `None` for whole GPUs and for shares of no such form.
pub fn whole_slices(count: f64) -> Option<f64> {
    if !(count > 0.0 && count < 1.0) {
        return None;
    }
    let n = (1.0 / count).round();
    ((2.0..=64.0).contains(&n) && (count - 1.0 / n).abs() <= 0.0015).then_some(n)
}
