//! `listOffers`: filter, sort and page the catalog's offers.

use super::age::AgeReference;
use super::schema::{AcceleratorKind, Flag, Jurisdiction, Offer, Prices};
use super::user::{offer_id, Entry, PricedCatalog, UserPrices};
use super::Catalog;
use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// What `listOffers(filter)` accepts. Every field is optional.
#[derive(Deserialize, Debug, Default, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct OfferFilter {
    /// One provider id (`azure`, `aws`, …) …
    pub provider: Option<String>,
    /// … or several.
    #[ts(optional = nullable)]
    pub providers: Vec<String>,
    pub family: Option<String>,
    /// Canonical accelerator key, e.g. `H100`, `A100-80GB`.
    pub accelerator: Option<String>,
    /// Minimum GPU memory of the whole instance.
    pub min_gpu_memory_gib: Option<f64>,
    /// Minimum memory of each GPU device.
    pub min_memory_per_gpu_gib: Option<f64>,
    /// Exact GPU count (fractions for vGPU slices).
    pub gpu_count: Option<f64>,
    pub min_gpu_count: Option<f64>,
    pub max_gpu_count: Option<f64>,
    pub region: Option<String>,
    pub jurisdiction: Option<JurisdictionName>,
    /// The price to sort by (on-demand when absent); offers without it list last.
    pub price_kind: Option<PriceKind>,
    /// Keep only offers that have a known `priceKind` price.
    #[ts(optional = nullable)]
    pub has_price: bool,
    /// Case-insensitive words matched against provider, instance, accelerator and region.
    pub text: Option<String>,
    pub sort: Option<SortKey>,
    #[ts(optional = nullable)]
    pub descending: bool,
    /// At most this many offers (default 100, at most 10,000).
    pub limit: Option<u32>,
    pub offset: Option<u32>,
    /// Your own prices: discounts, overrides, exchange rates, custom offers.
    #[ts(optional = nullable)]
    pub user_prices: UserPrices,
    /// The day price ages are counted on (yyyy-mm-dd): prices more than 365
    /// days older are flagged `stale`. The module fills in the reader's today
    /// (`Date.now()`); give it for a reproducible answer.
    pub today: Option<String>,
}

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub enum PriceKind {
    #[default]
    OnDemand,
    Spot,
    Reserved1y,
    Reserved3y,
}

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, ts_rs::TS)]
#[ts(rename = "Jurisdiction")]
pub enum JurisdictionName {
    #[serde(rename = "EU")]
    Eu,
    #[serde(rename = "US")]
    Us,
    #[serde(rename = "CN")]
    Cn,
    #[serde(rename = "UK")]
    Uk,
    #[serde(rename = "other")]
    Other,
    #[serde(rename = "unknown")]
    Unknown,
}

impl From<Jurisdiction> for JurisdictionName {
    fn from(j: Jurisdiction) -> Self {
        match j {
            Jurisdiction::Eu => JurisdictionName::Eu,
            Jurisdiction::Us => JurisdictionName::Us,
            Jurisdiction::Cn => JurisdictionName::Cn,
            Jurisdiction::Uk => JurisdictionName::Uk,
            Jurisdiction::Other => JurisdictionName::Other,
            Jurisdiction::Unknown => JurisdictionName::Unknown,
        }
    }
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub enum SortKey {
    /// By the price of `priceKind` (on-demand by default); unknown prices last.
    #[default]
    Price,
    PricePerGpu,
    GpuMemory,
    GpuCount,
    Provider,
    Instance,
}

pub const DEFAULT_LIMIT: u32 = 100;
pub const MAX_LIMIT: u32 = 10_000;

/// What `listOffers` returns: the matching count and one page of offers.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct OfferList {
    /// Offers matching the filter, before `limit`/`offset`.
    pub total: usize,
    pub offers: Vec<OfferView>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "Offer")]
pub struct OfferView {
    /// `provider/instance/region`, unique in the catalog.
    pub id: String,
    pub provider: String,
    pub instance: String,
    pub family: String,
    pub region: RegionView,
    pub accelerator: String,
    pub accelerator_name: String,
    pub accelerator_kind: AcceleratorKind,
    pub gpu_count: f64,
    pub memory_per_gpu_gib: Option<f64>,
    /// The instance's total GPU memory (all its GPUs); kept for callers of 0.1.
    pub gpu_memory_gib: Option<f64>,
    /// The same total, named as one.
    pub gpu_memory_total_gib: Option<f64>,
    /// Memory of each GPU (a vGPU slice: the slice's); what fit rules compare with.
    pub gpu_memory_per_gpu_gib: Option<f64>,
    pub vcpus: Option<f64>,
    pub memory_gib: Option<f64>,
    pub prices: PricesView,
    pub source: SourceView,
    pub flags: Vec<Flag>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "Region")]
