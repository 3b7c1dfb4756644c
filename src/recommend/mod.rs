//! `recommend(request)`: every offer fitted to the demand under the user's
//! constraints, ranked with reasons; every offer not kept says why not.
//!
//! Pipeline: demand (the workload estimate) → hard constraints → fit per
//! offer (GPUs, instances, time) → every pricing plan → rank on the chosen
//! plan, Pareto front; then, only for what is returned, views, scorecards,
//! reasons and a proof-of-concept suggestion. The per-offer pass keeps
//! numbers and codes, never text.

pub mod answer;
pub mod explain;
pub mod facts;
pub mod fit;
pub mod lead;
pub mod outcome;
pub mod request;
pub mod roles;
pub mod words;

use crate::catalog::query::{view, JurisdictionName};
use crate::catalog::schema::Accelerator;
use crate::catalog::user::{offer_id, Entry, PricedCatalog};
use crate::catalog::Catalog;
use crate::cost::api_break_even::ApiBreakEven;
use crate::cost::blended::LoadProfile;
use crate::cost::{Extras, HourlyPrices, Load, PlanSet, Terms};
use crate::error::Error;
use crate::workload::kinds::training::LayoutMemo;
use crate::workload::{Between, Demand, EstimateResponse, FitReach, Reading};
pub use answer::*;
use fit::{Fit, FitInput};
use outcome::{exclude, Exclusion};
pub use request::{Rank, RecommendRequest};
use std::collections::{BTreeMap, HashMap};

fn offer_ref(e: &Entry) -> OfferRef {
    OfferRef {
        id: offer_id(e.catalog, e.offer),
        provider: e.offer.provider.to_string(),
        instance: e.offer.instance.to_string(),
        region: e.catalog.region_of(e.offer).map_or(String::new(), |g| g.id.to_string()),
        accelerator: e.catalog.accelerator_of(e.offer).map_or(String::new(), |a| a.key.to_string()),
    }
}

/// Which accelerator vendors the `vendors` constraint allows, decided once
/// per distinct vendor of the catalogs (a vendor is allowed when its name
/// contains one asked for), so the per-offer pass does one lookup.
fn vendors_allowed<'c>(priced: &'c PricedCatalog, checked: &request::Checked) -> HashMap<&'c str, bool> {
    let tables = [Some(priced.base), priced.custom.as_ref()];
    let mut allowed = HashMap::new();
    for a in tables.into_iter().flatten().flat_map(|t| t.data.accelerators.iter()) {
        allowed.entry(&*a.vendor).or_insert_with(|| {
            let vendor = a.vendor.to_ascii_lowercase();
            checked.vendors.iter().any(|v| vendor.contains(v.as_str()))
        });
    }
    allowed
}

/// The first hard constraint an offer breaks, if any: one set lookup per
/// constraint, whatever the length of its list.
fn constraint_failure(
    e: &Entry,
    a: &Accelerator,
    r: &RecommendRequest,
    checked: &request::Checked,
    vendors: &HashMap<&str, bool>,
) -> Option<Exclusion> {
    let c = &r.constraints;
    let o = e.offer;
    let region = e.catalog.region_of(o);
    if !checked.providers.is_empty() && !checked.providers.contains_key(&*o.provider) {
        return Some(exclude("provider", &[("asked", checked.providers.len() as f64)]));
    }
    let region_id = region.map_or("", |g| &*g.id);
    if !checked.regions.is_empty() && !checked.regions.contains(&region_id.to_ascii_lowercase()) {
        return Some(exclude("region", &[("asked", checked.regions.len() as f64)]));
    }
    let jurisdiction = region.map_or(JurisdictionName::Unknown, |g| g.jurisdiction.into());
    if !checked.jurisdictions.is_empty() && !checked.jurisdictions.contains(&jurisdiction) {
        return Some(exclude("jurisdiction", &[]));
    }
    if !checked.accelerators.is_empty() && !checked.accelerators.contains(&*a.key) {
        return Some(exclude("accelerator", &[]));
    }
    if !checked.vendors.is_empty() && !vendors.get(&*a.vendor).copied().unwrap_or(false) {
        return Some(exclude("vendor", &[]));
    }
    if !checked.stacks.is_empty() && !checked.stacks.contains(facts::stack(a)) {
        return Some(exclude("software-stack", &[]));
    }
    if !checked.compliance.is_empty() {
        let provider_facts = e.catalog.data.providers.iter().find(|p| p.provider == o.provider);
        for rule in &checked.compliance {
            if rule == &facts::Compliance::Gdpr && jurisdiction != JurisdictionName::Eu {
                return Some(exclude("compliance", &[("rule", rule.index() as f64), ("residency", 1.0)]));
            }
            let status = rule.status(provider_facts);
            let allowed = status.is_yes() || (c.allow_unknown_compliance && status == facts::Status::Unknown);
            if !allowed {
                return Some(exclude(
                    "compliance",
                    &[("rule", rule.index() as f64), ("status", status.index() as f64)],
                ));
            }
        }
    }
    if e.retired() {
        return Some(exclude("retired", &[]));
    }
    if !c.include_doubtful_prices
        && e.catalog.flags_of(o).any(|f| f.code == "doubtful-price" || f.code == "placeholder-price")
    {
        return Some(exclude("doubtful-price", &[]));
    }
    if c.confidential_computing && !facts::confidential(o) {
        return Some(exclude("confidential", &[]));
    }
    if c.bare_metal && !facts::bare_metal(o) {
        return Some(exclude("bare-metal", &[]));
    }
    let rules = &checked.lead;
    if rules.desktop && lead::desktop(lead::of(e)) == lead::Known::No {
        return Some(exclude("no-desktop-hosting", &[]));
    }
    if rules.desktop {
        if let Some(ms) = lead::users_rtt_ms(e, rules).filter(|ms| *ms > lead::DESKTOP_RTT_LIMIT_MS) {
            return Some(exclude("users-too-far", &[("rttMs", ms.round()), ("limitMs", lead::DESKTOP_RTT_LIMIT_MS)]));
        }
    }
    None
}

