//! Rendering: frames × minutes per frame on a reference GPU, scaled by FP32.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{graphics, memory_short, per_gpu_memory, spread_work, Fit, FitInput};
use crate::recommend::outcome::Exclusion;
use crate::workload::compute::Range;
use crate::workload::context::*;
use crate::workload::context::{resolve_accelerator, Kind};
use crate::workload::memory::MemoryBreakdown;
use crate::workload::response::*;
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Render {
    pub frames: f64,
    pub minutes_per_frame: f64,
    pub reference_accelerator: String,
    #[serde(default)]
    pub memory_gib: Option<f64>,
}

/// GPU memory a scene needs when the user gives none (assumed).
const DEFAULT_SCENE_MEMORY_GIB: f64 = 8.0;

/// A checked render job.
#[derive(Debug, Clone)]
pub struct RenderJob {
    frames: f64,
    minutes: f64,
    reference_key: String,
    reference_fp32_tflops: Option<f64>,
    memory_gib: f64,
    /// The graphics APIs a renderer needs.
    apis: SharedTexts,
}

impl Kind for RenderJob {
    type Request = Render;

    fn check(r: &Render, catalog: &Catalog, _: &'static str) -> Result<Self, Error> {
        let w = "workload";
        let frames = at_least_one(&format!("{w}.frames"), Some(r.frames), 1.0)?;
        let minutes = check_range(&format!("{w}.minutesPerFrame"), r.minutes_per_frame, 1e-6, 1e7)?;
        let reference = resolve_accelerator(catalog, &r.reference_accelerator, &format!("{w}.referenceAccelerator"))?;
        let memory_gib = r.memory_gib.unwrap_or(DEFAULT_SCENE_MEMORY_GIB);
        check_range(&format!("{w}.memoryGib"), memory_gib, 0.0, 1e5)?;
        Ok(RenderJob {
            frames,
            minutes,
            reference_key: reference.key.to_string(),
            reference_fp32_tflops: reference.fp32_tflops,
            memory_gib,
            apis: SharedTexts::of(&["graphics"]),
        })
    }

    /// Frames × minutes per frame on the reference GPU, scaled by FP32 throughput.
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        let overhead = ctx.overhead();
        let memory =
            MemoryBreakdown { activations_gib: self.memory_gib, overhead_gib: overhead, ..MemoryBreakdown::default() }
                .summed();
        let mut demand = Demand { memory, total_memory_gib: memory.total_gib, ..Demand::one_gpu() };
        let (frames, minutes) = (self.frames, self.minutes);
        let reference_hours = frames * minutes / 60.0;
        ctx.assume(
            "referenceHours",
            reference_hours,
            (
                format!("{frames} frames × {minutes} min on {}", self.reference_key),
                format!("{frames} 帧 × 每帧 {minutes} 分钟（在 {} 上）", self.reference_key),
            ),
        );
        if let Some(a) = ctx.accel {
            match (a.fp32_tflops, self.reference_fp32_tflops) {
                (Some(t), Some(rt)) if t > 0.0 => {
                    let hours = reference_hours * rt / t;
                    ctx.assume(
                        "scaling",
                        "FP32 TFLOPS ratio",
                        (
                            "assumed: GPU renderers scale roughly with FP32 throughput; measure your scene",
                            "假定：GPU 渲染器大致随 FP32 吞吐量扩展；请用您的场景实测",
                        ),
                    );
                    demand.compute.gpu_hours = Some(Range::new(hours * 0.7, hours, hours * 1.5));
                }
                _ => ctx.note("no FP32 figure to scale the reference time", "没有 FP32 数据，无法换算参考时间"),
            }
        }
        Ok(demand)
    }

    fn fit(&self, demand: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        graphics(i.accel)?;
        let need = demand.memory.total_gib;
        // A frame renders on one GPU: its memory, never the instance's sum.
        if need > per_gpu_memory(i.offer) + 1e-9 {
            return Err(memory_short(need, i.offer));
        }
        Ok(spread_work(i, demand, i.accel.fp32_tflops.unwrap_or(0.0), i.base(need)))
    }

    fn describe(&self) -> Description<'_> {
        Description { kind: "render", graphics_apis: Some(&self.apis), interruptible: true, ..Description::default() }
    }
}
