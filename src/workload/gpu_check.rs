//! "Does this need a GPU?": Amdahl's law with the host↔GPU transfer over PCIe.
//! Speed-up = T_cpu / (serial part + parallel part / k + transfer time),
//! where k is how much faster the GPU runs the parallel part (Amdahl 1967).

use crate::error::{check_range, Error};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct GpuCheckInput {
    /// Share of the CPU run time that can run in parallel on a GPU (0–1).
    pub parallel_fraction: f64,
    /// Seconds one step takes on the CPU today.
    #[serde(default)]
    pub cpu_seconds_per_step: Option<f64>,
    /// How much faster the GPU runs the parallel part (default 20×).
    #[serde(default)]
    pub parallel_speedup: Option<f64>,
    /// Data copied between host and GPU per step, GiB.
    #[serde(default)]
    pub transfer_gib_per_step: Option<f64>,
    /// Effective host↔GPU bandwidth, GB/s (default 25: PCIe 4.0 x16 in practice).
    #[serde(default)]
    pub pcie_gb_per_s: Option<f64>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct GpuCheck {
    pub speedup: f64,
    /// The most any GPU could give: 1 / serial fraction; `null` when nothing is serial (no limit).
    pub speedup_limit: Option<f64>,
    pub transfer_seconds_per_step: f64,
    pub gpu_seconds_per_step: f64,
    pub worth_it: bool,
    pub verdict: String,
    pub verdict_zh: String,
}

/// Below this speed-up a GPU rarely pays for its price (GPU instances cost
/// several times a CPU instance per hour).
pub const WORTH_IT_SPEEDUP: f64 = 3.0;

pub fn check(i: &GpuCheckInput, field: &str) -> Result<GpuCheck, Error> {
    let p = check_range(&format!("{field}.parallelFraction"), i.parallel_fraction, 0.0, 1.0)?;
    let t = check_range(&format!("{field}.cpuSecondsPerStep"), i.cpu_seconds_per_step.unwrap_or(1.0), 1e-9, 1e9)?;
    let k = check_range(&format!("{field}.parallelSpeedup"), i.parallel_speedup.unwrap_or(20.0), 1.0, 1e6)?;
    let gib = check_range(&format!("{field}.transferGibPerStep"), i.transfer_gib_per_step.unwrap_or(0.0), 0.0, 1e6)?;
    let bw = check_range(&format!("{field}.pcieGbPerS"), i.pcie_gb_per_s.unwrap_or(25.0), 0.1, 1e4)?;
    let transfer = gib * 1.073_741_824 / bw;
    let gpu_time = t * (1.0 - p) + t * p / k + transfer;
    let speedup = t / gpu_time;
    let limit = (p < 1.0).then(|| 1.0 / (1.0 - p));
    let worth_it = speedup >= WORTH_IT_SPEEDUP;
    let serial = (1.0 - p) * 100.0;
    let (verdict, verdict_zh) = if worth_it {
        (
            format!("A GPU should run this about {speedup:.1}× faster ({serial:.0}% stays serial)."),
            format!("GPU 预计可加速约 {speedup:.1} 倍（{serial:.0}% 仍为串行）。"),
        )
    } else {
        (
            format!(
                "A GPU will not pay off: {serial:.0}% of the work is serial and copies take {transfer:.2} s per step, so the speed-up is only {speedup:.1}× (at most {:.1}× with free copies).",
                t / (t * (1.0 - p) + t * p / k)
            ),
            format!(
                "不值得使用 GPU：{serial:.0}% 的工作是串行的，每步数据拷贝耗时 {transfer:.2} 秒，加速仅 {speedup:.1} 倍。"
            ),
        )
    };
    Ok(GpuCheck {
        speedup,
        speedup_limit: limit,
        transfer_seconds_per_step: transfer,
        gpu_seconds_per_step: gpu_time,
        worth_it,
        verdict,
        verdict_zh,
    })
}
