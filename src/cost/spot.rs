//! Spot eviction turned into cost: checkpoints, lost work and restarts.
//!
//! Model (docs/COST.md §Spot): evictions arrive at a constant rate Λ per
//! wall-clock hour (λ per instance; × instances for a synchronous run, where
//! one eviction stalls every node). Checkpoints every τ hours cost δ each; an
//! eviction loses on average τ/2 of work plus the restart time R. Young (1974)
//! gives the interval that minimises the loss, τ = √(2δ/Λ). Expected wall time
//! for W hours of work, first order:
//!
//! T = W · (1 + δ/τ) / (1 − Λ · (τ/2 + R))

use super::HOURS_PER_MONTH;

/// Eviction rate when none is known for the offer: 20% per month, the lower
/// bound of the AWS Spot Instance Advisor's worst bucket (">20%"), as a chance
/// per hour. The Advisor's GPU rows were not found, so we assume the worst bucket.
pub const DEFAULT_EVICTION_PER_HOUR: f64 = 0.20 / HOURS_PER_MONTH;

/// Time to write one checkpoint (6 minutes). An assumption: no published figure
/// was found; editable per request.
pub const DEFAULT_CHECKPOINT_HOURS: f64 = 0.1;

/// Time to get a replacement instance running again from the last checkpoint
/// (15 minutes). An assumption: no published figure was found; editable.
pub const DEFAULT_RESTART_HOURS: f64 = 0.25;

/// A run that would lose more than this share of its wall time to evictions is
/// treated as unable to finish on spot (the first-order model breaks down).
pub const MAX_LOST_SHARE: f64 = 0.5;

/// AWS Spot Instance Advisor bucket (0 = "<5%" … 4 = ">20%", the `r` field of
/// spot-advisor-data.json) → chance per instance-hour. AWS defines the buckets
/// as capacity reclaimed over the trailing month; we take each bucket's upper
/// bound (the lower bound, 20%, for the open bucket) and spread it over 730 h.
pub fn aws_bucket_per_hour(bucket: u8) -> Option<f64> {
    let monthly = [0.05, 0.10, 0.15, 0.20, 0.20];
    monthly.get(usize::from(bucket)).map(|m| m / HOURS_PER_MONTH)
}

/// Azure eviction-rate bucket (0 = "0-5%" … 4 = "20+%") → chance per
/// instance-hour. Azure's buckets are reported as a chance of eviction within
/// the next hour (secondhand reading, pricing_rules.md §2.2); upper bounds.
pub fn azure_bucket_per_hour(bucket: u8) -> Option<f64> {
    [0.05, 0.10, 0.15, 0.20, 0.20].get(usize::from(bucket)).copied()
}

/// The rate to use and whether it is the default.
pub fn eviction_rate(given: Option<f64>) -> (f64, bool) {
    match given {
        Some(r) => (r, false),
        None => (DEFAULT_EVICTION_PER_HOUR, true),
    }
}

/// Young's checkpoint interval for `group_rate` evictions per hour.
pub fn checkpoint_interval_hours(checkpoint_hours: f64, group_rate: f64) -> f64 {
    if group_rate <= 0.0 {
        return f64::INFINITY;
    }
    (2.0 * checkpoint_hours / group_rate).sqrt()
}

/// Wall time on spot ÷ wall time without evictions (≥ 1), or `None` when more
/// than `MAX_LOST_SHARE` of the time would be lost.
///
/// A service loses no work, only the restart of each evicted instance, so its
/// factor is 1 / (1 − λR). A job follows the model above; a job shorter than
/// Young's interval takes no checkpoint and loses W/2 on average.
pub fn overhead_factor(
    work_hours: f64,
    eviction_per_hour: f64,
    group: f64,
    checkpoint_hours: f64,
    restart_hours: f64,
    service: bool,
) -> Option<f64> {
    let rate = eviction_per_hour * if service { 1.0 } else { group.max(1.0) };
    if rate <= 0.0 {
        return Some(1.0);
    }
    // A service loses no work; free checkpoints (δ = 0) lose none either (τ → 0).
    let (work_share, lost) = if service || checkpoint_hours <= 0.0 {
        (1.0, rate * restart_hours)
    } else {
        let tau = checkpoint_interval_hours(checkpoint_hours, rate);
        if tau >= work_hours {
            (1.0, rate * (work_hours / 2.0 + restart_hours))
        } else {
            (1.0 + checkpoint_hours / tau, rate * (tau / 2.0 + restart_hours))
        }
    };
    (lost < MAX_LOST_SHARE).then(|| work_share / (1.0 - lost))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_evictions_cost_nothing_and_more_evictions_cost_more() {
        assert_eq!(overhead_factor(100.0, 0.0, 1.0, 0.1, 0.25, false), Some(1.0));
        let low = overhead_factor(100.0, 0.001, 1.0, 0.1, 0.25, false).unwrap();
        let high = overhead_factor(100.0, 0.01, 1.0, 0.1, 0.25, false).unwrap();
        assert!(1.0 < low && low < high);
        // Eight synchronous nodes are evicted eight times as often.
        let eight = overhead_factor(100.0, 0.001, 8.0, 0.1, 0.25, false).unwrap();
        assert!(eight > low);
        assert_eq!(overhead_factor(100.0, 0.3, 8.0, 0.1, 0.25, false), None);
        // Free checkpoints: only restarts, 1 / (1 − 0.01 × 0.25).
        assert_eq!(overhead_factor(100.0, 0.01, 1.0, 0.0, 0.25, false), Some(1.0 / (1.0 - 0.0025)));
    }

    #[test]
    fn buckets() {
        assert_eq!(aws_bucket_per_hour(0), Some(0.05 / 730.0));
        assert_eq!(azure_bucket_per_hour(2), Some(0.15));
        assert_eq!(aws_bucket_per_hour(5), None);
    }
}