/// Energy and emissions of the run in numbers: kWh, kg CO2e (unknown grid → `None`), PUE used.
fn footprint_numbers(e: &Entry, a: &Accelerator, fit: &Fit) -> Option<(f64, Option<f64>, f64)> {
    let watts = a.tdp_watts?;
    let region = e.catalog.region_of(e.offer)?;
    let pue = region.pue.unwrap_or(1.58);
    let kwh = fit.gpus * watts * 0.8 * fit.hours * pue / 1000.0;
    Some((kwh, region.carbon_g_per_kwh.map(|g| kwh * g / 1000.0), pue))
}

/// The footprint with its assumptions in words, for a returned candidate.
fn footprint(e: &Entry, a: &Accelerator, fit: &Fit) -> Option<Footprint> {
    let (kwh, co2_kg, pue) = footprint_numbers(e, a, fit)?;
    let pue_known = e.catalog.region_of(e.offer).is_some_and(|g| g.pue.is_some());
    Some(Footprint {
        kwh,
        co2_kg,
        pue,
        assumptions: format!(
            "{} GPUs × {} W × 80% load × {} h × PUE {pue}{}; GPU power only",
            words::num(fit.gpus),
            words::num(a.tdp_watts.unwrap_or(0.0)),
            words::num(fit.hours),
            if pue_known { "" } else { " (industry average: the provider's is unknown)" }
        ),
    })
}

/// Every plan's cost for one fitted offer: numbers only.
fn plans_for(e: &Entry, f: &Fit, checked: &request::Checked, profile: Option<&LoadProfile>) -> Result<PlanSet, Error> {
    let per_instance = e.offer.gpu_count;
    let job = checked.job.describe();
    let hosts = e.catalog.accelerator_of(e.offer).map_or(1.0, |a| facts::hosts_per_instance(e.offer, a));
    let load = match profile {
        // The profile counts deployments: each is the fit's instances.
        Some(p) => LoadProfile {
            base_instances: p.base_instances * f.instances,
            peak_instances: p.peak_instances * f.instances,
            ..*p
        }
        .to_load(per_instance),
        None if job.service => Load::service(f.instances, f.hours, checked.months, per_instance),
        None => Load::job(f.instances, f.hours, per_instance),
    };
    let terms = Terms {
        interruptible: job.interruptible,
        peak_interruptible: profile.is_some_and(|p| p.peak_interruptible),
        // Hosts, not instances: a 128-chip TPU slice is one instance of 16 hosts.
        synchronous: job.synchronous && f.instances * hosts > 1.0,
        hosts_per_instance: hosts,
        ..checked.terms
    };
    let mut extras = if checked.has_extras {
        let region = e.catalog.region_of(e.offer).map_or("", |g| &*g.id);
        checked.hidden.extras(&e.offer.provider, region, load.months())?
    } else {
        // Nothing stored or sent out was asked for: zero, not unknown.
        Extras { storage_usd: Some(0.0), egress_usd: Some(0.0), ..Extras::default() }
    };
    if let Some(desktops) = checked.desktops {
        // One CCU licence per concurrent desktop, for every month of the horizon.
        let payer = crate::cost::licence::Payer::of(lead::of(e).map(|c| &*c.vgpu_licence));
        extras.licence =
            Some(crate::cost::licence::DesktopLicence::new(payer, desktops, load.months(), checked.licence_quote)?);
    }
    Ok(crate::cost::plans(HourlyPrices::from(&e.prices), &load, &terms, &extras))
}

/// Every offer's outcome under one request: kept with its fit and hourly
/// price, or left out with the reason why.
struct Evaluation<'p> {
    demand: EstimateResponse,
    entries: Vec<Entry<'p>>,
    /// The offers kept, as the numbers the ranking needs (about 100 bytes each).
    kept: Vec<Scored>,
    /// The demand per accelerator row, for the candidates returned.
    estimates: Demands,
    /// The fastest candidate's hours (what finishing later is measured against).
    fastest_hours: f64,
    /// Entry index and reason, in the documented order: reasons about the
    /// workload first, offers the user's own filters removed last.
    excluded: Vec<(usize, Exclusion)>,
    /// Why the estimate failed, by accelerator key (code `specs`).
    specs_errors: HashMap<String, String>,
}

/// The user's filters: offers they remove are listed after the workload's reasons.
const FILTER_CODES: [&str; 6] = ["provider", "region", "jurisdiction", "accelerator", "vendor", "software-stack"];

fn evaluate<'p>(
    priced: &'p PricedCatalog,
    r: &RecommendRequest,
    checked: &request::Checked,
    known: Option<Demands>,
) -> Result<Evaluation<'p>, Error> {
    evaluate_with(priced, r, checked, Curves::AsFarAsFitsReach, known)
}

/// The demands per accelerator row of a `Planner`'s last answer, for its next
/// call. A change that leaves the workload as it was (a constraint, the
/// ranking, a price plan, the page of candidates) then reuses them instead of
/// searching each accelerator's layouts again: about a third of a training
/// answer's time, half of a serving one's (docs/PERFORMANCE.md). Kept under a
/// key of everything a demand reads, so any other change computes the demands
/// afresh; a training row's layout searches are kept with it (`LayoutMemo`,
/// which reads no token count), so a new token count does not search again.
#[derive(Default)]
pub struct DemandMemo(std::sync::Mutex<Option<(String, Demands)>>);

impl DemandMemo {
    /// Runs `answer` with the rows kept for this request's workload (none
    /// without a memo or under another key), then keeps the rows it returns.
    fn around<T>(
        memo: Option<&DemandMemo>,
        r: &RecommendRequest,
        checked: &request::Checked,
        answer: impl FnOnce(Option<Demands>) -> Result<(T, Demands), Error>,
    ) -> Result<T, Error> {
        let Some(memo) = memo else { return answer(None).map(|(value, _)| value) };
        let key = demand_key(r, checked);
        // Under another key the demands go; the layout searches stay (each checks its own job).
        let kept = memo.0.lock().ok().and_then(|mut kept| kept.take()).map(|(k, mut rows)| {
            if k != key {
                rows.forget_demands();
            }
            rows
        });
        let (value, rows) = answer(kept)?;
        if let Ok(mut kept) = memo.0.lock() {
            *kept = Some((key, rows));
        }
        Ok(value)
    }
}

