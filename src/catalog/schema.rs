//! The catalog's stored shape: written by `build.rs` from the files in `data/`
//! and decoded by the engine. It depends on serde alone so the build script
//! can include this file as it is.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::borrow::{Borrow, Cow};
use std::fmt;

/// Bumped whenever a field changes; the engine refuses a mismatching blob.
pub const FORMAT_VERSION: u32 = 7;

/// The offers' stored form (columns), a file of its own beside this one.
#[path = "offer_columns.rs"]
mod offer_columns;

/// A string of the catalog. Decoding the embedded (`'static`) blob borrows it
/// in place instead of copying, which is most of the decode's cost; catalogs
/// composed at run time (user offers) own theirs.
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Text(Cow<'static, str>);

impl Text {
    pub const fn borrowed(text: &'static str) -> Self {
        Text(Cow::Borrowed(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Text {
    fn from(s: String) -> Self {
        Text(Cow::Owned(s))
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text(Cow::Owned(s.to_string()))
    }
}

impl From<Text> for String {
    fn from(t: Text) -> Self {
        t.0.into_owned()
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Text> for &str {
    fn eq(&self, other: &Text) -> bool {
        **self == *other.0
    }
}

impl PartialEq<Text> for String {
    fn eq(&self, other: &Text) -> bool {
        **self == *other.0
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// Declares a type that serializes by hand as a TypeScript type given as text
/// (`ts_as!(Text, "string")`). Exported so that both the crate and build.rs,
/// which includes this file, reach it at their root.
#[macro_export]
macro_rules! ts_as {
    ($type:ty, $ts:literal) => {
        impl ts_rs::TS for $type {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &ts_rs::Config) -> String {
                $ts.to_string()
            }
            fn inline(cfg: &ts_rs::Config) -> String {
                <Self as ts_rs::TS>::name(cfg)
            }
        }
    };
}

ts_as!(Text, "string");

/// Borrows from input that lives for the whole program (the embedded blob);
/// copies only when the format hands out a transient string.
impl<'de: 'static> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de: 'static> serde::de::Visitor<'de> for Visitor {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Text, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Text, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

/// Decodes one of the catalog's tables in a function of its own. The module's decode runs
/// once, but long enough for the browser to start compiling its code with the optimizing
/// tier, which a call made once never uses; one function holding every table's loop was
/// 15–30 kB of code and 35–140 ms of that compiler's time while the page's first calls
/// waited for a core (docs/PERFORMANCE.md, round 25). Apart, each table's loop is small
/// and only the long ones are compiled again.
#[inline(never)]
fn table<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Vec<T>, D::Error> {
    Vec::<T>::deserialize(deserializer)
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct CatalogData {
    pub format_version: u32,
    #[serde(deserialize_with = "table")]
    pub sources: Vec<Source>,
    #[serde(deserialize_with = "table")]
    pub accelerators: Vec<Accelerator>,
    #[serde(deserialize_with = "table")]
    pub regions: Vec<Region>,
    /// Distinct flags; offers refer to them by index (many offers share one).
    #[serde(deserialize_with = "table")]
    pub flags: Vec<Flag>,
    /// Distinct lists of indexes into `flags`; each offer names one, so the
    /// decode allocates no list per offer and a list shared by a thousand
    /// offers is stored once.
    #[serde(deserialize_with = "table")]
    pub flag_sets: Vec<Vec<u32>>,
    #[serde(deserialize_with = "table")]
    pub exchange_rates: Vec<ExchangeRate>,
    /// Compliance and platform facts per provider (`data/providers.csv`).
    #[serde(deserialize_with = "table")]
    pub providers: Vec<ProviderFacts>,
    /// Other keys the sources use for an accelerator: (alias, canonical key).
    #[serde(deserialize_with = "table")]
    pub accelerator_aliases: Vec<(Text, Text)>,
    /// Stored as columns (`offer_columns.rs`): the blob gzips to 102 kB, was 131.5 kB as rows.
    #[serde(with = "offer_columns")]
    pub offers: Vec<Offer>,
    /// What each provider can host and who operates it (`data/provider_capabilities.csv`).
    #[serde(deserialize_with = "table")]
    pub capabilities: Vec<ProviderCapabilities>,
    /// One reference point per country, for the distance from users to a region
    /// (`data/country_points.csv`).
    #[serde(deserialize_with = "table")]
    pub country_points: Vec<CountryPoint>,
}

/// Where a group of offers came from.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Source {
    pub provider: Text,
    /// Repository or publisher the figures were taken from.
    pub name: Text,
    pub path: Text,
    pub commit: Text,
    /// ISO date (yyyy-mm-dd) of the snapshot, when the source states one.
    pub snapshot_date: Option<Text>,
    /// What the source says about its date when it has none ("undated …").
    pub date_note: Text,
}

#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum AcceleratorKind {
    Gpu,
    Tpu,
    /// Inference/training ASICs such as Inferentia, Trainium, Qualcomm AI 100.
    Asic,
    Fpga,
}

/// One row of accelerator specifications. Tensor figures are dense (no sparsity).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Accelerator {
    pub key: Text,
    pub full_name: Text,
    pub vendor: Text,
    pub architecture: Text,
    pub kind: AcceleratorKind,
    pub launch_year: Option<u16>,
    /// Vendors' "GB" for device memory is binary (an "80 GB" H100 has 80 GiB).
    pub memory_gib: Option<f64>,
    pub memory_type: Text,
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
    pub tdp_note: Text,
    pub interconnect: Text,
    pub interconnect_gbs: Option<f64>,
    /// `high`, `medium` or `low`, as the spec table rates its own row.
    pub confidence: Text,
    pub sources: Text,
    pub notes: Text,
    /// Whether the chip runs graphics APIs (rendering, VDI); `None` when no source says.
    pub graphics: Option<bool>,
    pub graphics_basis: Text,
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
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Region {
    pub provider: Text,
    pub id: Text,
    pub name_en: Text,
    /// Only where the source has a Chinese name; never machine-translated.
    pub name_zh: Option<Text>,
    pub city: Text,
    /// ISO 3166 alpha-2, empty when unknown.
    pub country: Text,
    pub continent: Text,
    pub jurisdiction: Jurisdiction,
    /// Grid carbon intensity, gCO2e per kWh, and the dataset it comes from.
    pub carbon_g_per_kwh: Option<f64>,
    pub carbon_source: Text,
    /// Data-centre power usage effectiveness and where the figure comes from.
    pub pue: Option<f64>,
    pub pue_source: Text,
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
#[serde(bound(deserialize = "'de: 'static"))]
pub struct OriginalPrice {
    /// ISO 4217 code, e.g. `CNY`.
    pub currency: Text,
    pub on_demand_per_hour: f64,
}

/// A conversion rate with its source (`data/exchange_rates.csv`). Owned
/// strings: a handful of rows, and other tables (display rates) deserialize
/// this type from text that is not `'static`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct ExchangeRate {
    pub currency: String,
    pub units_per_usd: f64,
    pub date: String,
    pub source: String,
}

/// A visible mark on an offer: a value that was corrected, doubted or is missing.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(bound(deserialize = "'de: 'static"))]
#[derive(ts_rs::TS)]
pub struct Flag {
    /// Stable machine-readable code, e.g. `spot-above-on-demand`.
    pub code: Text,
    pub message: Text,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct Offer {
    pub provider: Text,
    pub instance: Text,
    /// The provider's family or series, e.g. `ND` (Azure), `p5` (AWS), `a3` (GCP).
    pub family: Text,
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
    /// Index into `CatalogData::flag_sets`.
    pub flag_set: u32,
    /// RDMA-class networking as the offer's owner declared it (custom offers'
    /// `interconnect`); `None`: not declared, the instance name decides.
    #[serde(default)]
    pub rdma_declared: Option<bool>,
}

/// One provider's facts as `providers.csv` states them: each cell's text says how
/// strong its source is (`yes:` official, `yes (secondary)`, `listed (secondary)`);
/// an empty cell means not found, never "no".
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct ProviderFacts {
    pub provider: Text,
    pub hipaa_baa: Text,
    pub soc2_type2: Text,
    pub iso27001: Text,
    pub gdpr_dpa: Text,
    pub pci_dss: Text,
    pub fedramp: Text,
    pub china_mlps: Text,
    pub confidential_gpu: Text,
    pub bare_metal_gpu: Text,
    pub managed_ml_platform: Text,
    pub software_stacks: Text,
    pub source_urls: Text,
}

/// What a provider can host and who operates it (`provider_capabilities.csv`).
/// Each fact is one of a few checked words (`unknown` where no source was
/// read) and keeps the source it was read from, so the answer can show both.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct ProviderCapabilities {
    pub provider: Text,
    /// `operated` (the provider runs the machines), `marketplace` (third-party
    /// hosts), `aggregator` (resold capacity) or `unknown`.
    pub operator_kind: Text,
    pub operator_kind_source: Text,
    /// Virtual desktops (vGPU-licensed hypervisor or Windows multi-session and a
    /// desktop protocol): `yes`, `yes (secondary)`, `no` or `unknown`.
    pub desktop_hosting: Text,
    pub desktop_hosting_source: Text,
    /// The NVIDIA vGPU licence for a desktop: `included` (in the instance
    /// price), `billed-by-provider` (extra, amount not in the catalog),
    /// `customer` (bring your own) or `unknown`.
    pub vgpu_licence: Text,
    pub vgpu_licence_source: Text,
    /// Holds the mainland-China licences to operate its own cloud there:
    /// `yes`, `yes (secondary)`, `no` or `unknown`.
    pub cn_licensed_operator: Text,
    pub cn_licensed_operator_source: Text,
    /// Published MLPS (等保) status in the `providers.csv` cell grammar (empty: unknown).
    pub mlps: Text,
    pub mlps_source: Text,
    pub notes: Text,
}

/// A country's reference point (its capital) for distances from users.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(bound(deserialize = "'de: 'static"))]
pub struct CountryPoint {
    /// ISO 3166 alpha-2.
    pub country: Text,
    pub city: Text,
    pub latitude_deg: f64,
    pub longitude_deg: f64,
}
