//! The cost model: what a fitted offer costs under each way of paying for it.
//!
//! Per-offer functions take small `Copy` structs of numbers and return numbers
//! (no `String`, no allocation): the engine calls them for every offer on every
//! keystroke. Words (breakdown labels, warnings) come from `text`, only for the
//! candidates returned. Formulas and the sources of every default: docs/COST.md.

pub mod api_break_even;
pub mod blended;
pub mod currency;
pub mod energy;
pub mod hidden;
pub mod licence;
pub mod phases;
pub mod plans;
pub mod spot;
pub mod tco;
pub mod text;

use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

/// 8,760 / 12: the month GCP's billing export and AWS's monthly figures use.
pub const HOURS_PER_MONTH: f64 = 730.0;
pub const HOURS_PER_YEAR: f64 = 8_760.0;

/// The plan a ranking uses (`pricing.plan`).
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub enum PlanKind {
    OnDemand,
    Reserved1y,
    Reserved3y,
    Spot,
    Blended,
    /// The cheapest plan that fits the load.
    #[default]
    Best,
}

impl PlanKind {
    /// The single plans, in the order they are tried.
    pub const SINGLE: [PlanKind; 4] = [PlanKind::OnDemand, PlanKind::Reserved1y, PlanKind::Reserved3y, PlanKind::Spot];

    pub fn code(self) -> &'static str {
        match self {
            PlanKind::OnDemand => "onDemand",
            PlanKind::Reserved1y => "reserved1y",
            PlanKind::Reserved3y => "reserved3y",
            PlanKind::Spot => "spot",
            PlanKind::Blended => "blended",
            PlanKind::Best => "best",
        }
    }

    /// Reservation term in hours.
    pub fn term_hours(self) -> Option<f64> {
        match self {
            PlanKind::Reserved1y => Some(HOURS_PER_YEAR),
            PlanKind::Reserved3y => Some(3.0 * HOURS_PER_YEAR),
            _ => None,
        }
    }
}

/// USD per instance-hour; reserved prices are the effective hourly rate over
/// the term. `None` is unknown, never 0.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HourlyPrices {
    pub on_demand: Option<f64>,
    pub spot: Option<f64>,
    pub reserved_1y: Option<f64>,
    pub reserved_3y: Option<f64>,
}

impl From<&crate::catalog::schema::Prices> for HourlyPrices {
    fn from(p: &crate::catalog::schema::Prices) -> Self {
        HourlyPrices { on_demand: p.on_demand, spot: p.spot, reserved_1y: p.reserved_1y, reserved_3y: p.reserved_3y }
    }
}

impl HourlyPrices {
    pub fn of(&self, kind: PlanKind) -> Option<f64> {
        match kind {
            PlanKind::OnDemand => self.on_demand,
            PlanKind::Spot => self.spot,
            PlanKind::Reserved1y => self.reserved_1y,
            PlanKind::Reserved3y => self.reserved_3y,
            PlanKind::Blended | PlanKind::Best => None,
        }
    }
}

/// A group of instances that run the same hours.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Tier {
    pub instances: f64,
    /// Busy hours of each instance over the whole horizon (virtualization overhead included).
    pub hours: f64,
}

/// What has to run: a steady base and an optional peak on top of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Load {
    /// The job's instances, or the instances that serve all the time.
    pub base: Tier,
    /// Extra instances that run only at the peak (0 instances when there is no peak).
    pub peak: Tier,
    /// Calendar length of the horizon in hours: the job's run time, or months × 730.
    pub span_hours: f64,
    pub gpus_per_instance: f64,
    /// A service (inference online, VDI, dev box): costed per month; a job by its total.
    pub service: bool,
}

impl Load {
    /// `instances` running `hours` until the job is done.
    pub fn job(instances: f64, hours: f64, gpus_per_instance: f64) -> Load {
        Load {
            base: Tier { instances, hours },
            peak: Tier::default(),
            span_hours: hours,
            gpus_per_instance,
            service: false,
        }
    }

    /// `instances` serving `hours_per_month` (730 = always on) for `months`.
    pub fn service(instances: f64, hours_per_month: f64, months: f64, gpus_per_instance: f64) -> Load {
        Load {
            base: Tier { instances, hours: hours_per_month * months },
            peak: Tier::default(),
            span_hours: HOURS_PER_MONTH * months,
            gpus_per_instance,
            service: true,
        }
    }

    pub fn months(&self) -> f64 {
        self.span_hours / HOURS_PER_MONTH
    }

    /// The most instances running at once.
    pub fn peak_instances(&self) -> f64 {
        self.base.instances + self.peak.instances
    }

    pub fn instance_hours(&self) -> f64 {
        self.base.instances * self.base.hours + self.peak.instances * self.peak.hours
    }
}

