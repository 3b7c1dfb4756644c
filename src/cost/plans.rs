//! Every plan's cost for one offer and one load: on-demand, reserved (1 and 3
//! years), spot, the blended mix, and the best of them. Numbers only.

use super::{spot, Breakdown, Extras, HourlyPrices, Load, Mix, PlanFigure, PlanKind, PlanSet, Terms, Tier, Warnings};

/// One tier's cost under one single plan, USD.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct TierCost {
    /// Useful time at the plan's price.
    used: f64,
    /// Paid and unused.
    idle: f64,
    /// Spot: checkpoints, lost work, restarts.
    recovery: f64,
}

impl TierCost {
    fn paid(&self) -> f64 {
        self.used + self.idle + self.recovery
    }
    fn add(self, o: TierCost) -> TierCost {
        TierCost { used: self.used + o.used, idle: self.idle + o.idle, recovery: self.recovery + o.recovery }
    }
}

/// Hours a reservation bills for a horizon of `span_hours`: whole terms.
pub fn committed_hours(term_hours: f64, span_hours: f64) -> f64 {
    // The small slack keeps 8,760.000000001 h (float noise) at one term.
    term_hours * (span_hours / term_hours - 1e-9).ceil().max(1.0)
}

fn tier_cost(kind: PlanKind, price: f64, tier: Tier, span_hours: f64, terms: &Terms, spot_factor: f64) -> TierCost {
    if tier.instances <= 0.0 {
        return TierCost::default();
    }
    let busy = price * tier.instances * tier.hours;
    let used = busy * terms.utilization;
    match kind.term_hours() {
        Some(term) => {
            // Paid for the whole term unless the capacity serves other work.
            let paid = if terms.capacity_reused {
                busy
            } else {
                (price * tier.instances * committed_hours(term, span_hours)).max(busy)
            };
            TierCost { used, idle: paid - used, recovery: 0.0 }
        }
        None if kind == PlanKind::Spot => TierCost { used, idle: busy - used, recovery: busy * (spot_factor - 1.0) },
        None => TierCost { used, idle: busy - used, recovery: 0.0 },
    }
}

fn figure(cost: TierCost, hours: f64, terms: &Terms, extras: &Extras) -> PlanFigure {
    // The load's hours include the virtualization overhead: name its share.
    let virtualization = cost.used * terms.virtualization_overhead / (1.0 + terms.virtualization_overhead);
    let breakdown = Breakdown {
        compute: cost.used - virtualization,
        virtualization,
        idle: cost.idle,
        spot_recovery: cost.recovery,
        storage: extras.storage_usd.unwrap_or(0.0),
        egress: extras.egress_usd.unwrap_or(0.0),
        managed: extras.managed_fraction * cost.paid(),
        staff: extras.staff_usd,
        licence: extras.licence.and_then(|l| l.usd()).unwrap_or(0.0),
        delay: 0.0,
    };
    PlanFigure {
        total: breakdown.total(),
        hours,
        breakdown,
        break_even_utilization: None,
        commitment_utilization: None,
        committed_hours: None,
        break_even_months: None,
    }
}

/// The hosts a synchronous run waits on: instances × hosts per instance
/// (a 128-chip TPU slice is one instance of 16 hosts).
fn synchronous_hosts(load: &Load, terms: &Terms) -> f64 {
    load.peak_instances() * terms.hosts_per_instance.max(1.0)
}

/// Spot overhead for this load, or `None` when spot cannot finish.
fn spot_factor(load: &Load, terms: &Terms, eviction: f64) -> Option<f64> {
    let group = if terms.synchronous { synchronous_hosts(load, terms) } else { 1.0 };
    spot::overhead_factor(load.base.hours, eviction, group, terms.checkpoint_hours, terms.restart_hours, load.service)
}