/// What the demand on an accelerator row depends on besides the row itself:
/// the workload and its overrides (the checked job is made from them), and
/// how far a fit may reach (the deadline, the virtualization overhead; a
/// planner's answers always compute the curves as far as fits reach). The
/// planner's catalog and prices are fixed for its life.
fn demand_key(r: &RecommendRequest, checked: &request::Checked) -> String {
    format!("{:?}\u{1f}{:?}\u{1f}{:?}\u{1f}{}", r.workload, r.overrides, r.constraints.deadline_hours, checked.overhead)
}

/// How far each demand's training scaling curve is computed.
#[derive(Clone, Copy)]
enum Curves {
    /// As far as the offers' fits can reach (the answer).
    AsFarAsFitsReach,
    /// Whole, to the largest cluster (the test that the cut changes no fit).
    #[cfg_attr(not(test), allow(dead_code))]
    Whole,
}

fn evaluate_with<'p>(
    priced: &'p PricedCatalog,
    r: &RecommendRequest,
    checked: &request::Checked,
    curves: Curves,
    kept_demands: Option<Demands>,
) -> Result<Evaluation<'p>, Error> {
    let catalog = priced.base;
    let job = &checked.job;
    let demand = {
        let (numbers, words) =
            job.demand_on(catalog, None, FitReach::Any, None, Between::default(), Reading::NumbersAndWords)?;
        job.view(&numbers, words, None)
    };
    let known = priced.providers();
    // The first unknown provider as listed (each distinct id checked once).
    let unknown = checked.providers.iter().filter(|(p, _)| !known.contains(&p.as_str())).map(|(_, i)| *i).min();
    if let Some(i) = unknown {
        return Err(Error::new(
            format!("constraints.providers[{i}]"),
            format!("unknown provider `{}`; the catalog has: {}", r.constraints.providers[i], known.join(", ")),
        ));
    }
    let vendors = vendors_allowed(priced, checked);

    let age = crate::catalog::age::AgeReference::resolve(catalog, r.today.as_deref(), "today")?;
    let entries = priced.entries(age.as_ref());
    // One estimate per accelerator table entry (the embedded and a custom catalog have their own).
    let base = std::ptr::from_ref(catalog) as usize;
    let (reads_fabric, reads_node_size) = {
        let d = job.describe();
        (d.reads_fabric, d.reads_node_size)
    };
    let mut estimates = kept_demands
        .filter(|d| d.base == base && d.reads_fabric == reads_fabric && d.reads_node_size == reads_node_size)
        .unwrap_or_else(|| Demands { base, reads_fabric, reads_node_size, rows: [Vec::new(), Vec::new()] });
    // Without a deadline a fit takes whole instances, at most the accelerator's
    // largest in the offer's catalog; with one it grows until the deadline is met.
    let reach = |e: &Entry| match (curves, r.constraints.deadline_hours, priced.largest_gpu_count(e)) {
        (Curves::Whole, _, _) | (_, _, None) => FitReach::Any,
        (_, None, Some(largest_gpu_count)) => FitReach::WholeInstancesOf { largest_gpu_count },
        (_, Some(hours), Some(largest_gpu_count)) => {
            FitReach::Deadline { hours, overhead: checked.overhead, largest_gpu_count }
        }
    };
    // Every offer lands in one of the two: sized once, never grown (copied) on the way.
    let mut kept = Vec::with_capacity(entries.len());
    let mut excluded = Vec::with_capacity(entries.len());
    // One fit per offer shape: the same instance in another region fits alike.
    let mut fits: Vec<Option<Result<Fit, Exclusion>>> = vec![None; priced.shape_count()];
    for (index, e) in entries.iter().enumerate() {
        let Some(a) = e.catalog.accelerator_of(e.offer) else { continue };
        let outcome = constraint_failure(e, a, r, checked, &vendors).map_or_else(
            || {
                let mut fit_afresh = || {
                    // The reach is read only when the accelerator row's demand is first computed.
                    let between = Between { fabric: estimates.fabric(e), node_gpus: estimates.node_gpus(e) };
                    let (demand, layouts) = estimates.slot(e, between);
                    // The candidates' words come from the request's own demand.
                    let estimate = demand.get_or_insert_with(|| {
                        job.demand_on(e.catalog, Some(a), reach(e), Some(layouts), between, Reading::NumbersOnly)
                            .map(|(numbers, _)| numbers)
                    });
                    let estimate = estimate.as_ref().map_err(|_| exclude("specs", &[]))?;
                    fit_offer(e, a, estimate, r, checked)
                };
                // Borrowed from the shape's slot, not copied: a fit is about 760 bytes, read by every offer.
                let fresh;
                let f = match fits.get_mut(e.shape as usize) {
                    Some(slot) => slot.get_or_insert_with(fit_afresh).as_ref().map_err(|x| *x)?,
                    None => {
                        fresh = fit_afresh()?;
                        &fresh
                    }
                };
                let plans =
                    plans_for(e, f, checked, r.pricing.load.as_ref()).map_err(|_| exclude("price-unknown", &[]))?;
                let Some((_, chosen)) = plans.chosen(checked.plan) else {
                    return Err(exclude("price-unknown", &[]));
                };
                if let Some(budget) = r.constraints.budget_usd {
                    if chosen.total > budget {
                        return Err(exclude("budget", &[("costUsd", chosen.total), ("budgetUsd", budget)]));
                    }
                }
                Ok(scored(e, index, a, f, &plans, checked))
            },
            Err,
        );
        match outcome {
            Ok(s) => kept.push(s),
            Err(x) => excluded.push((index, x)),
        }
    }
    let fastest_hours = kept.iter().map(|k| k.hours).fold(f64::INFINITY, f64::min);
    // A stable sort keeps the catalog's order within each group.
    excluded.sort_by_key(|(_, x)| FILTER_CODES.contains(&x.code));
    // One entry per failed accelerator row, not per offer.
    let tables = [Some(catalog), priced.custom.as_ref()];
    let specs_errors = estimates
        .rows
        .iter()
        .zip(tables)
        .filter_map(|(rows, table)| Some((rows, table?)))
        .flat_map(|(rows, table)| {
            rows.iter().enumerate().filter_map(move |(row, slot)| {
                // The first failed fabric of the row: a demand fails on the accelerator.
                let message = slot.demands.iter().find_map(|(_, d)| d.as_ref()?.as_ref().err())?.message.clone();
                Some((table.data.accelerators.get(row)?.key.to_string(), message))
            })
        })
        .collect();
    let mut ev = Evaluation { demand, entries, kept, estimates, fastest_hours, excluded, specs_errors };
    // Finishing later than the fastest candidate costs what the user says a day
    // is worth; that can change each offer's best plan, so they are costed again.
    if checked.hidden.delay_cost_usd_per_day.is_some_and(|d| d > 0.0) {
        let kept: Vec<Scored> = ev
            .kept
            .iter()
            .filter_map(|k| {
                let e = &ev.entries[k.entry];
                let (f, plans) = refit(&ev, k, r, checked)?;
                Some(scored(e, k.entry, e.catalog.accelerator_of(e.offer)?, &f, &plans, checked))
            })
            .collect();
        ev.kept = kept;
    }
    Ok(ev)
}

