//! A development box: the smallest GPU with enough memory, by the month.

use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{memory_short, peak, per_gpu_memory, Fit, FitInput};
use crate::recommend::outcome::Exclusion;
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
pub struct Devtest {
    pub hours_per_month: f64,
    #[serde(default)]
    pub min_gpu_memory_gib: Option<f64>,
}

/// GPU memory a development notebook asks for when the user gives none
/// (assumed: a 7–8B model in 16-bit with room to try things).
pub const DEFAULT_DEV_MEMORY_GIB: f64 = 16.0;

/// A checked dev box.
#[derive(Debug, Clone)]
pub struct DevBox {
    hours_per_month: f64,
    memory_gib: f64,
    memory_given: bool,
}

impl Kind for DevBox {
    type Request = Devtest;

    fn check(d: &Devtest, _: &Catalog, _: &'static str) -> Result<Self, Error> {
        let w = "workload";
        let hours_per_month = check_range(&format!("{w}.hoursPerMonth"), d.hours_per_month, 0.0, 744.0)?;
        let memory_gib = d.min_gpu_memory_gib.unwrap_or(DEFAULT_DEV_MEMORY_GIB);
        check_range(&format!("{w}.minGpuMemoryGib"), memory_gib, 0.0, 1e5)?;
        Ok(DevBox { hours_per_month, memory_gib, memory_given: d.min_gpu_memory_gib.is_some() })
    }

    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        ctx.assume(
            "minGpuMemoryGib",
            self.memory_gib,
            if self.memory_given {
                GIVEN
            } else {
                ("default for a development notebook", "开发用笔记本环境的默认值")
            },
        );
        Ok(Demand {
            memory: MemoryBreakdown { activations_gib: self.memory_gib, ..MemoryBreakdown::default() }.summed(),
            total_memory_gib: self.memory_gib,
            hours: Some(self.hours_per_month),
            ..Demand::one_gpu()
        })
    }

    fn fit(&self, _: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let o = i.offer;
        // A notebook's minimum is per GPU: four 12 GiB cards never hold a 16 GiB model.
        if per_gpu_memory(o) + 1e-9 < self.memory_gib {
            return Err(memory_short(self.memory_gib, o));
        }
        Ok(Fit {
            hours: self.hours_per_month,
            gpu_hours: self.hours_per_month * o.gpu_count,
            peak_tflops: peak(i.accel, Precision::Bf16) * o.gpu_count,
            ..i.base(self.memory_gib)
        })
    }

    fn describe(&self) -> Description<'_> {
        Description { kind: "devtest", service: true, ..Description::default() }
    }
}
