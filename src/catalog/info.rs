//! `catalogInfo`: what the catalog holds, from where, and how old it is.

use super::query::JurisdictionName;
use super::schema::{AcceleratorKind, ExchangeRate, Text};
use super::Catalog;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct CatalogInfo {
    pub offer_count: usize,
    pub accelerator_count: usize,
    pub region_count: usize,
    pub provider_count: usize,
    /// Newest and oldest dated snapshot among all sources (yyyy-mm-dd).
    pub newest_snapshot: Option<String>,
    pub oldest_snapshot: Option<String>,
    /// Size of the embedded catalog in the module, in bytes.
    pub embedded_bytes: usize,
    /// Offers whose source gives no date: their age cannot be shown.
    pub undated_offer_count: usize,
    /// Undated offers per provider: no public dated copy of their price was found.
    pub undated_by_provider: BTreeMap<String, usize>,
    /// Offers whose price is older than `staleAfterDays` before `ageReference`.
    pub stale_offer_count: usize,
    pub stale_after_days: u32,
    /// The day ages are counted from: the reader's today where the caller gives
    /// it (the page passes its clock), else `newestSnapshot`.
    pub age_reference: Option<String>,
    pub age_reference_is_today: bool,
    /// Every offer in exactly one age bucket, counted from `ageReference`.
    pub offers_by_age: OffersByAge,
    /// Which mainland-China clouds the catalog prices, and which it cannot.
    pub china_clouds: Vec<ChinaCloud>,
    pub providers: Vec<ProviderInfo>,
    pub accelerators: Vec<AcceleratorInfo>,
    /// Offers carrying each flag code.
    pub flag_counts: BTreeMap<String, usize>,
    /// Rates used to convert prices published in other currencies.
    pub exchange_rates: Vec<ExchangeRateInfo>,
    /// Rates the page can show every figure at, each cited and dated: the
    /// catalog's own (`exchangeRates`) first, then the display defaults of
    /// `data/cost_exchange_rates.csv` (EUR). USD is the base and not listed.
    pub display_rates: Vec<ExchangeRateInfo>,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct OffersByAge {
    pub within_90_days: usize,
    pub within_365_days: usize,
    pub over_365_days: usize,
    pub undated: usize,
}

/// A cloud a team whose data must stay in mainland China may buy from.
#[derive(ts_rs::TS, Serialize, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct ChinaCloud {
    pub id: &'static str,
    pub name_en: &'static str,
    pub name_zh: &'static str,
    /// Offers in the catalog (0: the China filter cannot price this cloud).
    pub offer_count: usize,
    /// Why it is or is not priced, English and Chinese.
    pub note_en: &'static str,
    pub note_zh: &'static str,
}

