//! `pricing.load`: a load profile for the blended plan, "reserved for the base
//! load + spot for the peaks + on-demand for the rest, zero when idle".
//! The base instances run all month; the extra peak instances run
//! `peakHoursPerDay` on `daysPerMonth`; nothing runs otherwise. The mix itself
//! is chosen in `plans::plans`, tier by tier.

use super::{Load, Tier, HOURS_PER_MONTH};
use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct LoadProfile {
    /// Instances that run all the time (0 = scale to zero when idle).
    pub base_instances: f64,
    /// Instances running at the peak, base included.
    pub peak_instances: f64,
    pub peak_hours_per_day: f64,
    /// Days per month with a peak (default 730 / 24 ≈ 30.4: every day).
    #[serde(default)]
    pub days_per_month: Option<f64>,
    /// Months the profile lasts (default 1).
    #[serde(default)]
    pub months: Option<f64>,
    /// The extra peak instances survive evictions (stateless replicas), so the
    /// blend may run them on spot even when the base must not be interrupted.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub peak_interruptible: bool,
}

impl LoadProfile {
    pub fn check(&self, path: &str) -> Result<(), Error> {
        check_range(&format!("{path}.baseInstances"), self.base_instances, 0.0, 100_000.0)?;
        check_range(&format!("{path}.peakInstances"), self.peak_instances, self.base_instances.max(0.001), 100_000.0)
            .map_err(|e| Error::new(e.field, format!("{} (at least baseInstances, and more than 0)", e.message)))?;
        check_range(&format!("{path}.peakHoursPerDay"), self.peak_hours_per_day, 0.0, 24.0)?;
        if let Some(d) = self.days_per_month {
            check_range(&format!("{path}.daysPerMonth"), d, 0.0, HOURS_PER_MONTH / 24.0)?;
        }
        if let Some(m) = self.months {
            check_range(&format!("{path}.months"), m, 0.01, 120.0)?;
        }
        Ok(())
    }

    pub fn months(&self) -> f64 {
        self.months.unwrap_or(1.0)
    }

    /// The load this profile puts on an offer with `gpus_per_instance`.
    ///
    /// Both tiers run the calendar hours their demand sets: the base every
    /// hour, the peak its window. Virtualization overhead cannot lengthen
    /// either (a VM does not make the peak last longer, nor the month), so, as
    /// for every 24×7 service, it is a share inside each tier's cost (the
    /// `virtualization` line), the same for base and peak. It once stretched
    /// the peak window by (1 + overhead) while the base, capped at the month,
    /// got none: the two tiers of one plan were costed under different rules.
    pub fn to_load(&self, gpus_per_instance: f64) -> Load {
        let months = self.months();
        let days = self.days_per_month.unwrap_or(HOURS_PER_MONTH / 24.0);
        let peak_hours = (self.peak_hours_per_day * days).min(HOURS_PER_MONTH);
        Load {
            base: Tier { instances: self.base_instances, hours: HOURS_PER_MONTH * months },
            peak: Tier { instances: self.peak_instances - self.base_instances, hours: peak_hours * months },
            span_hours: HOURS_PER_MONTH * months,
            gpus_per_instance,
            service: true,
        }
    }
}