/// The demand per accelerator row, computed once per request: one table for
/// the embedded catalog, one for a custom catalog (each has its own rows). A
/// kind that reads the fabric between instances (`Description::reads_fabric`)
/// has one demand per accelerator and fabric per GPU: a p4d's 400 Gb/s per
/// eight A100s is not an ND A100 v4's 1.6 Tb/s.
struct Demands {
    base: usize,
    reads_fabric: bool,
    /// The kind reads the GPUs of one instance (`Description::reads_node_size`).
    reads_node_size: bool,
    /// By accelerator row.
    rows: [Vec<Row>; 2],
}

/// Where a demand sits in its row: the fabric's bits and the node's (0 for the default node).
type DemandKey = (u64, u64);

/// One accelerator row: its demand on each fabric and node once computed (one
/// unless its offers state different fabrics or are smaller RDMA instances), and
/// the layout searches made for them (shared: a search within one node reads no fabric).
#[derive(Default)]
struct Row {
    /// By the fabric per GPU in bytes/s and the node's GPUs (`Demands::node_gpus`, 0 for the
    /// default node), as bits (the default's fabric when none is stated).
    demands: Vec<(DemandKey, Option<Result<Demand, Error>>)>,
    layouts: LayoutMemo,
}

impl Demands {
    fn table(&self, e: &Entry) -> usize {
        usize::from(std::ptr::from_ref(e.catalog) as usize != self.base)
    }

    /// The offer's stated fabric when the kind reads it.
    fn fabric(&self, e: &Entry) -> Option<(f64, &'static str)> {
        if self.reads_fabric {
            facts::stated_fabric(e.offer)
        } else {
            None
        }
    }

    /// The GPUs of the offer's NVLink domain when the kind reads the node's size and that domain
    /// spans instances (`facts::nvlink_rack_gpus`); else the instance's GPUs where it is
    /// an RDMA-class one smaller than the default node: a cluster of them is one node per
    /// instance. Other offers (an 8-GPU instance, or one that cannot join a cluster) keep the
    /// default node, so their demand is shared.
    fn node_gpus(&self, e: &Entry) -> Option<f64> {
        let gpus = e.offer.gpu_count;
        let default = crate::workload::kinds::training::DEFAULT_GPUS_PER_NODE;
        // An NVLink domain larger than the instance (an NVL72 rack of 4-GPU VMs) is the node.
        if let Some(rack) = facts::nvlink_rack_gpus(e.offer).filter(|_| self.reads_node_size) {
            return Some(rack);
        }
        (self.reads_node_size && (1.0..default).contains(&gpus) && facts::rdma(e.offer) == Some(true)).then_some(gpus)
    }

    /// Offers without a stated fabric share the default's demand with those that state the default.
    fn fabric_bits(fabric: Option<(f64, &'static str)>) -> u64 {
        fabric.map_or(crate::workload::kinds::RDMA_BYTES_PER_S_PER_GPU, |(per_gpu, _)| per_gpu).to_bits()
    }

    /// The row's demand on `between`'s fabric and node (`None` until computed) and the row's
    /// layout searches.
    fn slot(&mut self, e: &Entry, between: Between) -> (&mut Option<Result<Demand, Error>>, &mut LayoutMemo) {
        let (table, row, bits) = (self.table(e), e.offer.accelerator as usize, Self::key(between));
        let rows = &mut self.rows[table];
        if rows.len() <= row {
            rows.resize_with(row + 1, Row::default);
        }
        let Row { demands, layouts } = &mut rows[row];
        let at = demands.iter().position(|(b, _)| *b == bits).unwrap_or_else(|| {
            demands.push((bits, None));
            demands.len() - 1
        });
        (&mut demands[at].1, layouts)
    }

    fn key(between: Between) -> DemandKey {
        (Self::fabric_bits(between.fabric), between.node_gpus.map_or(0, f64::to_bits))
    }

    fn get(&self, e: &Entry) -> Option<&Result<Demand, Error>> {
        let bits = Self::key(Between { fabric: self.fabric(e), node_gpus: self.node_gpus(e) });
        let row = self.rows[self.table(e)].get(e.offer.accelerator as usize)?;
        row.demands.iter().find(|(b, _)| *b == bits)?.1.as_ref()
    }

    /// For another workload: every demand computed again, the layout searches kept.
    fn forget_demands(&mut self) {
        self.rows.iter_mut().flatten().for_each(|row| row.demands.clear());
    }
}

/// A kept offer as the ranking sees it: numbers only.
fn scored(e: &Entry, index: usize, a: &Accelerator, f: &Fit, plans: &PlanSet, checked: &request::Checked) -> Scored {
    // Every kept offer has a chosen plan (evaluate excludes the rest).
    let chosen = plans.chosen(checked.plan).map(|(_, figure)| figure);
    Scored {
        entry: index,
        usd_per_hour: chosen.map_or(f64::INFINITY, |figure| figure.usd_per_hour()),
        total: chosen.map_or(f64::INFINITY, |figure| figure.total),
        hours: f.hours,
        co2_kg: footprint_numbers(e, a, f).and_then(|(_, co2, _)| co2),
        peak_tflops: f.peak_tflops,
        gpus: f.gpus,
        instances: f.instances,
        doubts: doubt_flags(e).count(),
        accelerator: std::ptr::from_ref(a) as usize,
        tier: lead::tier(e, &checked.lead).0,
        score: 0.0,
        pareto: false,
    }
}

/// The doubt flags of a returned candidate, or `None` when its data raise none.
fn doubt(e: &Entry, s: &Scored) -> Option<Doubt> {
    let flags: Vec<String> = doubt_flags(e).map(|f| f.code.to_string()).collect();
    let weight = explain::doubt_weight(flags.len());
    (!flags.is_empty()).then_some(Doubt { flags, weight, risk_adjusted_total: s.total * weight })
}

fn doubt_flags<'e>(e: &'e Entry) -> impl Iterator<Item = &'e crate::catalog::schema::Flag> {
    e.flags().filter(|flag| explain::RANK_DOUBT_FLAGS.contains(&&*flag.code))
}

