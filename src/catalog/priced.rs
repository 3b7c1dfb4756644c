//! The embedded catalog with a user's prices composed over it: checked and
//! applied once, then read by every call.

use super::age::AgeReference;
use super::custom_file::check_offer;
use super::retirement;
use super::schema::{Flag, Offer, OriginalPrice, Prices};
use super::sources::builder::{flag, Builder, OfferDraft};
use super::sources::specs::unspecified;
use super::user::UserPrices;
use super::Catalog;
use crate::error::{check_range, Error};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// One offer as the user sees it: where its tables are, and its prices after
/// the user's discounts, rates and overrides.
pub struct Entry<'a> {
    pub catalog: &'a Catalog,
    pub offer: &'a Offer,
    pub prices: Prices,
    /// What the user's settings changed, shown with the offer's flags.
    pub notes: &'a [Flag],
    /// `stale` on the call's day (`age.rs`): computed per call, not stored;
    /// shared by every offer of one source.
    pub stale: Option<Arc<Flag>>,
    /// `retired` or `retiring` on the call's day (`retirement.rs`), for a size its
    /// provider retires: computed per call as `stale`.
    pub retirement: Option<retirement::OnDay>,
    /// The offer's hardware (`PricedCatalog::shape_count`): offers with the
    /// same shape differ only in region, prices and sources, so a fit made
    /// for one is every one's.
    pub shape: u32,
}

impl<'a> Entry<'a> {
    /// Every flag of the offer: the catalog's, the user's notes, `stale` and its retirement.
    pub fn flags(&self) -> impl Iterator<Item = &Flag> + '_ {
        (self.catalog.flags_of(self.offer).chain(self.notes.iter()))
            .chain(self.stale.as_deref())
            .chain(self.retirement.and_then(retirement::OnDay::flag))
    }

    /// Whether the provider no longer runs this size on the call's day.
    pub fn retired(&self) -> bool {
        self.retirement.is_some_and(|r| r.retired)
    }
}

/// The embedded catalog with a user's prices composed over it: checked and
/// applied once, when it is built, then read by every call.
pub struct PricedCatalog<'a> {
    pub base: &'a Catalog,
    pub custom: Option<Catalog>,
    pub user: UserPrices,
    /// Every offer with the user's prices applied; `None` without user prices, where
    /// the catalog's own offers are read as they are (copying 5,389 offers' prices
    /// took most of this type's building: docs/PERFORMANCE.md, round 24).
    priced: Option<Vec<PricedOffer>>,
}

/// One offer of the composed view: which catalog and index, and its prices.
struct PricedOffer {
    in_custom: bool,
    index: usize,
    prices: Prices,
    notes: Vec<Flag>,
    shape: u32,
}

pub fn offer_id(catalog: &Catalog, o: &Offer) -> String {
    let region = catalog.region_of(o).map_or("", |g| g.id.as_str());
    format!("{}/{}/{region}", o.provider, o.instance)
}

impl<'a> PricedCatalog<'a> {
    /// Checks the user's prices against the catalog, builds the custom offers
    /// and prices every offer with them (without user prices, none: `entries`
    /// reads the catalog's own).
    pub fn new(base: &'a Catalog, user: &UserPrices, field: &str) -> Result<Self, Error> {
        let custom = build_custom(base, user, field)?;
        let mut priced = PricedCatalog { base, custom, user: user.clone(), priced: None };
        let providers = priced.providers();
        for (provider, pct) in &user.discounts {
            if !providers.contains(&provider.as_str()) {
                return Err(Error::new(
                    format!("{field}.discounts.{provider}"),
                    format!("unknown provider `{provider}`"),
                ));
            }
            check_range(&format!("{field}.discounts.{provider}"), *pct, 0.0, 100.0)?;
        }
        for (currency, rate) in &user.exchange_rates {
            check_range(&format!("{field}.exchangeRates.{currency}"), *rate, 1e-9, 1e9)?;
        }
        // Every offer's id, only when there are overrides to check against it.
        let ids: HashSet<String> = if user.overrides.is_empty() {
            HashSet::new()
        } else {
            priced.all().map(|(_, c, o)| offer_id(c, o)).collect()
        };
        for (id, o) in &user.overrides {
            if !ids.contains(id) {
                return Err(Error::new(format!("{field}.overrides.{id}"), format!("no offer has the id `{id}`")));
            }
            for (name, value) in [
                ("onDemand", o.on_demand),
                ("spot", o.spot),
                ("reserved1y", o.reserved_1y),
                ("reserved3y", o.reserved_3y),
            ] {
                if let Some(v) = value {
                    check_range(&format!("{field}.overrides.{id}.{name}"), v, 0.0, 1e9)?;
                }
            }
        }
        if user == &UserPrices::default() {
            return Ok(priced);
        }
        let custom_catalog = priced.custom.as_ref();
        // Each catalog's shapes, the custom one's numbered after the base's
        // (a custom offer never shares a base offer's fit). A base shape only
        // custom offers replaced is a number no entry has.
        let base_shapes = base.shapes();
        let custom_shapes = custom_catalog.map(Catalog::shapes);
        let list = priced
            .all()
            .map(|(index, catalog, offer)| {
                let (prices, notes) = priced.apply(catalog, offer);
                let in_custom = custom_catalog.is_some_and(|c| std::ptr::eq(c, catalog));
                let shape = match (in_custom, custom_shapes) {
                    (true, Some(custom)) => base_shapes.count + custom.of_offer[index],
                    _ => base_shapes.of_offer[index],
                };
                PricedOffer { in_custom, index, prices, notes, shape }
            })
            .collect();
        priced.priced = Some(list);
        Ok(priced)
    }