pub struct RegionView {
    pub id: String,
    pub name_en: String,
    pub name_zh: Option<String>,
    pub city: String,
    pub country: String,
    pub continent: String,
    pub jurisdiction: JurisdictionName,
    /// Grid carbon intensity (gCO2e/kWh) and its dataset; `null` when unknown.
    pub carbon_g_per_kwh: Option<f64>,
    pub carbon_source: String,
    /// Data-centre PUE and its source; `null` when unknown.
    pub pue: Option<f64>,
    pub pue_source: String,
}

/// USD per instance-hour; `null` when unknown.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "Prices")]
pub struct PricesView {
    pub on_demand: Option<f64>,
    pub spot: Option<f64>,
    #[serde(rename = "reserved1y")]
    pub reserved_1y: Option<f64>,
    #[serde(rename = "reserved3y")]
    pub reserved_3y: Option<f64>,
    pub currency: &'static str,
    /// The price as published where that was not USD, and the rate used.
    pub original: Option<OriginalPriceView>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "OriginalPrice")]
pub struct OriginalPriceView {
    pub currency: String,
    pub on_demand: f64,
    /// Units of `currency` per USD used for `onDemand` in USD.
    pub units_per_usd: f64,
    pub rate_date: String,
    pub rate_source: String,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "OfferSource")]
pub struct SourceView {
    pub name: String,
    pub path: String,
    pub commit: String,
    /// Snapshot date (yyyy-mm-dd), `null` when the source is undated.
    pub date: Option<String>,
    pub date_note: String,
    /// Price kinds computed from a discount level rather than published.
    pub derived: Vec<PriceKind>,
}

impl PriceKind {
    pub fn of(self, p: &Prices) -> Option<f64> {
        match self {
            PriceKind::OnDemand => p.on_demand,
            PriceKind::Spot => p.spot,
            PriceKind::Reserved1y => p.reserved_1y,
            PriceKind::Reserved3y => p.reserved_3y,
        }
    }
}

/// A filter whose values have been checked against the catalog.
struct Checked<'f> {
    filter: &'f OfferFilter,
    providers: Vec<String>,
    words: Vec<String>,
    /// The canonical key of the accelerator asked for.
    accelerator: Option<String>,
}

fn check<'f>(filter: &'f OfferFilter, priced: &PricedCatalog) -> Result<Checked<'f>, Error> {
    let catalog = priced.base;
    let known = priced.providers();
    let mut providers: Vec<String> = filter.providers.iter().map(|p| p.trim().to_ascii_lowercase()).collect();
    providers.extend(filter.provider.iter().map(|p| p.trim().to_ascii_lowercase()));
    for (i, p) in providers.iter().enumerate() {
        if !known.contains(&p.as_str()) {
            let field = if i < filter.providers.len() { format!("providers[{i}]") } else { "provider".into() };
            return Err(Error::new(field, format!("unknown provider `{p}`; the catalog has: {}", known.join(", "))));
        }
    }
    let accelerator = match &filter.accelerator {
        None => None,
        Some(key) => {
            let key = key.trim();
            let found = [Some(catalog), priced.custom.as_ref()]
                .into_iter()
                .flatten()
                .find_map(|c| c.accelerator_index(key).map(|i| c.data.accelerators[i].key.to_string()));
            if found.is_none() {
                let keys: Vec<&str> = catalog.data.accelerators.iter().map(|a| a.key.as_str()).collect();
                return Err(Error::new(
                    "accelerator",
                    format!("unknown accelerator `{key}`; known keys: {}", keys.join(", ")),
                ));
            }
            found
        }
    };
    let memory_max = 100_000.0;
    for (field, value) in
        [("minGpuMemoryGib", filter.min_gpu_memory_gib), ("minMemoryPerGpuGib", filter.min_memory_per_gpu_gib)]
    {
        if let Some(v) = value {
            check_range(field, v, 0.0, memory_max)?;
        }
    }
    for (field, value) in
        [("gpuCount", filter.gpu_count), ("minGpuCount", filter.min_gpu_count), ("maxGpuCount", filter.max_gpu_count)]
    {
        if let Some(v) = value {
            check_range(field, v, 0.0, 100_000.0)?;
        }
    }
    if let (Some(min), Some(max)) = (filter.min_gpu_count, filter.max_gpu_count) {
        if min > max {
            return Err(Error::new("maxGpuCount", format!("must not be below minGpuCount ({min})")));
        }
    }
    if let Some(limit) = filter.limit {
        check_range("limit", f64::from(limit), 1.0, f64::from(MAX_LIMIT))?;
    }
    let text = filter.text.as_deref().unwrap_or("");
    if text.chars().count() > 200 {
        return Err(Error::new("text", "must be at most 200 characters"));
    }
    Ok(Checked { filter, providers, words: text.split_whitespace().map(str::to_lowercase).collect(), accelerator })
}