/// The demand fitted to one offer under the request's terms.
fn fit_offer(
    e: &Entry,
    a: &Accelerator,
    demand: &Demand,
    r: &RecommendRequest,
    checked: &request::Checked,
) -> Result<Fit, Exclusion> {
    fit::fit(
        &checked.job,
        demand,
        &FitInput {
            offer: e.offer,
            accel: a,
            overhead: checked.overhead,
            service_hours: checked.service_hours,
            deadline_hours: r.constraints.deadline_hours,
        },
    )
}

/// A returned candidate's fit and plans again, in full (the pass kept only
/// numbers; fitting is a pure function of the same inputs).
fn refit(ev: &Evaluation, s: &Scored, r: &RecommendRequest, checked: &request::Checked) -> Option<(Fit, PlanSet)> {
    let e = &ev.entries[s.entry];
    let a = e.catalog.accelerator_of(e.offer)?;
    let estimate = ev.estimates.get(e)?.as_ref().ok()?;
    let f = fit_offer(e, a, estimate, r, checked).ok()?;
    let mut plans = plans_for(e, &f, checked, r.pricing.load.as_ref()).ok()?;
    if let Some(per_day) = checked.hidden.delay_cost_usd_per_day.filter(|d| *d > 0.0) {
        plans = plans.with_delay(ev.fastest_hours, per_day);
    }
    Some((f, plans))
}

/// `recommend(request)` on the embedded catalog with the request's own prices.
pub fn recommend(catalog: &Catalog, r: &RecommendRequest) -> Result<RecommendResponse, Error> {
    recommend_priced(&PricedCatalog::new(catalog, &r.pricing.user_prices, "pricing.userPrices")?, r)
}

/// `recommend(request)` on a catalog already priced for the user.
pub fn recommend_priced(priced: &PricedCatalog, r: &RecommendRequest) -> Result<RecommendResponse, Error> {
    recommend_priced_with(priced, r, None, Detail::Full)
}

/// How much of each returned candidate an answer builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// Everything (`recommend`).
    Full,
    /// What its results row shows (`recommendRows`): no scorecard, no provider
    /// capabilities, no footprint or API break-even, and the plans' figures
    /// without their words (lines, mix, warnings), all of which the row leaves
    /// out anyway; they were a sixth of a native 100-candidate answer
    /// (docs/PERFORMANCE.md, round 21).
    Row,
}

/// `recommend_priced`, reusing (and then keeping) the demands in `memo` when
/// the workload is the one they were computed for.
pub fn recommend_priced_with(
    priced: &PricedCatalog,
    r: &RecommendRequest,
    memo: Option<&DemandMemo>,
    detail: Detail,
) -> Result<RecommendResponse, Error> {
    let checked = request::check(r, priced.base)?;
    DemandMemo::around(memo, r, &checked, |known| recommend_checked(priced, r, &checked, known, detail))
}

