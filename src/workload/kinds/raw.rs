//! Raw requirements: GPU memory and count, hours, precision, interconnect.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::compute::Range;
use crate::workload::context::Kind;
use crate::workload::context::*;
use crate::workload::memory::MemoryBreakdown;
use crate::workload::precision::Precision;
use crate::workload::response::*;
use crate::workload::words::GIVEN;
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Raw {
    pub gpu_memory_gib: f64,
    #[serde(default)]
    pub gpu_count: Option<f64>,
    #[serde(default)]
    pub hours: Option<f64>,
    #[serde(default)]
    pub precision: Option<Precision>,
    #[serde(default)]
    pub interconnect: Option<String>,
    /// Allow the GPUs to be spread over several instances (default: one instance holds them all).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub spread: bool,
}

pub(crate) fn raw(ctx: &mut Ctx, r: &Raw) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let memory = check_range(&format!("{w}.gpuMemoryGib"), r.gpu_memory_gib, 0.0, 1e5)?;
    let count = at_least_one(&format!("{w}.gpuCount"), r.gpu_count, 1.0)?;
    let mut response = empty_response("raw");
    if let Some(h) = r.hours {
        response.hours = Some(check_range(&format!("{w}.hours"), h, 0.0, 1e7)?);
        response.compute.gpu_hours = Some(Range::new(h * count, h * count, h * count));
    }
    response.memory = MemoryBreakdown { weights_gib: memory, ..MemoryBreakdown::default() }.summed();
    response.gpus = count;
    response.total_memory_gib = memory * count;
    response.compute.math_precision = r.precision;
    response.compute.gpus_needed = Some(count);
    if let Some(i) = &r.interconnect {
        ctx.assume("interconnect", i, GIVEN);
    }
    Ok(response)
}

impl Kind for Raw {
    fn demand(&self, ctx: &mut Ctx, _: &Catalog, _: &'static str) -> Result<EstimateResponse, Error> {
        raw(ctx, self)
    }
}
