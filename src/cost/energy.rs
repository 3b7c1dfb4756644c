//! Energy and carbon, by Cloud Carbon Footprint's method (Methodology.md):
//!
//! average W = idle W + utilization × (max W − idle W)
//! kWh = GPUs × average W × hours × PUE / 1000
//! kg CO2e = kWh × grid g CO2e/kWh / 1000
//!
//! GPU power only (host CPUs, memory and network are not counted).

use serde::Serialize;

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

/// `energy` of a candidate as the API returns it, naming what it rests on.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct EnergyView {
    pub kwh: f64,
    /// `null` when the region's grid intensity is unknown.
    pub co2e_kg: Option<f64>,
    pub grid_g_per_kwh: Option<f64>,
    /// The carbon dataset (e.g. `ccf_app_default`), `null` with the intensity.
    pub grid_dataset: Option<String>,
    pub pue: f64,
    pub utilization: f64,
    pub idle_watts: f64,
    pub max_watts: f64,
    /// `ccf` (Cloud Carbon Footprint's measured pair) or `tdp` (TDP with CCF's idle share).
    pub power_source: &'static str,
    pub text: String,
    pub text_zh: String,
}

/// Inputs of one candidate's energy figure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EnergyInput<'a> {
    pub gpus: f64,
    pub power: GpuPower,
    pub utilization: f64,
    pub hours: f64,
    pub pue: f64,
    pub grid_g_per_kwh: Option<f64>,
    pub grid_dataset: Option<&'a str>,
}

pub fn view(i: &EnergyInput) -> EnergyView {
    let e = energy(i.gpus, i.power, i.utilization, i.hours, i.pue, i.grid_g_per_kwh);
    let w = average_watts(i.power, i.utilization);
    let pct = i.utilization * 100.0;
    let co2 = |zh: bool| match (e.co2e_kg, i.grid_dataset) {
        (Some(kg), Some(d)) => format!("; {kg:.1} kg CO2e ({d})"),
        (Some(kg), None) => format!("; {kg:.1} kg CO2e"),
        (None, _) if zh => "；电网碳强度未知".to_string(),
        (None, _) => "; grid carbon intensity unknown".to_string(),
    };
    EnergyView {
        kwh: e.kwh,
        co2e_kg: e.co2e_kg,
        grid_g_per_kwh: i.grid_g_per_kwh,
        grid_dataset: i.grid_dataset.filter(|_| i.grid_g_per_kwh.is_some()).map(str::to_string),
        pue: i.pue,
        utilization: i.utilization,
        idle_watts: i.power.idle_watts,
        max_watts: i.power.max_watts,
        power_source: if i.power.measured { "ccf" } else { "tdp" },
        text: format!(
            "{} GPUs × {w:.0} W at {pct:.0}% use × {:.1} h × PUE {} = {:.1} kWh{}",
            i.gpus,
            i.hours,
            i.pue,
            e.kwh,
            co2(false)
        ),
        text_zh: format!(
            "{} 块 GPU × {w:.0} W（利用率 {pct:.0}%）× {:.1} 小时 × PUE {} = {:.1} kWh{}",
            i.gpus,
            i.hours,
            i.pue,
            e.kwh,
            co2(true)
        ),
    }
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
        let v = view(&EnergyInput {
            gpus: 8.0,
            power: gpu_power("A100", None).unwrap(),
            utilization: 0.5,
            hours: 10.0,
            pue: 1.1,
            grid_g_per_kwh: Some(400.0),
            grid_dataset: Some("ccf_app_default"),
        });
        assert!(v.text.contains("19.9 kWh") && v.text.contains("ccf_app_default"), "{}", v.text);
        assert_eq!(v.power_source, "ccf");
    }
}