fn recommend_checked(
    priced: &PricedCatalog,
    r: &RecommendRequest,
    checked: &request::Checked,
    known: Option<Demands>,
    detail: Detail,
) -> Result<(RecommendResponse, Demands), Error> {
    let catalog = priced.base;
    let mut evaluation = evaluate(priced, r, checked, known)?;
    let mut scored = std::mem::take(&mut evaluation.kept);
    let (entries, all_excluded) = (&evaluation.entries, &evaluation.excluded);
    // The places the answer returns are ranked, the rest left unordered; a deadline's answer
    // reads each accelerator's first place, so it ranks them all.
    let ordered = if r.constraints.deadline_hours.is_some() {
        scored.len()
    } else {
        checked.offset.saturating_add(checked.limit)
    };
    let front = explain::rank(&mut scored, r.priorities.rank, ordered);
    let context = explain::Context::of(&scored);
    let pareto_front =
        front.iter().map(|&i| offer_id(entries[scored[i].entry].catalog, entries[scored[i].entry].offer)).collect();
    let on_demand = |s: &Scored| entries[s.entry].prices.on_demand;
    let kind = checked.job.describe().kind;
    let proof_of_concept = explain::proof_of_concept(&scored, r.priorities.rank, on_demand)
        .map(|(pick, per_hour, hours)| explain::proof_of_concept_text(&entries[pick.entry], per_hour, hours, kind));
    let buy_vs_rent = buy_vs_rent_start(&scored, r.priorities.rank, entries, catalog);
    let candidates: Vec<Candidate> = scored
        .iter()
        .enumerate()
        .skip(checked.offset)
        .take(checked.limit)
        .filter_map(|(i, s)| {
            let e = &entries[s.entry];
            let a = e.catalog.accelerator_of(e.offer)?;
            let (f, plans) = refit(&evaluation, s, r, checked)?;
            let stack = facts::stack(a);
            let (lock_in, lock_in_zh) = facts::lock_in(stack);
            let mut c = Candidate {
                rank: i + 1,
                offer: view(e),
                fit: fit_view(&f, a, e.offer.gpu_count),
                hours: f.hours,
                cost: match detail {
                    Detail::Full => crate::cost::text::describe(&plans, checked.plan, checked.overhead),
                    Detail::Row => crate::cost::text::figures(&plans, checked.plan, checked.overhead, false),
                },
                // Not in a row (`Candidate::into_row`): the footprint's words are a `format!` each.
                api_break_even: if detail == Detail::Full { api_break_even(r, checked, &plans) } else { None },
                footprint: if detail == Detail::Full { footprint(e, a, &f) } else { None },
                doubt: doubt(e, s),
                score: s.score,
                pareto: s.pareto,
                reasons: Vec::new(),
                reasons_zh: Vec::new(),
                software_stack: stack,
                lock_in,
                lock_in_zh,
                scorecard: Scorecard::default(),
                tier: s.tier,
                capabilities: if detail == Detail::Full { lead::of(e).map(CapabilitiesView::of) } else { None },
                users_rtt_ms: lead::users_rtt_ms(e, &checked.lead),
            };
            if detail == Detail::Full {
                let provider = catalog.data.providers.iter().find(|p| p.provider == c.offer.provider);
                c.scorecard = explain::scorecard(&c, &context, provider);
            }
            let (mut en, mut zh) = explain::reasons(&c, &context, r.priorities.rank);
            if facts::arm_host(e.offer, a) {
                en.push("Arm host (AWS Graviton or NVIDIA Grace): x86-only wheels, container images and binaries will not run; use arm64 (aarch64) builds.".into());
                zh.push("Arm 主机（AWS Graviton 或 NVIDIA Grace）：仅支持 x86 的软件包、容器镜像和二进制程序无法运行；请使用 arm64 版本。".into());
            }
            for below in lead::tier(e, &checked.lead).1 {
                let (b_en, b_zh) = below.words(&c.offer.provider, c.users_rtt_ms);
                en.push(b_en);
                zh.push(b_zh);
            }
            c.reasons = en;
            c.reasons_zh = zh;
            Some(c)
        })
        .collect();
    let mut by_reason: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (_, x) in all_excluded {
        *by_reason.entry(x.code).or_default() += 1;
    }
    let excluded_total = all_excluded.len();
    let excluded = all_excluded
        .iter()
        .take(checked.excluded_limit)
        .map(|(i, x)| excluded_view(&evaluation, *i, x, checked))
        .collect();
    let mut notes = evaluation.demand.notes.clone();
    if candidates.is_empty() {
        notes.push("no offer meets every constraint: see `excluded` for why not".into());
    }
    let counts = Counts {
        considered: entries.len(),
        candidates: scored.len(),
        excluded: excluded_total,
        excluded_by_reason: by_reason,
    };
    let answer = RecommendResponse {
        verdict: checked.gpu_check.as_ref().map(Verdict::of),
        demand: evaluation.demand.clone(),
        candidates,
        excluded,
        excluded_total,
        pareto_front,
        proof_of_concept,
        buy_vs_rent,
        phases: phases_answer(priced, r)?,
        deadline: r.constraints.deadline_hours.map(|d| deadline_answer(d, &scored, entries)),
        counts,
        notes,
    };
    Ok((answer, evaluation.estimates))
}

/// The first-ranked candidate of each accelerator under a deadline: the
/// layout (GPUs, instances, hours) an estimate on that accelerator must show,
/// so the estimate and the ranking never disagree about what the deadline needs.
fn deadline_answer(deadline_hours: f64, scored: &[Scored], entries: &[Entry]) -> DeadlineAnswer {
    let mut seen = std::collections::HashSet::new();
    let layouts = scored
        .iter()
        .filter(|s| seen.insert(s.accelerator))
        .filter_map(|s| {
            let e = &entries[s.entry];
            Some(DeadlineLayout {
                accelerator: e.catalog.accelerator_of(e.offer)?.key.to_string(),
                offer_id: offer_id(e.catalog, e.offer),
                gpus: s.gpus,
                instances: s.instances,
                hours: s.hours,
                gpu_hours: s.gpus * s.hours,
            })
        })
        .collect();
    DeadlineAnswer { deadline_hours, layouts }
}

/// The cheapest on-demand offer per GPU-hour among the ranked ones with the
/// top candidate's accelerator and GPUs per instance: a like-for-like rent to
/// weigh buying against. Embedded-catalog offers only (`tco` looks ids up there).
fn buy_vs_rent_start(scored: &[Scored], rank: Rank, entries: &[Entry], catalog: &Catalog) -> Option<BuyVsRentStart> {
    let top = &entries[scored.first()?.entry];
    let same = |e: &Entry| {
        std::ptr::eq(e.catalog, catalog)
            && e.offer.accelerator == top.offer.accelerator
            && std::ptr::eq(e.catalog, top.catalog)
            && (e.offer.gpu_count - top.offer.gpu_count).abs() < 1e-9
            && e.offer.gpu_count > 0.0
    };
    let of_equals = explain::of_equals(rank);
    let (s, per_gpu) = scored
        .iter()
        .filter(|s| same(&entries[s.entry]))
        .filter_map(|s| Some((s, entries[s.entry].prices.on_demand? / entries[s.entry].offer.gpu_count)))
        .min_by(|a, b| a.1.total_cmp(&b.1).then_with(|| of_equals(a.0, b.0)))?;
    let e = &entries[s.entry];
    Some(BuyVsRentStart {
        rent_offer_id: offer_id(e.catalog, e.offer),
        accelerator: e.catalog.accelerator_of(e.offer).map_or(String::new(), |a| a.key.to_string()),
        gpus: e.offer.gpu_count,
        rent_usd_per_gpu_hour: per_gpu,
    })
}

