//! The catalog's stored shape: written by `build.rs` from the files in `data/`
//! and decoded by the engine. It depends on serde alone so the build script
//! can include this file as it is.

use serde::{Deserialize, Serialize};

/// Bumped whenever a field changes; the engine refuses a mismatching blob.
pub const FORMAT_VERSION: u32 = 3;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct CatalogData {
    pub format_version: u32,
    pub sources: Vec<Source>,
    pub accelerators: Vec<Accelerator>,
    pub regions: Vec<Region>,
    /// Distinct flags; offers refer to them by index (many offers share one).
    pub flags: Vec<Flag>,
    pub exchange_rates: Vec<ExchangeRate>,
    /// Compliance and platform facts per provider (`data/providers.csv`).
    pub providers: Vec<ProviderFacts>,
    /// Other keys the sources use for an accelerator: (alias, canonical key).
    pub accelerator_aliases: Vec<(String, String)>,
    pub offers: Vec<Offer>,
}

/// Where a group of offers came from.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Source {
    pub provider: String,
    /// Repository or publisher the figures were taken from.
    pub name: String,
    pub path: String,
    pub commit: String,
    /// ISO date (yyyy-mm-dd) of the snapshot, when the source states one.
    pub snapshot_date: Option<String>,
    /// What the source says about its date when it has none ("undated …").
    pub date_note: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AcceleratorKind {
    Gpu,
    Tpu,
    /// Inference/training ASICs such as Inferentia, Trainium, Qualcomm AI 100.
    Asic,
    Fpga,
}

/// One row of accelerator specifications. Tensor figures are dense (no sparsity).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Accelerator {
    pub key: String,
    pub full_name: String,
    pub vendor: String,
    pub architecture: String,
    pub kind: AcceleratorKind,
    pub launch_year: Option<u16>,
    /// Vendors' "GB" for device memory is binary (an "80 GB" H100 has 80 GiB).
    pub memory_gib: Option<f64>,
    pub memory_type: String,
    pub memory_bandwidth_gbs: Option<f64>,
    pub fp64_tflops: Option<f64>,
    pub fp64_tensor_tflops: Option<f64>,
    pub fp32_tflops: Option<f64>,
    pub tf32_tflops: Option<f64>,
    pub bf16_tflops: Option<f64>,
    pub fp16_tflops: Option<f64>,
    pub fp8_tflops: Option<f64>,
    pub int8_tops: Option<f64>,
    /// Board power; the upper end where the source gives a range.
    pub tdp_watts: Option<f64>,
    /// The source's own words where it qualifies the figure ("~300 (not published)").
    pub tdp_note: String,
    pub interconnect: String,
    pub interconnect_gbs: Option<f64>,
    /// `high`, `medium` or `low`, as the spec table rates its own row.
    pub confidence: String,
    pub sources: String,
    pub notes: String,
    /// Whether the chip runs graphics APIs (rendering, VDI); `None` when no source says.
    pub graphics: Option<bool>,
    pub graphics_basis: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Jurisdiction {
    Eu,
    Us,
    Cn,
    Uk,
    Other,
    Unknown,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Region {
    pub provider: String,
    pub id: String,
    pub name_en: String,
    /// Only where the source has a Chinese name; never machine-translated.
    pub name_zh: Option<String>,
    pub city: String,
    /// ISO 3166 alpha-2, empty when unknown.
    pub country: String,
    pub continent: String,
    pub jurisdiction: Jurisdiction,
    /// Grid carbon intensity, gCO2e per kWh, and the dataset it comes from.
    pub carbon_g_per_kwh: Option<f64>,
    pub carbon_source: String,
    /// Data-centre power usage effectiveness and where the figure comes from.
    pub pue: Option<f64>,
    pub pue_source: String,
}

/// Prices in USD per instance-hour; `None` when the source has none.
/// Reserved prices are effective hourly rates over the whole term.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Default)]
pub struct Prices {
    pub on_demand: Option<f64>,
    pub spot: Option<f64>,
    pub reserved_1y: Option<f64>,
    pub reserved_3y: Option<f64>,
    /// True when the reserved price is computed from a discount level, not published.
    pub reserved_1y_derived: bool,
    pub reserved_3y_derived: bool,
}

/// A price published in another currency, kept as published; USD is converted
/// at an editable rate.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct OriginalPrice {
    /// ISO 4217 code, e.g. `CNY`.
    pub currency: String,
    pub on_demand_per_hour: f64,
}

/// A conversion rate with its source (`data/exchange_rates.csv`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ExchangeRate {
    pub currency: String,
    pub units_per_usd: f64,
    pub date: String,
    pub source: String,
}

/// A visible mark on an offer: a value that was corrected, doubted or is missing.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Flag {
    /// Stable machine-readable code, e.g. `spot-above-on-demand`.
    pub code: String,
    pub message: String,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct Offer {
    pub provider: String,
    pub instance: String,
    /// The provider's family or series, e.g. `ND` (Azure), `p5` (AWS), `a3` (GCP).
    pub family: String,
    /// Index into `CatalogData::regions`.
    pub region: u32,
    /// Index into `CatalogData::accelerators`.
    pub accelerator: u32,
    /// Whole or fractional (a vGPU slice of 1/6 is 0.1667, never rounded up).
    pub gpu_count: f64,
    /// Memory of one whole device; `None` where no source gives it.
    pub memory_per_gpu_gib: Option<f64>,
    /// GPU memory the instance gets: `gpu_count × memory_per_gpu_gib` for slices.
    pub gpu_memory_gib: Option<f64>,
    pub vcpus: Option<f64>,
    pub memory_gib: Option<f64>,
    pub prices: Prices,
    /// The price as published, where that was not in USD.
    pub original_price: Option<OriginalPrice>,
    /// Index into `CatalogData::sources`.
    pub source: u32,
    /// Indexes into `CatalogData::flags`.
    pub flags: Vec<u32>,
}

/// One provider's facts as `providers.csv` states them: each cell's text says how
/// strong its source is (`yes:` official, `yes (secondary)`, `listed (secondary)`);
/// an empty cell means not found, never "no".
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
pub struct ProviderFacts {
    pub provider: String,
    pub hipaa_baa: String,
    pub soc2_type2: String,
    pub iso27001: String,
    pub gdpr_dpa: String,
    pub pci_dss: String,
    pub fedramp: String,
    pub china_mlps: String,
    pub confidential_gpu: String,
    pub bare_metal_gpu: String,
    pub managed_ml_platform: String,
    pub software_stacks: String,
    pub source_urls: String,
}
