//! The instance catalog: the embedded data, decoded once, and what is asked of it.

pub mod age;
pub mod custom_file;
pub mod info;
pub mod priced;
pub mod query;
pub mod retirement;
pub mod schema;
pub mod sources;
pub mod user;

use crate::error::Error;
use schema::{CatalogData, Offer, Region, FORMAT_VERSION};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The catalog built by `build.rs` from `data/`.
static EMBEDDED_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/catalog.postcard"));

/// The build report of the embedded catalog (offers per provider, flags).
pub static EMBEDDED_REPORT: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog-report.txt"));

/// A decoded catalog. Never mutated after construction (its `index` is gathered once, on first
/// use): user overrides compose a new one.
#[derive(Debug)]
pub struct Catalog {
    pub data: CatalogData,
    /// What every call reads of the offers as a whole, gathered on first use.
    index: OnceLock<OfferIndex>,
}

/// What every call reads of the offers as a whole (a catalog is never changed
/// once built): gathering it walked every offer on every planner built and on
/// every call without one (docs/PERFORMANCE.md, round 24).
#[derive(Debug)]
struct OfferIndex {
    shapes: OfferShapes,
    /// Provider ids, sorted.
    providers: Vec<String>,
    /// The most GPUs of one offer of each accelerator row (TPU slices reach
    /// thousands of chips, most rows eight GPUs).
    largest_gpu_counts: Vec<f64>,
    /// Each offer's row in `retirement::table()`, for a size its provider retires.
    retirement_rows: Vec<Option<u16>>,
}

/// Each offer's shape: offers of one shape have everything a workload's fit
/// reads alike (`ShapeKey`), so one fit serves them all. The 5,389 embedded
/// offers have under a thousand shapes: one instance type in each region.
#[derive(Debug)]
pub struct OfferShapes {
    /// The shape of `data.offers[i]`, below `count`.
    pub of_offer: Vec<u32>,
    pub count: u32,
}

/// Everything of an offer a workload's fit reads (`FitInput`): its hardware and
/// the names the network rules read, in its own catalog's tables. Region,
/// prices, sources and flags are left out: a fit never reads them.
#[derive(PartialEq, Eq, Hash)]
struct ShapeKey<'c> {
    names: [&'c str; 3],
    accelerator: u32,
    numbers: [Option<u64>; 5],
    rdma_declared: Option<bool>,
}

impl<'c> ShapeKey<'c> {
    fn of(o: &'c Offer) -> Self {
        let bits = |v: Option<f64>| v.map(f64::to_bits);
        ShapeKey {
            names: [o.provider.as_str(), o.instance.as_str(), o.family.as_str()],
            accelerator: o.accelerator,
            numbers: [Some(o.gpu_count), o.memory_per_gpu_gib, o.gpu_memory_gib, o.vcpus, o.memory_gib].map(bits),
            rdma_declared: o.rdma_declared,
        }
    }
}

impl Catalog {
    pub fn new(data: CatalogData) -> Catalog {
        Catalog { data, index: OnceLock::new() }
    }

    fn index(&self) -> &OfferIndex {
        self.index.get_or_init(|| {
            let mut numbers: HashMap<ShapeKey, u32> = HashMap::new();
            let mut providers: Vec<&str> = Vec::new();
            let mut largest_gpu_counts = vec![1.0_f64; self.data.accelerators.len()];
            let of_offer = self
                .data
                .offers
                .iter()
                .map(|o| {
                    // Offers come grouped by provider: skip repeats before sorting the few left.
                    if providers.last() != Some(&o.provider.as_str()) {
                        providers.push(o.provider.as_str());
                    }
                    if let Some(g) = largest_gpu_counts.get_mut(o.accelerator as usize) {
                        *g = g.max(o.gpu_count);
                    }
                    let next = numbers.len() as u32;
                    *numbers.entry(ShapeKey::of(o)).or_insert(next)
                })
                .collect();
            providers.sort_unstable();
            providers.dedup();
            OfferIndex {
                shapes: OfferShapes { of_offer, count: numbers.len() as u32 },
                providers: providers.into_iter().map(str::to_string).collect(),
                largest_gpu_counts,
                retirement_rows: self.data.offers.iter().map(retirement::row_of).collect(),
            }
        })
    }

    /// Each offer's shape, numbered once per catalog (hashing every offer's
    /// names: 0.8 ms natively for the embedded catalog, several in a
    /// browser's first call).
    pub fn shapes(&self) -> &OfferShapes {
        &self.index().shapes
    }