/// Every plan for one offer. Allocation-free: call it in the per-offer loop.
pub fn plans(prices: HourlyPrices, load: &Load, terms: &Terms, extras: &Extras) -> PlanSet {
    let mut warnings = Warnings::default();
    let (eviction, default_eviction) = spot::eviction_rate(terms.eviction_per_hour);
    let factor = spot_factor(load, terms, eviction);
    if prices.spot.is_some() {
        if !terms.interruptible {
            warnings.set(Warnings::SPOT_NOT_INTERRUPTIBLE);
        }
        if terms.synchronous && synchronous_hosts(load, terms) > 1.0 {
            warnings.set(Warnings::SPOT_SYNCHRONOUS);
        }
        if default_eviction {
            warnings.set(Warnings::SPOT_DEFAULT_EVICTION);
        }
        if factor.is_none() {
            warnings.set(Warnings::SPOT_INFEASIBLE);
        }
    }
    if extras.storage_usd.is_none() {
        warnings.set(Warnings::STORAGE_UNKNOWN);
    }
    if extras.egress_usd.is_none() {
        warnings.set(Warnings::EGRESS_UNKNOWN);
    }
    if extras.egress_beyond_tiers {
        warnings.set(Warnings::EGRESS_BEYOND_TIERS);
    }
    if extras.licence.is_some_and(|l| l.usd().is_none()) {
        warnings.set(Warnings::LICENCE_UNKNOWN);
    }
    let spot_factor = factor.unwrap_or(1.0);
    // Spot fits the load only if the work survives evictions and can finish.
    // A synchronous run over several hosts is priced on spot but never picked
    // for it: one eviction stalls every host, and the more hosts the more often
    // (asked for explicitly, it is shown with a warning). Hosts, not instances:
    // a multi-host TPU slice is one instance.
    let synchronous_fleet = terms.synchronous && synchronous_hosts(load, terms) > 1.0;
    let spot_fits = terms.interruptible && factor.is_some() && !synchronous_fleet;

    // Each tier's cost under each single plan, computed once (the hot path).
    let costs = PlanKind::SINGLE.map(|kind| {
        let price = prices.of(kind)?;
        if kind == PlanKind::Spot && factor.is_none() {
            return None;
        }
        let base = tier_cost(kind, price, load.base, load.span_hours, terms, spot_factor);
        let peak = tier_cost(kind, price, load.peak, load.span_hours, terms, spot_factor);
        Some((kind, price, base, peak))
    });
    // Evictions stretch a job's run; a service runs its hours either way (restarts are paid, not longer).
    let stretched = |kind: PlanKind| kind == PlanKind::Spot && !load.service;
    let hours_of = |kind: PlanKind| if stretched(kind) { load.base.hours * spot_factor } else { load.base.hours };

    let single = |i: usize| -> Option<PlanFigure> {
        let (kind, price, base, peak) = costs[i]?;
        let mut f = figure(base.add(peak), hours_of(kind), terms, extras);
        if let Some(term) = kind.term_hours() {
            // A denormal on-demand price (5e-324) would make the ratio infinite: no finite figure, unknown.
            f.break_even_utilization =
                prices.on_demand.filter(|od| *od > 0.0).map(|od| price / od).filter(|u| u.is_finite());
            if !terms.capacity_reused {
                let per_instance = committed_hours(term, load.span_hours);
                let committed = load.peak_instances() * per_instance;
                f.commitment_utilization = (committed > 0.0).then(|| load.instance_hours() / committed);
                f.committed_hours = Some(per_instance);
                f.break_even_months = break_even_months(load, term, f.break_even_utilization);
            }
        }
        Some(f)
    };

    let mut set = PlanSet {
        // Indices follow `PlanKind::SINGLE`.
        on_demand: single(0),
        reserved_1y: single(1),
        reserved_3y: single(2),
        spot: single(3),
        blended: None,
        mix: None,
        best: None,
        warnings,
        eviction_per_hour: eviction,
        service: load.service,
        months: load.months(),
        gpu_hours: load.instance_hours() * load.gpus_per_instance,
        spot_fits,
        licence: extras.licence,
    };
    for kind in [PlanKind::Reserved1y, PlanKind::Reserved3y] {
        let underused = set.get(kind).and_then(|f| Some(f.commitment_utilization? < f.break_even_utilization?));
        if underused == Some(true) {
            set.warnings.set(Warnings::RESERVED_UNDERUSED);
        }
    }

    // Blended: each tier on its cheapest plan that fits; the same tier costs as
    // the single plans, so it never costs more than any of them.
    let cheapest = |peak: bool| -> Option<(PlanKind, TierCost)> {
        let spot_ok = spot_fits || (peak && terms.peak_interruptible && factor.is_some());
        let mut best: Option<(PlanKind, TierCost)> = None;
        for (kind, _, base, peak_cost) in costs.iter().flatten().copied() {
            if kind == PlanKind::Spot && !spot_ok {
                continue;
            }
            let c = if peak { peak_cost } else { base };
            if best.is_none_or(|(_, b)| c.paid() < b.paid()) {
                best = Some((kind, c));
            }
        }
        best
    };
    if let (Some((base_plan, base)), Some((peak_plan, peak))) = (cheapest(false), cheapest(true)) {
        let mut f = figure(base.add(peak), hours_of(base_plan), terms, extras);
        if base_plan.term_hours().is_some() {
            f.break_even_utilization = set.get(base_plan).and_then(|s| s.break_even_utilization);
        }
        set.blended = Some(f);
        set.mix = Some(Mix {
            base_plan,
            base_usd: base.paid(),
            peak_plan: (load.peak.instances > 0.0).then_some(peak_plan),
            peak_usd: peak.paid(),
        });
    }
    set.best = best_of(&set);
    set
}

/// A steady service (no peak tier): a reservation bills `term` hours up front
/// while on-demand bills the hours served, so it wins from
/// `price_ratio × term ÷ hours served a month` months — within its first term
/// or never (each later term starts the same race again from further behind).
/// A 24×7 service at a 1-year price of 0.64 × on-demand: 0.64 × 12 = 7.7 months.
fn break_even_months(load: &Load, term_hours: f64, price_ratio: Option<f64>) -> Option<f64> {
    if !load.service || load.peak.instances > 0.0 || load.months() <= 0.0 {
        return None;
    }
    let hours_per_month = load.base.hours / load.months();
    let months = price_ratio? * term_hours / hours_per_month.max(1e-9);
    (months <= term_hours / super::HOURS_PER_MONTH + 1e-9).then_some(months)
}

/// The cheapest plan that fits: a single plan, or the blend when it mixes
/// plans and so costs less than every single one.
pub fn best_of(set: &PlanSet) -> Option<PlanKind> {
    let mut best: Option<(PlanKind, f64)> = None;
    for kind in PlanKind::SINGLE {
        if kind == PlanKind::Spot && !set.spot_fits {
            continue;
        }
        if let Some(f) = set.get(kind) {
            if best.is_none_or(|(_, t)| f.total < t) {
                best = Some((kind, f.total));
            }
        }
    }
    match (best, set.blended) {
        (Some((_, t)), Some(b)) if b.total < t * (1.0 - 1e-12) => Some(PlanKind::Blended),
        (None, Some(_)) => Some(PlanKind::Blended),
        (b, _) => b.map(|(k, _)| k),
    }
}