impl Checked<'_> {
    fn matches(&self, e: &Entry) -> bool {
        let (catalog, o) = (e.catalog, e.offer);
        let f = self.filter;
        let region = catalog.region_of(o);
        // An unknown value does not meet a minimum.
        let at_least = |min: Option<f64>, v: Option<f64>| min.is_none_or(|m| v.is_some_and(|v| v + 1e-9 >= m));
        (self.providers.is_empty() || self.providers.iter().any(|p| *p == o.provider))
            && f.family.as_deref().is_none_or(|fam| o.family.eq_ignore_ascii_case(fam.trim()))
            && self.accelerator.as_deref().is_none_or(|key| catalog.accelerator_of(o).is_some_and(|a| a.key == key))
            && at_least(f.min_gpu_memory_gib, o.gpu_memory_gib)
            && at_least(f.min_memory_per_gpu_gib, o.memory_per_gpu_gib)
            && at_least(f.min_gpu_count, Some(o.gpu_count))
            && f.max_gpu_count.is_none_or(|m| o.gpu_count <= m + 1e-9)
            && f.gpu_count.is_none_or(|c| (o.gpu_count - c).abs() < 1e-6)
            && f.region.as_deref().is_none_or(|r| region.is_some_and(|g| g.id.eq_ignore_ascii_case(r.trim())))
            && f.jurisdiction.is_none_or(|j| region.is_some_and(|g| JurisdictionName::from(g.jurisdiction) == j))
            && (!f.has_price || f.price_kind.unwrap_or_default().of(&e.prices).is_some())
            && (self.words.is_empty() || self.text_matches(catalog, o))
    }

    fn text_matches(&self, catalog: &Catalog, o: &Offer) -> bool {
        let accel = catalog.accelerator_of(o).map_or("", |a| a.full_name.as_str());
        let accel_key = catalog.accelerator_of(o).map_or("", |a| a.key.as_str());
        let (region_id, region_name) = catalog.region_of(o).map_or(("", ""), |g| (g.id.as_str(), g.name_en.as_str()));
        let haystack = [o.provider.as_str(), &o.instance, accel_key, accel, region_id, region_name, &o.family]
            .join(" ")
            .to_lowercase();
        self.words.iter().all(|w| haystack.contains(w.as_str()))
    }

    fn compare(&self, x: &Entry, y: &Entry) -> Ordering {
        let (a, b) = (x.offer, y.offer);
        let kind = self.filter.price_kind.unwrap_or_default();
        let by_price = |per_gpu: bool| {
            let price = |e: &Entry| kind.of(&e.prices).map(|p| if per_gpu { p / e.offer.gpu_count } else { p });
            compare_unknown_last(price(x), price(y), self.filter.descending)
        };
        let primary = match self.filter.sort.unwrap_or_default() {
            SortKey::Price => by_price(false),
            SortKey::PricePerGpu => by_price(true),
            SortKey::GpuMemory => compare_unknown_last(a.gpu_memory_gib, b.gpu_memory_gib, self.filter.descending),
            SortKey::GpuCount => directed(a.gpu_count.total_cmp(&b.gpu_count), self.filter.descending),
            SortKey::Provider => directed(a.provider.cmp(&b.provider), self.filter.descending),
            SortKey::Instance => directed(a.instance.cmp(&b.instance), self.filter.descending),
        };
        // A total order, so equal keys always list the same way.
        primary
            .then_with(|| compare_unknown_last(x.prices.on_demand, y.prices.on_demand, false))
            .then_with(|| a.provider.cmp(&b.provider))
            .then_with(|| a.instance.cmp(&b.instance))
            .then_with(|| region_id(x).cmp(region_id(y)))
    }
}

fn region_id<'a>(e: &Entry<'a>) -> &'a str {
    e.catalog.region_of(e.offer).map_or("", |g| g.id.as_str())
}

fn directed(o: Ordering, descending: bool) -> Ordering {
    if descending {
        o.reverse()
    } else {
        o
    }
}

/// Known values in the requested direction, then unknown ones.
fn compare_unknown_last(a: Option<f64>, b: Option<f64>, descending: bool) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => directed(x.total_cmp(&y), descending),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

pub fn list_offers(catalog: &Catalog, filter: &OfferFilter) -> Result<OfferList, Error> {
    list_priced_offers(&PricedCatalog::new(catalog, &filter.user_prices, "userPrices")?, filter)
}