    /// The most GPUs of one offer of each accelerator row, by row.
    pub fn largest_gpu_counts(&self) -> &[f64] {
        &self.index().largest_gpu_counts
    }

    /// Each offer's row in `retirement::table()` (by offer index), where its provider retires its size.
    pub fn retirement_rows(&self) -> &[Option<u16>] {
        &self.index().retirement_rows
    }

    pub fn decode(bytes: &'static [u8]) -> Result<Catalog, Error> {
        let data: CatalogData = postcard::from_bytes(bytes)
            .map_err(|e| Error::new("catalog", format!("the embedded catalog cannot be read: {e}")))?;
        if data.format_version != FORMAT_VERSION {
            return Err(Error::new(
                "catalog",
                format!("catalog format {} is not the expected {FORMAT_VERSION}", data.format_version),
            ));
        }
        Ok(Catalog::new(data))
    }

    pub fn region_of(&self, offer: &Offer) -> Option<&Region> {
        self.data.regions.get(offer.region as usize)
    }

    pub fn accelerator_of(&self, offer: &Offer) -> Option<&schema::Accelerator> {
        self.data.accelerators.get(offer.accelerator as usize)
    }

    pub fn source_of(&self, offer: &Offer) -> Option<&schema::Source> {
        self.data.sources.get(offer.source as usize)
    }

    pub fn flags_of<'a>(&'a self, offer: &'a Offer) -> impl Iterator<Item = &'a schema::Flag> + 'a {
        let set = self.data.flag_sets.get(offer.flag_set as usize).map_or(&[][..], Vec::as_slice);
        set.iter().filter_map(|&f| self.data.flags.get(f as usize))
    }

    /// An accelerator by key or alias, ignoring case.
    pub fn accelerator_index(&self, key: &str) -> Option<usize> {
        let aliases = &self.data.accelerator_aliases;
        let canonical = aliases.iter().find(|(a, _)| a.eq_ignore_ascii_case(key)).map_or(key, |(_, c)| c.as_str());
        self.data.accelerators.iter().position(|a| a.key.eq_ignore_ascii_case(canonical))
    }

    /// A synthetic catalog `times` as large, for benchmarks: every region and
    /// offer copied `times - 1` more times under fresh region ids (`eastus~2`),
    /// so offer ids stay unique.
    ///
    /// ```
    /// use gpuplan::catalog::{embedded, user::offer_id};
    /// let base = embedded()?;
    /// let big = base.replicated(3);
    /// assert_eq!(big.data.offers.len(), 3 * base.data.offers.len());
    /// let ids: std::collections::HashSet<String> = big.data.offers.iter().map(|o| offer_id(&big, o)).collect();
    /// assert_eq!(ids.len(), big.data.offers.len());
    /// # Ok::<(), gpuplan::error::Error>(())
    /// ```
    pub fn replicated(&self, times: usize) -> Catalog {
        let mut data = self.data.clone();
        let regions = &self.data.regions;
        for copy in 1..times {
            let offset = u32::try_from(copy * regions.len()).unwrap_or(u32::MAX);
            data.regions
                .extend(regions.iter().map(|r| Region { id: owned(format!("{}~{}", r.id, copy + 1)), ..r.clone() }));
            data.offers.extend(
                self.data.offers.iter().map(|o| Offer { region: o.region.saturating_add(offset), ..o.clone() }),
            );
        }
        Catalog::new(data)
    }

    /// Provider ids in the catalog, sorted.
    pub fn providers(&self) -> Vec<&str> {
        self.index().providers.iter().map(String::as_str).collect()
    }
}

/// A region id built from text: `From<String>` serves the plain and the
/// borrowed-or-owned string types of the catalog alike.
fn owned<T: From<String>>(text: String) -> T {
    T::from(text)
}

/// The embedded catalog, decoded on first use.
pub fn embedded() -> Result<&'static Catalog, Error> {
    static CATALOG: OnceLock<Result<Catalog, Error>> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog::decode(EMBEDDED_BYTES)).as_ref().map_err(Clone::clone)
}

/// Size in bytes of the embedded catalog blob.
pub fn embedded_size_bytes() -> usize {
    EMBEDDED_BYTES.len()
}

/// The embedded catalog blob itself, for timing its decode.
pub fn embedded_bytes() -> &'static [u8] {
    EMBEDDED_BYTES
}