/// How the work may be run and paid for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Terms {
    /// The work survives an eviction (checkpointed training, batch, stateless replicas).
    pub interruptible: bool,
    /// The peak share survives evictions even when the base does not (extra
    /// stateless replicas behind a load balancer): the blend may put it on spot.
    pub peak_interruptible: bool,
    /// A synchronous run: one eviction of any of its hosts stalls all of them.
    pub synchronous: bool,
    /// Machines that can be evicted one by one inside one instance: 1 for a
    /// VM; the hosts of a multi-host TPU slice, which is priced as one instance
    /// but stops whole when any of its hosts is preempted.
    pub hosts_per_instance: f64,
    /// Chance per instance-hour that a spot instance is evicted; `None` uses the default.
    pub eviction_per_hour: Option<f64>,
    pub checkpoint_hours: f64,
    pub restart_hours: f64,
    /// Reserved capacity the work leaves idle serves other work (not charged here).
    pub capacity_reused: bool,
    /// Share of run time added by virtualization, already included in the load's hours.
    pub virtualization_overhead: f64,
    /// Share of paid time the GPUs do useful work (1 for a job stopped when done).
    pub utilization: f64,
}

impl Default for Terms {
    fn default() -> Self {
        Terms {
            interruptible: false,
            peak_interruptible: false,
            synchronous: false,
            hosts_per_instance: 1.0,
            eviction_per_hour: None,
            checkpoint_hours: spot::DEFAULT_CHECKPOINT_HOURS,
            restart_hours: spot::DEFAULT_RESTART_HOURS,
            capacity_reused: false,
            virtualization_overhead: DEFAULT_VIRTUALIZATION_OVERHEAD,
            utilization: 1.0,
        }
    }
}

impl Terms {
    /// Range checks of the user's values; `path` is where they sit (`pricing`).
    pub fn check(&self, path: &str) -> Result<(), Error> {
        if let Some(r) = self.eviction_per_hour {
            check_range(&format!("{path}.evictionPerHour"), r, 0.0, 1.0)?;
        }
        check_range(&format!("{path}.checkpointHours"), self.checkpoint_hours, 0.0, 24.0)?;
        check_range(&format!("{path}.restartHours"), self.restart_hours, 0.0, 24.0)?;
        check_range(&format!("{path}.virtualizationOverhead"), self.virtualization_overhead, 0.0, 0.15)?;
        check_range(&format!("{path}.utilization"), self.utilization, 0.01, 1.0)?;
        Ok(())
    }
}

/// Virtualization overhead when the user gives none: the low end of the 5–15%
/// the product brief names; passthrough measures 1–4% (Walters et al. 2014).
pub const DEFAULT_VIRTUALIZATION_OVERHEAD: f64 = 0.05;

/// Costs that do not depend on the plan, for the whole horizon, in USD.
/// `None` where the provider's price is unknown: the line is shown as unknown
/// and left out of the total (a warning says so).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Extras {
    pub storage_usd: Option<f64>,
    pub egress_usd: Option<f64>,
    /// Egress beyond the last published tier, priced at that tier (an upper bound).
    pub egress_beyond_tiers: bool,
    pub staff_usd: f64,
    /// Managed-service surcharge as a share of compute (0 = none).
    pub managed_fraction: f64,
    /// Shared GPU desktops: the NVIDIA vGPU licence over the horizon (`None`: not a desktop answer).
    pub licence: Option<licence::DesktopLicence>,
}

/// Where the money goes, USD per line; the lines sum to the plan's total.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Breakdown {
    /// Useful GPU time at the plan's price.
    pub compute: f64,
    /// The share of compute that is virtualization overhead.
    pub virtualization: f64,
    /// Paid but unused: reserved hours not used, time below full utilization.
    pub idle: f64,
    /// Spot: checkpoints, lost work and restarts.
    pub spot_recovery: f64,
    pub storage: f64,
    pub egress: f64,
    pub managed: f64,
    pub staff: f64,
    /// NVIDIA vGPU licences the customer pays for (0 when included or unknown).
    pub licence: f64,
    /// Cost of finishing later than the fastest candidate.
    pub delay: f64,
}

impl Breakdown {
    pub fn total(&self) -> f64 {
        self.compute
            + self.virtualization
            + self.idle
            + self.spot_recovery
            + self.storage
            + self.egress
            + self.managed
            + self.staff
            + self.licence
            + self.delay
    }
}

/// One plan's cost for the whole horizon.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanFigure {
    pub total: f64,
    /// Wall-clock hours to finish (a job) or in service over the horizon.
    pub hours: f64,
    pub breakdown: Breakdown,
    /// Reserved: the share of committed hours above which it beats on-demand.
    pub break_even_utilization: Option<f64>,
    /// Reserved: the share of committed instance-hours the load uses.
    pub commitment_utilization: Option<f64>,
    /// Reserved: calendar hours each instance is billed for, whole terms
    /// (`None` when the capacity is reused and only used hours are charged).
    pub committed_hours: Option<f64>,
    /// Reserved, for a steady service: the horizon in months from which the
    /// reservation costs less than on-demand; `None` when it never does
    /// within its term (or for a job, whose break-even is a utilization).
    pub break_even_months: Option<f64>,
}