/// Self-host vs API for an inference service, at the user's token volume.
fn api_break_even(r: &RecommendRequest, checked: &request::Checked, plans: &PlanSet) -> Option<ApiBreakEven> {
    let price = r.pricing.api_price.as_ref()?;
    let tokens = checked.job.describe().api_tokens?;
    let (_, figure) = plans.chosen(checked.plan)?;
    let self_host = plans.usd_per_month(&figure).unwrap_or(figure.total);
    let input_share = tokens.prompt / (tokens.prompt + tokens.output).max(1.0);
    Some(crate::cost::api_break_even::api_break_even(price, input_share, tokens.per_month, self_host))
}

fn fit_view(f: &Fit, a: &Accelerator, gpus_per_instance: f64) -> FitView {
    let (interconnect, interconnect_zh) = words::layout(f, a, gpus_per_instance);
    let notices: Vec<Message> = f
        .notices
        .iter()
        .map(|n| {
            let (message, message_zh) = words::notice(n, &a.key);
            Message { code: n.code, params: n.params, message, message_zh }
        })
        .collect();
    FitView {
        instances: f.instances,
        gpus: f.gpus,
        hours: f.hours,
        gpu_hours: f.gpu_hours,
        memory_needed_gib: f.memory_needed_gib,
        memory_per_gpu_gib: f.memory_per_gpu_gib,
        scaling_efficiency: f.scaling_efficiency,
        interconnect,
        interconnect_zh,
        peak_tflops: f.peak_tflops,
        warnings: notices.iter().map(|n| n.message.clone()).collect(),
        warnings_zh: notices.iter().map(|n| n.message_zh.clone()).collect(),
        notices,
        serving: f.serving.map(|s| ServingView {
            chosen: ServingOption { instances: s.chosen_instances, layout: s.chosen },
            runner_up: s.runner_up.map(|(layout, instances)| ServingOption { instances, layout }),
        }),
    }
}

fn excluded_view(evaluation: &Evaluation, index: usize, x: &Exclusion, checked: &request::Checked) -> Excluded {
    let e = &evaluation.entries[index];
    let a = e.catalog.accelerator_of(e.offer);
    let specs = a.and_then(|a| evaluation.specs_errors.get(&*a.key)).map(String::as_str);
    let (reason, reason_zh) = words::excluded(x, e, a, &checked.jurisdictions, specs);
    Excluded { offer: offer_ref(e), code: x.code, params: x.params, reason, reason_zh }
}

/// `whyNot(request, page)`: the offers `recommend` leaves out, a page at a
/// time, in the same order as `recommend`'s `excluded`. Reuses (and then
/// keeps) the demands in `memo` as `recommend_priced_with` does: the page
/// pages through why-not with the request of the answer it shows.
pub fn why_not(
    priced: &PricedCatalog,
    r: &RecommendRequest,
    page: &WhyNotPage,
    memo: Option<&DemandMemo>,
) -> Result<WhyNotResponse, Error> {
    let checked = request::check(r, priced.base)?;
    let offset = page.offset.unwrap_or(0);
    let limit = page.limit.unwrap_or(request::DEFAULT_EXCLUDED_LIMIT);
    crate::error::check_range("page.limit", f64::from(limit), 0.0, 10_000.0)?;
    DemandMemo::around(memo, r, &checked, |known| {
        let evaluation = evaluate(priced, r, &checked, known)?;
        let code = page.code.as_deref().map(str::trim).filter(|c| !c.is_empty());
        let matching: Vec<&(usize, Exclusion)> =
            evaluation.excluded.iter().filter(|(_, x)| code.is_none_or(|c| x.code == c)).collect();
        let excluded = matching
            .iter()
            .skip(offset as usize)
            .take(limit as usize)
            .map(|(i, x)| excluded_view(&evaluation, *i, x, &checked))
            .collect();
        let answer = WhyNotResponse { total: matching.len(), offset: offset as usize, excluded };
        Ok((answer, evaluation.estimates))
    })
}

