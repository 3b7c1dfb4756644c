//! Rendering: frames × minutes per frame on a reference GPU, scaled by FP32.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
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

/// Rendering: frames × minutes per frame on a reference GPU, scaled by FP32 throughput.
pub(crate) fn render(ctx: &mut Ctx, catalog: &Catalog, r: &Render) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let frames = at_least_one(&format!("{w}.frames"), Some(r.frames), 1.0)?;
    let minutes = check_range(&format!("{w}.minutesPerFrame"), r.minutes_per_frame, 1e-6, 1e7)?;
    let reference = resolve_accelerator(catalog, &r.reference_accelerator, &format!("{w}.referenceAccelerator"))?;
    let mut response = empty_response("render");
    let memory = r.memory_gib.unwrap_or(8.0);
    check_range(&format!("{w}.memoryGib"), memory, 0.0, 1e5)?;
    let overhead = ctx.overhead();
    response.memory =
        MemoryBreakdown { activations_gib: memory, overhead_gib: overhead, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = response.memory.total_gib;
    response.graphics_apis = SharedTexts::of(&["graphics"]);
    let reference_hours = frames * minutes / 60.0;
    ctx.assume(
        "referenceHours",
        reference_hours,
        (
            format!("{frames} frames × {minutes} min on {}", reference.key),
            format!("{frames} 帧 × 每帧 {minutes} 分钟（在 {} 上）", reference.key),
        ),
    );
    if let Some(a) = ctx.accel {
        match (a.fp32_tflops, reference.fp32_tflops) {
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
                response.compute.gpu_hours = Some(Range::new(hours * 0.7, hours, hours * 1.5));
            }
            _ => ctx.note("no FP32 figure to scale the reference time", "没有 FP32 数据，无法换算参考时间"),
        }
    }
    Ok(response)
}

impl Kind for Render {
    fn demand(&self, ctx: &mut Ctx, catalog: &Catalog, _: &'static str) -> Result<EstimateResponse, Error> {
        render(ctx, catalog, self)
    }
}
