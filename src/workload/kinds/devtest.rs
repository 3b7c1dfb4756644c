//! A development box: the smallest GPU with enough memory, by the month.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::workload::context::Kind;
use crate::workload::context::*;
use crate::workload::memory::MemoryBreakdown;
use crate::workload::response::*;
use crate::workload::words::GIVEN;
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Devtest {
    pub hours_per_month: f64,
    #[serde(default)]
    pub min_gpu_memory_gib: Option<f64>,
}

pub(crate) fn devtest(ctx: &mut Ctx, d: &Devtest) -> Result<EstimateResponse, Error> {
    let w = "workload";
    let hours = check_range(&format!("{w}.hoursPerMonth"), d.hours_per_month, 0.0, 744.0)?;
    let memory = d.min_gpu_memory_gib.unwrap_or(16.0);
    check_range(&format!("{w}.minGpuMemoryGib"), memory, 0.0, 1e5)?;
    let mut response = empty_response("devtest");
    response.memory = MemoryBreakdown { activations_gib: memory, ..MemoryBreakdown::default() }.summed();
    response.total_memory_gib = memory;
    response.hours = Some(hours);
    ctx.assume(
        "minGpuMemoryGib",
        memory,
        if d.min_gpu_memory_gib.is_some() {
            GIVEN
        } else {
            ("default for a development notebook", "开发用笔记本环境的默认值")
        },
    );
    Ok(response)
}

impl Kind for Devtest {
    fn demand(&self, ctx: &mut Ctx, _: &Catalog, _: &'static str) -> Result<EstimateResponse, Error> {
        devtest(ctx, self)
    }
}