/// The clouds of mainland China and what the catalog knows of their prices.
/// Alibaba and AWS China are priced (AWS China from tsaol/aws-gpu
/// `data/gpu_instances_raw_cn.json`, 2026-01-21); for the others no public
/// dated price copy was found.
const CHINA_CLOUDS: [(&str, &str, &str, &str, &str); 7] = [
    ("alibaba", "Alibaba Cloud", "阿里云", "China-site list prices in CNY", "中国站人民币刊例价"),
    ("tencent", "Tencent Cloud", "腾讯云", "no public dated price copy found", "未找到公开且注明日期的价格副本"),
    ("huawei", "Huawei Cloud", "华为云", "no public dated price copy found", "未找到公开且注明日期的价格副本"),
    ("baidu", "Baidu AI Cloud", "百度智能云", "no public dated price copy found", "未找到公开且注明日期的价格副本"),
    ("volcengine", "Volcano Engine", "火山引擎", "no public dated price copy found", "未找到公开且注明日期的价格副本"),
    (
        "aws-cn",
        "AWS China (Beijing, Ningxia)",
        "亚马逊云科技中国区域（北京、宁夏）",
        "China-region list prices in CNY, 2026-01-21 (tsaol/aws-gpu, instances.vantage.sh data)",
        "中国区域人民币刊例价，2026-01-21（tsaol/aws-gpu，instances.vantage.sh 数据）",
    ),
    (
        "azure-cn",
        "Azure operated by 21Vianet",
        "由世纪互联运营的 Azure",
        "no public dated price copy found",
        "未找到公开且注明日期的价格副本",
    ),
];

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
#[ts(rename = "ExchangeRate")]
pub struct ExchangeRateInfo {
    pub currency: String,
    pub units_per_usd: f64,
    pub date: String,
    pub source: String,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ProviderInfo {
    pub id: String,
    pub offer_count: usize,
    pub priced_offer_count: usize,
    pub families: Vec<String>,
    pub jurisdictions: Vec<JurisdictionName>,
    pub sources: Vec<SourceInfo>,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct SourceInfo {
    pub name: String,
    pub path: String,
    pub commit: String,
    pub date: Option<String>,
    pub date_note: String,
    pub offer_count: usize,
}

#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct AcceleratorInfo {
    pub key: String,
    pub full_name: String,
    pub vendor: String,
    pub kind: AcceleratorKind,
    pub memory_gib: Option<f64>,
    pub offer_count: usize,
    /// Other names sources use for this chip.
    pub aliases: Vec<String>,
    /// How far the spec row was verified: `high`, `medium`, `low`, or `none`.
    pub confidence: String,
    pub architecture: String,
    pub memory_bandwidth_gbs: Option<f64>,
    /// Dense peak TFLOPS (TOPS for INT8); `null` where the chip lacks the format or no source says.
    pub fp64_tflops: Option<f64>,
    pub fp32_tflops: Option<f64>,
    pub bf16_tflops: Option<f64>,
    pub fp8_tflops: Option<f64>,
    pub int8_tops: Option<f64>,
    pub tdp_watts: Option<f64>,
    pub interconnect: String,
    pub graphics: Option<bool>,
    pub sources: String,
}

pub fn catalog_info(catalog: &Catalog, embedded_bytes: usize) -> CatalogInfo {
    catalog_info_on(catalog, embedded_bytes, None)
}

/// `catalogInfo` with ages counted on `today` (yyyy-mm-dd, the reader's clock).
pub fn catalog_info_on(catalog: &Catalog, embedded_bytes: usize, today: Option<&str>) -> CatalogInfo {
    let data = &catalog.data;
    let dates: Vec<&Text> = data.sources.iter().filter_map(|s| s.snapshot_date.as_ref()).collect();
    let mut flag_counts = BTreeMap::new();
    for f in data.offers.iter().flat_map(|o| catalog.flags_of(o)) {
        count(&mut flag_counts, &f.code);
    }
    let providers = catalog.providers().into_iter().map(|id| provider_info(catalog, id)).collect::<Vec<_>>();
    let newest = dates.iter().max().map(|d| d.to_string());
    let today_days = today.and_then(super::sources::fields::days_since_epoch);
    let reference = today_days.or_else(|| newest.as_deref().and_then(super::sources::fields::days_since_epoch));
    let ages = super::sources::offer_ages_on(data, reference);
    // `stale` is judged on the reference day, not stored with the offers.
    if ages.over_365_days > 0 {
        flag_counts.insert("stale".to_string(), ages.over_365_days);
    }
    // Retirements too are judged on the reference day (`retirement.rs`).
    let rows = super::retirement::table();
    for row in catalog.retirement_rows().iter().flatten() {
        if let Some(r) = rows.get(usize::from(*row)) {
            count(&mut flag_counts, if r.is_retired_on(reference) { "retired" } else { "retiring" });
        }
    }
    let mut undated_by_provider = BTreeMap::new();
    for o in &data.offers {
        if catalog.source_of(o).is_none_or(|s| s.snapshot_date.is_none()) {
            count(&mut undated_by_provider, &o.provider);
        }
    }
    let china_clouds = CHINA_CLOUDS
        .iter()
        .map(|&(id, name_en, name_zh, note_en, note_zh)| ChinaCloud {
            id,
            name_en,
            name_zh,
            offer_count: data.offers.iter().filter(|o| o.provider == id).count(),
            note_en,
            note_zh,
        })
        .collect();
    CatalogInfo {
        offer_count: data.offers.len(),
        accelerator_count: data.accelerators.len(),
        region_count: data.regions.len(),
        provider_count: providers.len(),
        newest_snapshot: newest.clone(),
        oldest_snapshot: dates.iter().min().map(|d| d.to_string()),
        embedded_bytes,
        undated_offer_count: ages.undated,
        undated_by_provider,
        stale_offer_count: ages.over_365_days,
        stale_after_days: super::sources::STALE_AFTER_DAYS,
        age_reference: if today_days.is_some() { today.map(str::to_string) } else { newest },
        age_reference_is_today: today_days.is_some(),
        china_clouds,
        offers_by_age: OffersByAge {
            within_90_days: ages.within_90_days,
            within_365_days: ages.within_365_days,
            over_365_days: ages.over_365_days,
            undated: ages.undated,
        },
        providers,
        accelerators: data
            .accelerators
            .iter()
            .enumerate()
            .map(|(i, a)| AcceleratorInfo {
                key: a.key.to_string(),
                full_name: a.full_name.to_string(),
                vendor: a.vendor.to_string(),
                kind: a.kind,
                memory_gib: a.memory_gib,
                offer_count: data.offers.iter().filter(|o| o.accelerator as usize == i).count(),
                aliases: data
                    .accelerator_aliases
                    .iter()
                    .filter(|(_, c)| *c == a.key)
                    .map(|(x, _)| x.to_string())
                    .collect(),
                confidence: a.confidence.to_string(),
                architecture: a.architecture.to_string(),
                memory_bandwidth_gbs: a.memory_bandwidth_gbs,
                fp64_tflops: a.fp64_tensor_tflops.or(a.fp64_tflops),
                fp32_tflops: a.fp32_tflops,
                bf16_tflops: a.bf16_tflops.or(a.fp16_tflops),
                fp8_tflops: a.fp8_tflops,
                int8_tops: a.int8_tops,
                tdp_watts: a.tdp_watts,
                interconnect: a.interconnect.to_string(),
                graphics: a.graphics,
                sources: a.sources.to_string(),
            })
            .collect(),
        flag_counts,
        exchange_rates: data.exchange_rates.iter().map(rate_info).collect(),
        display_rates: display_rates(&data.exchange_rates),
    }
}

fn rate_info(r: &ExchangeRate) -> ExchangeRateInfo {
    ExchangeRateInfo {
        currency: r.currency.to_string(),
        units_per_usd: r.units_per_usd,
        date: r.date.to_string(),
        source: r.source.to_string(),
    }
}

/// The catalog's rates, then each display default for a currency it lacks.
/// The defaults are embedded CSV checked by the tests; were they unreadable the
/// page would offer the catalog's currencies only, never a guessed rate.
fn display_rates(catalog_rates: &[ExchangeRate]) -> Vec<ExchangeRateInfo> {
    let mut rates: Vec<ExchangeRateInfo> = catalog_rates.iter().map(rate_info).collect();
    for r in crate::cost::currency::default_rates().unwrap_or_default() {
        if !rates.iter().any(|x| x.currency == r.currency) {
            rates.push(rate_info(r));
        }
    }
    rates
}

/// One more under `name`, owned only the first time it is counted.
fn count(counts: &mut BTreeMap<String, usize>, name: &str) {
    match counts.get_mut(name) {
        Some(n) => *n += 1,
        None => {
            counts.insert(name.to_string(), 1);
        }
    }
}

fn provider_info(catalog: &Catalog, id: &str) -> ProviderInfo {
    let offers: Vec<_> = catalog.data.offers.iter().filter(|o| o.provider == id).collect();
    // A provider has thousands of offers and a few families and jurisdictions: each
    // is owned or named once it differs from those kept (a string per offer, and per
    // comparison in the sort, was most of `catalogInfo`'s time).
    let mut families: Vec<String> = Vec::new();
    for f in offers.iter().map(|o| &*o.family).filter(|f| !f.is_empty()) {
        if !families.iter().any(|kept| kept == f) {
            families.push(f.to_string());
        }
    }
    families.sort();
    let mut jurisdictions: Vec<JurisdictionName> = Vec::new();
    for j in offers.iter().filter_map(|o| catalog.region_of(o)).map(|g| JurisdictionName::from(g.jurisdiction)) {
        if !jurisdictions.contains(&j) {
            jurisdictions.push(j);
        }
    }
    jurisdictions.sort_by_key(|j| format!("{j:?}"));
    let sources = catalog
        .data
        .sources
        .iter()
        .enumerate()
        .filter(|(_, s)| s.provider == id)
        .map(|(i, s)| SourceInfo {
            name: s.name.to_string(),
            path: s.path.to_string(),
            commit: s.commit.to_string(),
            date: s.snapshot_date.clone().map(String::from),
            date_note: s.date_note.to_string(),
            offer_count: offers.iter().filter(|o| o.source as usize == i).count(),
        })
        .collect();
    ProviderInfo {
        id: id.to_string(),
        offer_count: offers.len(),
        priced_offer_count: offers.iter().filter(|o| o.prices.on_demand.is_some()).count(),
        families,
        jurisdictions,
        sources,
    }
}
