//! Energy and carbon, by Cloud Carbon Footprint's method (Methodology.md):
//!
//! average W = idle W + utilization × (max W − idle W)
//! kWh = GPUs × average W × hours × PUE / 1000
//! kg CO2e = kWh × grid g CO2e/kWh / 1000
//!
//! GPU power only (host CPUs, memory and network are not counted).

/// Idle ÷ full power of a GPU when only its TDP is known: CCF's A100 pair,
/// 46 W / 407 W (Teads' dataset, which applies AWS bare-metal 0%/100% ratios
/// to GPU TDPs; every CCF GPU pair has this ratio within 0.113–0.118).
pub const IDLE_SHARE_OF_MAX: f64 = 46.0 / 407.0;

/// Utilization when nothing better is known: CCF's default (50%, the 2020
/// hyperscale projection of the 2016 US Data Center Energy Usage Report).
pub const DEFAULT_UTILIZATION: f64 = 0.5;

/// PUE when the provider's is unknown: the Uptime Institute survey average for 2023.
pub const DEFAULT_PUE: f64 = 1.58;

/// Idle and full power of one GPU, W.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GpuPower {
    pub idle_watts: f64,
    pub max_watts: f64,
    /// True when idle and max are CCF's measured pair; false when derived from TDP.
    pub measured: bool,
}

/// CCF's per-GPU pairs (gpu_power.csv; cloud-carbon-footprint @b7a049c7, 2024-03-25),
/// by catalog accelerator key prefix.
const CCF_WATTS: [(&str, f64, f64); 10] = [
    ("A100", 46.0, 407.0),
    ("V100", 35.0, 306.0),
    ("A10G", 18.0, 153.0),
    ("T4", 8.0, 71.0),
    ("K80", 35.0, 306.0),
    ("M60", 35.0, 306.0),
    ("P100", 36.0, 306.0),
    ("P4", 9.0, 76.5),
    ("K520", 26.0, 229.0),
    ("Radeon-Pro-V520", 26.0, 229.0),
];

/// CCF's pair for the accelerator, else its TDP with CCF's idle share; `None`
/// when neither is known.
pub fn gpu_power(accelerator: &str, tdp_watts: Option<f64>) -> Option<GpuPower> {
    let measured = CCF_WATTS.iter().find(|(k, ..)| {
        // "A100-80GB" is an A100; "T4G" is not a T4, nor "P4000" a P4.
        accelerator == *k || accelerator.strip_prefix(k).is_some_and(|rest| rest.starts_with('-'))
    });
    match measured {
        Some((_, idle, max)) => Some(GpuPower { idle_watts: *idle, max_watts: *max, measured: true }),
        None => tdp_watts.map(|w| GpuPower { idle_watts: w * IDLE_SHARE_OF_MAX, max_watts: w, measured: false }),
    }
}

/// Energy and emissions of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Energy {
    pub kwh: f64,
    /// `None` when the region's grid intensity is unknown.
    pub co2e_kg: Option<f64>,
}

pub fn average_watts(power: GpuPower, utilization: f64) -> f64 {
    power.idle_watts + utilization * (power.max_watts - power.idle_watts)
}

pub fn energy(
    gpus: f64,
    power: GpuPower,
    utilization: f64,
    hours: f64,
    pue: f64,
    grid_g_per_kwh: Option<f64>,
) -> Energy {
    let kwh = gpus * average_watts(power, utilization) * hours * pue / 1000.0;
    Energy { kwh, co2e_kg: grid_g_per_kwh.map(|g| kwh * g / 1000.0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_and_prefixes() {
        assert_eq!(gpu_power("A100-80GB", None).unwrap().max_watts, 407.0);
        assert!(!gpu_power("T4G", Some(70.0)).unwrap().measured);
        assert!(!gpu_power("P4000", Some(100.0)).unwrap().measured);
        assert_eq!(gpu_power("H100", None), None);
        // 8 × (46 + 0.5 × 361) W × 10 h × 1.1 / 1000 = 8 × 226.5 × 11 / 1000 = 19.932 kWh.
        let e = energy(8.0, gpu_power("A100", None).unwrap(), 0.5, 10.0, 1.1, Some(400.0));
        assert!((e.kwh - 19.932).abs() < 1e-9);
        assert!((e.co2e_kg.unwrap() - 7.9728).abs() < 1e-9);
    }
}