    /// Every offer with its index and the catalog holding its tables; custom
    /// offers replace catalog offers with the same id.
    fn all(&self) -> impl Iterator<Item = (usize, &Catalog, &Offer)> + '_ {
        let replaced: HashSet<String> =
            self.custom.iter().flat_map(|c| c.data.offers.iter().map(move |o| offer_id(c, o))).collect();
        let base = self
            .base
            .data
            .offers
            .iter()
            .enumerate()
            .filter(move |(_, o)| replaced.is_empty() || !replaced.contains(&offer_id(self.base, o)));
        base.map(|(i, o)| (i, self.base, o))
            .chain(self.custom.iter().flat_map(|c| c.data.offers.iter().enumerate().map(move |(i, o)| (i, c, o))))
    }

    /// Provider ids of every offer, sorted.
    pub fn providers(&self) -> Vec<&str> {
        // Each catalog's are gathered once (`Catalog::providers`); custom offers add a few.
        let mut ids = self.base.providers();
        if let Some(c) = &self.custom {
            ids.extend(c.providers());
            ids.sort_unstable();
            ids.dedup();
        }
        ids
    }

    /// How many distinct shapes the offers have (`Entry::shape` is below it).
    pub fn shape_count(&self) -> usize {
        (self.base.shapes().count + self.custom.as_ref().map_or(0, |c| c.shapes().count)) as usize
    }

    /// The most GPUs of one offer of `e`'s accelerator row in `e`'s own catalog
    /// (a fit's largest instance).
    pub fn largest_gpu_count(&self, e: &Entry) -> Option<f64> {
        e.catalog.largest_gpu_counts().get(e.offer.accelerator as usize).copied()
    }

    /// Every offer, priced, in a stable order (the catalog's, then custom
    /// offers), with prices aged on `age` (no `stale` flag without one).
    pub fn entries(&self, age: Option<&AgeReference>) -> Vec<Entry<'_>> {
        let stale = |c: Option<&Catalog>| -> Vec<Option<Arc<Flag>>> {
            let flags = age.zip(c).map(|(a, c)| a.stale_flags(c)).unwrap_or_default();
            flags.into_iter().map(|f| f.map(Arc::new)).collect()
        };
        let (base_stale, custom_stale) = (stale(Some(self.base)), stale(self.custom.as_ref()));
        let retirement_of = |rows: &[Option<u16>], index: usize| {
            rows.get(index).copied().flatten().and_then(|row| retirement::OnDay::of(row, age))
        };
        let Some(priced) = &self.priced else {
            let (shapes, rows) = (&self.base.shapes().of_offer, self.base.retirement_rows());
            return (self.base.data.offers.iter().zip(shapes).enumerate())
                .map(|(index, (offer, &shape))| {
                    let stale = base_stale.get(offer.source as usize).cloned().flatten();
                    let retirement = retirement_of(rows, index);
                    Entry { catalog: self.base, offer, prices: offer.prices, notes: &[], stale, retirement, shape }
                })
                .collect();
        };
        priced
            .iter()
            .filter_map(|p| {
                let (catalog, flags) =
                    if p.in_custom { (self.custom.as_ref()?, &custom_stale) } else { (self.base, &base_stale) };
                let offer = catalog.data.offers.get(p.index)?;
                let stale = flags.get(offer.source as usize).cloned().flatten();
                let retirement = retirement_of(catalog.retirement_rows(), p.index);
                Some(Entry { catalog, offer, prices: p.prices, notes: &p.notes, stale, retirement, shape: p.shape })
            })
            .collect()
    }

    fn apply(&self, catalog: &Catalog, offer: &Offer) -> (Prices, Vec<Flag>) {
        let mut p = offer.prices;
        let mut notes = Vec::new();
        if let Some(OriginalPrice { currency, on_demand_per_hour }) = &offer.original_price {
            if let Some(rate) = self.user.exchange_rates.get(currency.as_str()) {
                p.on_demand = Some(on_demand_per_hour / rate);
                notes.push(flag("user-rate", format!("converted at your rate of {rate} {currency} per USD")));
            }
        }
        if let Some(pct) = self.user.discounts.get(offer.provider.as_str()).filter(|d| **d > 0.0) {
            let keep = 1.0 - pct / 100.0;
            for price in [&mut p.on_demand, &mut p.reserved_1y, &mut p.reserved_3y] {
                *price = price.map(|v| v * keep);
            }
            notes.push(flag(
                "user-discount",
                format!("your {pct}% discount on {} (on-demand and reserved)", offer.provider),
            ));
        }
        if let Some(o) = self.user.overrides.get(&offer_id(catalog, offer)) {
            let pairs = [
                (&mut p.on_demand, o.on_demand),
                (&mut p.spot, o.spot),
                (&mut p.reserved_1y, o.reserved_1y),
                (&mut p.reserved_3y, o.reserved_3y),
            ];
            for (slot, value) in pairs {
                if value.is_some() {
                    *slot = value;
                }
            }
            if o.reserved_1y.is_some() {
                p.reserved_1y_derived = false;
            }
            if o.reserved_3y.is_some() {
                p.reserved_3y_derived = false;
            }
            notes.push(flag("user-override", "prices you entered for this offer"));
        }
        (p, notes)
    }
}