/// `listOffers` over a catalog already priced for the user.
pub fn list_priced_offers(priced: &PricedCatalog, filter: &OfferFilter) -> Result<OfferList, Error> {
    let checked = check(filter, priced)?;
    let age = AgeReference::resolve(priced.base, filter.today.as_deref(), "today")?;
    let mut matched: Vec<Entry> = priced.entries(age.as_ref()).into_iter().filter(|e| checked.matches(e)).collect();
    matched.sort_by(|a, b| checked.compare(a, b));
    let offset = filter.offset.unwrap_or(0) as usize;
    let limit = filter.limit.unwrap_or(DEFAULT_LIMIT) as usize;
    Ok(OfferList { total: matched.len(), offers: matched.iter().skip(offset).take(limit).map(view).collect() })
}

pub fn view(entry: &Entry) -> OfferView {
    let (catalog, o) = (entry.catalog, entry.offer);
    let region = catalog.region_of(o);
    let accel = catalog.accelerator_of(o);
    let source = catalog.source_of(o);
    let region_id = region.map_or(String::new(), |g| g.id.to_string());
    let prices = &entry.prices;
    let mut derived = Vec::new();
    if prices.reserved_1y_derived {
        derived.push(PriceKind::Reserved1y);
    }
    if prices.reserved_3y_derived {
        derived.push(PriceKind::Reserved3y);
    }
    let original = o.original_price.as_ref().and_then(|p| {
        let user_rate = entry.notes.iter().any(|n| n.code == "user-rate");
        let rate = catalog.data.exchange_rates.iter().find(|r| r.currency == p.currency);
        let units_per_usd = match (user_rate, prices.on_demand, rate) {
            (true, Some(usd), _) if usd > 0.0 => p.on_demand_per_hour / usd,
            (_, _, Some(r)) => r.units_per_usd,
            _ => return None,
        };
        Some(OriginalPriceView {
            currency: p.currency.to_string(),
            on_demand: p.on_demand_per_hour,
            units_per_usd,
            rate_date: if user_rate { String::new() } else { rate.map_or(String::new(), |r| r.date.to_string()) },
            rate_source: if user_rate {
                "your rate".into()
            } else {
                rate.map_or(String::new(), |r| r.source.to_string())
            },
        })
    });
    OfferView {
        id: offer_id(catalog, o),
        provider: o.provider.to_string(),
        instance: o.instance.to_string(),
        family: o.family.to_string(),
        region: RegionView {
            id: region_id,
            name_en: region.map_or(String::new(), |g| g.name_en.to_string()),
            name_zh: region.and_then(|g| g.name_zh.as_deref().map(str::to_string)),
            city: region.map_or(String::new(), |g| g.city.to_string()),
            country: region.map_or(String::new(), |g| g.country.to_string()),
            continent: region.map_or(String::new(), |g| g.continent.to_string()),
            jurisdiction: region.map_or(JurisdictionName::Unknown, |g| g.jurisdiction.into()),
            carbon_g_per_kwh: region.and_then(|g| g.carbon_g_per_kwh),
            carbon_source: region.map_or(String::new(), |g| g.carbon_source.to_string()),
            pue: region.and_then(|g| g.pue),
            pue_source: region.map_or(String::new(), |g| g.pue_source.to_string()),
        },
        accelerator: accel.map_or(String::new(), |a| a.key.to_string()),
        accelerator_name: accel.map_or(String::new(), |a| a.full_name.to_string()),
        accelerator_kind: accel.map_or(AcceleratorKind::Gpu, |a| a.kind),
        gpu_count: o.gpu_count,
        memory_per_gpu_gib: o.memory_per_gpu_gib,
        gpu_memory_gib: o.gpu_memory_gib,
        gpu_memory_total_gib: o.gpu_memory_gib,
        gpu_memory_per_gpu_gib: if o.gpu_count >= 1.0 { o.memory_per_gpu_gib } else { o.gpu_memory_gib },
        vcpus: o.vcpus,
        memory_gib: o.memory_gib,
        prices: PricesView {
            on_demand: prices.on_demand,
            spot: prices.spot,
            reserved_1y: prices.reserved_1y,
            reserved_3y: prices.reserved_3y,
            currency: "USD",
            original,
        },
        source: SourceView {
            name: source.map_or(String::new(), |s| s.name.to_string()),
            path: source.map_or(String::new(), |s| s.path.to_string()),
            commit: source.map_or(String::new(), |s| s.commit.to_string()),
            date: source.and_then(|s| s.snapshot_date.as_deref().map(str::to_string)),
            date_note: source.map_or(String::new(), |s| s.date_note.to_string()),
            derived,
        },
        flags: entry.flags().cloned().collect(),
    }
}