impl PlanFigure {
    /// Fleet cost per wall-clock hour; 0 without hours, as also when hours
    /// are so few (1e-300) that the quotient overflows. A reservation longer
    /// than the work is a commitment: its cost per hour of the committed
    /// term, never its total divided by the job's few hours.
    pub fn usd_per_hour(&self) -> f64 {
        let hours = self.hours.max(self.committed_hours.unwrap_or(0.0));
        let per_hour = if hours > 0.0 { self.total / hours } else { 0.0 };
        if per_hour.is_finite() {
            per_hour
        } else {
            0.0
        }
    }
}

/// Warnings found while costing, as bits (no allocation in the hot loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Warnings(pub u16);

impl Warnings {
    pub const SPOT_NOT_INTERRUPTIBLE: u16 = 1;
    pub const SPOT_SYNCHRONOUS: u16 = 2;
    pub const SPOT_DEFAULT_EVICTION: u16 = 4;
    pub const SPOT_INFEASIBLE: u16 = 8;
    pub const RESERVED_UNDERUSED: u16 = 16;
    pub const STORAGE_UNKNOWN: u16 = 32;
    pub const EGRESS_UNKNOWN: u16 = 64;
    pub const EGRESS_BEYOND_TIERS: u16 = 128;
    pub const LICENCE_UNKNOWN: u16 = 256;

    pub fn has(self, bit: u16) -> bool {
        self.0 & bit != 0
    }
    pub fn set(&mut self, bit: u16) {
        self.0 |= bit;
    }
}

/// How the blended plan serves each tier.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mix {
    pub base_plan: PlanKind,
    pub base_usd: f64,
    pub peak_plan: Option<PlanKind>,
    pub peak_usd: f64,
}

/// Every plan for one offer. `None` where the price is unknown or the plan cannot run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanSet {
    pub on_demand: Option<PlanFigure>,
    pub reserved_1y: Option<PlanFigure>,
    pub reserved_3y: Option<PlanFigure>,
    pub spot: Option<PlanFigure>,
    pub blended: Option<PlanFigure>,
    pub mix: Option<Mix>,
    /// The cheapest plan that fits the load.
    pub best: Option<PlanKind>,
    pub warnings: Warnings,
    /// Eviction rate used for spot, per instance-hour.
    pub eviction_per_hour: f64,
    pub service: bool,
    pub months: f64,
    /// GPU-hours the load uses over the horizon.
    pub gpu_hours: f64,
    /// Spot fits the load: the work is interruptible and can finish on spot.
    pub spot_fits: bool,
    /// Shared GPU desktops: who pays the vGPU licence and at what price.
    pub licence: Option<licence::DesktopLicence>,
}

impl PlanSet {
    pub fn get(&self, kind: PlanKind) -> Option<PlanFigure> {
        match kind {
            PlanKind::OnDemand => self.on_demand,
            PlanKind::Reserved1y => self.reserved_1y,
            PlanKind::Reserved3y => self.reserved_3y,
            PlanKind::Spot => self.spot,
            PlanKind::Blended => self.blended,
            PlanKind::Best => self.best.and_then(|k| self.get(k)),
        }
    }

    /// The plan the ranking uses: `kind`, with `Best` resolved.
    pub fn chosen(&self, kind: PlanKind) -> Option<(PlanKind, PlanFigure)> {
        let k = if kind == PlanKind::Best { self.best? } else { kind };
        Some((k, self.get(k)?))
    }

    fn figures_mut(&mut self) -> [&mut Option<PlanFigure>; 5] {
        [&mut self.on_demand, &mut self.reserved_1y, &mut self.reserved_3y, &mut self.spot, &mut self.blended]
    }

    /// Adds the cost of finishing later than `fastest_hours` at `usd_per_day`
    /// to every plan, and picks the best plan again.
    pub fn with_delay(mut self, fastest_hours: f64, usd_per_day: f64) -> PlanSet {
        for f in self.figures_mut().into_iter().flatten() {
            f.breakdown.delay = delay_usd(f.hours, fastest_hours, usd_per_day);
            f.total = f.breakdown.total();
        }
        self.best = plans::best_of(&self);
        self
    }

    /// USD per month of the plan (services; `None` for a job).
    pub fn usd_per_month(&self, f: &PlanFigure) -> Option<f64> {
        (self.service && self.months > 0.0).then(|| f.total / self.months)
    }

    /// GPU-hours per month the load uses (services; `None` for a job).
    pub fn gpu_hours_per_month(&self) -> Option<f64> {
        (self.service && self.months > 0.0).then(|| self.gpu_hours / self.months)
    }
}

/// `usd_per_day` × days later than the fastest candidate (never negative).
pub fn delay_usd(hours: f64, fastest_hours: f64, usd_per_day: f64) -> f64 {
    ((hours - fastest_hours).max(0.0) / 24.0) * usd_per_day
}

pub use plans::plans;