/// The user's custom offers as a small catalog of their own, sharing the
/// embedded catalog's accelerators and regions by value.
fn build_custom(base: &Catalog, user: &UserPrices, field: &str) -> Result<Option<Catalog>, Error> {
    if user.custom_offers.is_empty() {
        return Ok(None);
    }
    let data = &base.data;
    let mut b = Builder::new(data.accelerators.clone(), data.accelerator_aliases.clone(), data.regions.clone());
    let mut rates: BTreeMap<String, f64> =
        data.exchange_rates.iter().map(|r| (r.currency.to_string(), r.units_per_usd)).collect();
    rates.extend(user.exchange_rates.clone());
    for (i, c) in user.custom_offers.iter().enumerate() {
        let at = format!("{field}.customOffers[{i}]");
        check_offer(i, c).map_err(|e| Error::new(format!("{field}.{}", e.field), e.message))?;
        if b.accelerator_index(&c.accelerator).is_none() {
            b.accelerators.push(unspecified(&c.accelerator, c.memory_per_gpu_gib));
        }
        let currency = c.currency.clone().unwrap_or_else(|| "USD".into()).to_ascii_uppercase();
        let rate = if currency == "USD" {
            1.0
        } else {
            *rates.get(&currency).ok_or_else(|| {
                Error::new(
                    format!("{at}.currency"),
                    format!("no exchange rate for {currency}; add one under exchangeRates"),
                )
            })?
        };
        let usd = |v: Option<f64>| v.map(|x| x / rate);
        let source = b.source_index(super::schema::Source {
            provider: c.provider.clone().into(),
            name: c.source.clone().unwrap_or_else(|| "your catalog".into()).into(),
            path: String::new().into(),
            commit: String::new().into(),
            snapshot_date: c.date.clone().filter(|d| super::sources::fields::is_iso_date(d)).map(Into::into),
            date_note: c.date.clone().unwrap_or_else(|| "undated".into()).into(),
        });
        let draft = OfferDraft {
            provider: c.provider.trim().to_ascii_lowercase(),
            instance: c.instance.trim().to_string(),
            region: c.region.trim().to_string(),
            accelerator: c.accelerator.trim().to_string(),
            gpu_count: c.gpu_count,
            memory_per_gpu_gib: c.memory_per_gpu_gib,
            vcpus: c.vcpus,
            memory_gib: c.memory_gib,
            prices: Prices { on_demand: usd(c.on_demand), spot: usd(c.spot), ..Prices::default() },
            original_price: (currency != "USD")
                .then_some(c.on_demand)
                .flatten()
                .map(|v| OriginalPrice { currency: currency.clone().into(), on_demand_per_hour: v }),
            flags: vec![flag("custom-offer", "from your own catalog")],
        };
        b.add(draft, source, &at).map_err(|m| Error::new(at.clone(), m))?;
        if let Some(last) = b.offers.last_mut() {
            last.rdma_declared = c.interconnect.as_deref().and_then(super::custom_file::interconnect_rdma);
        }
        if let Some(offer) = b.offers.len().checked_sub(1) {
            for (years, value) in [(1, usd(c.reserved_1y)), (3, usd(c.reserved_3y))] {
                if let Some(v) = value {
                    b.set_reserved(offer, years, v, false);
                }
            }
        }
    }
    let flag_sets = b.take_flag_sets();
    let data = super::schema::CatalogData {
        format_version: super::schema::FORMAT_VERSION,
        sources: b.sources,
        accelerators: b.accelerators,
        regions: b.regions,
        flags: b.flags,
        flag_sets,
        exchange_rates: data.exchange_rates.clone(),
        providers: data.providers.clone(),
        accelerator_aliases: b.aliases,
        offers: b.offers,
        capabilities: data.capabilities.clone(),
        country_points: data.country_points.clone(),
    };
    Ok(Some(Catalog::new(data)))
}