/// Each phase ranked as a request of its own (this request's constraints and
/// pricing, the phase's workload, plan and months), its top candidate costed,
/// and the phases summed (`cost::phases`).
fn phases_answer(priced: &PricedCatalog, r: &RecommendRequest) -> Result<Option<PhasesAnswer>, Error> {
    if r.phases.is_empty() {
        return Ok(None);
    }
    crate::cost::phases::check_phases(&r.phases, "phases")?;
    let mut out = Vec::with_capacity(r.phases.len());
    for (i, p) in r.phases.iter().enumerate() {
        let mut one = r.clone();
        one.workload = p.workload.clone();
        one.phases = Vec::new();
        one.pricing.plan = p.plan.unwrap_or(r.pricing.plan);
        one.pricing.months = p.months.or(r.pricing.months);
        // The phase's top candidate, whatever page of candidates the request asks for.
        one.priorities.limit = Some(1);
        one.priorities.offset = None;
        one.priorities.excluded_limit = Some(0);
        // An error names the phase: `phases[1].workload.model`.
        let answer = recommend_priced(priced, &one).map_err(|mut e| {
            e.field = format!("phases[{i}].{}", e.field);
            e
        })?;
        let top = answer.candidates.first();
        let chosen = top.and_then(|c| c.cost.chosen_cost());
        out.push(PhaseAnswer {
            name: p.name.clone(),
            offer_id: top.map(|c| c.offer.id.clone()),
            plan: chosen.map(|(kind, _)| kind),
            cost: crate::cost::phases::PhaseCost {
                total: chosen.map(|(_, figure)| figure.total),
                // The plan's wall-clock hours: a job's until done, a service's over its
                // months (a candidate's `hours` is a service's hours per month).
                hours: chosen.map_or_else(|| top.map_or(0.0, |c| c.hours), |(_, figure)| figure.hours),
            },
            candidates: answer.counts.candidates,
        });
    }
    let project = crate::cost::phases::sum(&out.iter().map(|p| p.cost).collect::<Vec<_>>());
    Ok(Some(PhasesAnswer { phases: out, project }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every offer's fit with the training scaling curve cut where the fits can
    /// reach, against the whole curve: (entry, GPUs, hours) of every kept offer.
    fn fits(request: serde_json::Value, curves: Curves) -> Vec<(usize, f64, f64)> {
        let catalog = crate::catalog::embedded().unwrap();
        let r: RecommendRequest = crate::input::read("request", &crate::input::from_json(&request).unwrap()).unwrap();
        let priced = PricedCatalog::new(catalog, &r.pricing.user_prices, "pricing.userPrices").unwrap();
        let checked = request::check(&r, catalog).unwrap();
        let ev = evaluate_with(&priced, &r, &checked, curves, None).unwrap();
        ev.kept.iter().map(|k| (k.entry, k.gpus, k.hours)).collect()
    }

    #[test]
    fn a_training_fit_reads_the_same_scaling_with_the_curve_cut_at_its_reach() {
        let workloads = [
            serde_json::json!({"kind": "finetune", "model": "qwen2.5-7b", "method": "lora", "tokens": 2e8}),
            serde_json::json!({"kind": "finetune", "model": "llama-3.1-70b", "method": "full", "tokens": 1e8}),
            serde_json::json!({"kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11}),
            serde_json::json!({"kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11, "gpus": 48}),
            serde_json::json!({"kind": "pretrain", "model": "mistral-7b-v0.3", "tokens": 1e12}),
        ];
        // No deadline, deadlines that make fits grow to many nodes, and one no offer meets.
        for deadline in [None, Some(720.0), Some(48.0), Some(5.0), Some(0.5)] {
            for w in &workloads {
                let mut request = serde_json::json!({ "workload": w });
                if let Some(d) = deadline {
                    request["constraints"] = serde_json::json!({ "deadlineHours": d });
                }
                let cut = fits(request.clone(), Curves::AsFarAsFitsReach);
                let whole = fits(request, Curves::Whole);
                assert_eq!(cut, whole, "{w} with deadline {deadline:?}");
                if deadline == Some(48.0) && w["kind"] == "pretrain" && w.get("gpus").is_none() {
                    // The comparison reaches clusters well beyond one node.
                    assert!(cut.iter().any(|&(_, gpus, _)| gpus >= 256.0), "{w}: no large fit compared");
                }
            }
        }
    }

    /// The pass fits each offer shape once (`Entry::shape`); every kept offer's
    /// numbers must be those of a fit made for that offer alone.
    #[test]
    fn an_offer_shares_a_fit_only_with_offers_of_its_own_hardware() {
        let requests = [
            serde_json::json!({"workload": {"kind": "finetune", "model": "qwen2.5-7b", "method": "lora", "tokens": 2e8}}),
            serde_json::json!({"workload": {"kind": "pretrain", "model": "llama-3.1-8b", "tokens": 1e11},
                "constraints": {"deadlineHours": 48}}),
            serde_json::json!({"workload": {"kind": "inference", "model": "llama-3.1-70b", "precision": "fp8",
                "requestsPerSecond": 20, "ttftTargetMs": 1000}}),
            serde_json::json!({"workload": {"kind": "vdi", "desktops": 40, "profileGib": 4}}),
            serde_json::json!({"workload": {"kind": "raw", "gpuMemoryGib": 40, "gpuCount": 16, "hours": 10}}),
        ];
        // Custom offers are numbered after the catalog's shapes: one replaces a catalog offer,
        // one has a catalog offer's hardware under the user's own name, two share a shape.
        let file = "provider,instance,region,accelerator,gpuCount,onDemand,currency,source,date\n\
                    azure,Standard_ND96isr_H100_v5,eastus,H100,8,70.00,,our price sheet,2026-10-01\n\
                    mycloud,h100x8,eastus,H100,8,16.00,,our quote,2026-11-01\n\
                    mycloud,h100x8,westus,H100,8,17.00,,our quote,2026-11-01\n";
        let custom = crate::parse_catalog_file(file, "csv").unwrap().offers;
        let requests = requests.into_iter().chain([serde_json::json!({
            "workload": {"kind": "finetune", "model": "qwen2.5-7b", "method": "lora", "tokens": 2e8},
            "pricing": {"userPrices": {"customOffers": custom}}})]);
        let catalog = crate::catalog::embedded().unwrap();
        let mut shared = 0;
        for request in requests {
            let r: RecommendRequest =
                crate::input::read("request", &crate::input::from_json(&request).unwrap()).unwrap();
            let priced = PricedCatalog::new(catalog, &r.pricing.user_prices, "pricing.userPrices").unwrap();
            let checked = request::check(&r, catalog).unwrap();
            let ev = evaluate(&priced, &r, &checked, None).unwrap();
            assert!(!ev.kept.is_empty(), "{request}");
            let mut shapes = HashMap::new();
            let custom_shapes: std::collections::HashSet<u32> =
                ev.entries.iter().filter(|e| e.offer.provider.as_str() == "mycloud").map(|e| e.shape).collect();
            if request["pricing"].is_object() {
                assert_eq!(custom_shapes.len(), 1, "two custom offers of one hardware share a shape");
                let base_count = catalog.shapes().count;
                assert!(custom_shapes.iter().all(|&s| s >= base_count), "custom shapes follow the catalog's");
                let replaced = ev
                    .entries
                    .iter()
                    .find(|e| e.offer.instance == "Standard_ND96isr_H100_v5" && e.prices.on_demand == Some(70.0));
                assert!(replaced.is_some_and(|e| e.shape >= base_count), "a replacing offer is custom");
            }
            for k in &ev.kept {
                let (alone, _) = refit(&ev, k, &r, &checked).unwrap();
                assert_eq!((k.gpus, k.instances, k.hours), (alone.gpus, alone.instances, alone.hours), "{request}");
                *shapes.entry(ev.entries[k.entry].shape).or_insert(0) += 1;
            }
            shared += shapes.values().filter(|n| **n > 1).count();
        }
        // Offers in several regions share a shape, so the test compares shared fits.
        assert!(shared > 100, "{shared} shapes shared by several kept offers");
        assert!(
            PricedCatalog::new(catalog, &Default::default(), "").unwrap().shape_count() < catalog.data.offers.len() / 2
        );
    }
}
