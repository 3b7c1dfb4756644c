//! The workload model: what the user wants to do → the hardware it needs.
//! `estimate(request)` gives memory (a breakdown), compute (FLOPs, GPU-hours
//! or speed, as low–expected–high), and every assumption it used.

pub mod calibration;
pub mod compute;
pub mod context;
pub mod gpu_check;
pub mod kinds;
pub mod memory;
pub mod model;
pub mod perf;
pub mod precision;
pub mod response;
pub mod words;

pub use kinds::devtest::Devtest;
pub use kinds::hpc::Hpc;
pub use kinds::inference::{Inference, InferenceMode};
pub use kinds::raw::Raw;
pub use kinds::render::Render;
pub use kinds::training::{FinetuneMethod, Training};
pub use kinds::vdi::{Vdi, DEFAULT_DESKTOP_MEMORY_GIB, DEFAULT_DESKTOP_VCPUS};
pub use response::*;

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::Error;
use context::{check_overrides, Ctx, Kind};
pub use context::{resolve_accelerator, Overrides};
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EstimateRequest {
    /// `{ kind, … }`: the kind selects the variant, the other keys are its fields.
    pub workload: Workload,
    /// Canonical accelerator key (`H100`, `A100-80GB`, `L4`) or alias.
    #[serde(default)]
    pub accelerator: Option<String>,
    #[serde(default)]
    pub overrides: Overrides,
    /// The Amdahl/PCIe check: does this job gain from a GPU at all?
    #[serde(default)]
    pub gpu_check: Option<gpu_check::GpuCheckInput>,
}

/// What the user wants to do, by `workload.kind`.
#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "lowercase")]
pub enum Workload {
    Pretrain(Training),
    Finetune(Training),
    Inference(Inference),
    Hpc(Hpc),
    Render(Render),
    Vdi(Vdi),
    Devtest(Devtest),
    Raw(Raw),
}

/// Workload kinds, as `workload.kind` names them.
pub const KINDS: [&str; 8] = ["pretrain", "finetune", "inference", "hpc", "render", "vdi", "devtest", "raw"];

impl Workload {
    fn as_kind(&self) -> &dyn Kind {
        match self {
            Workload::Pretrain(t) | Workload::Finetune(t) => t,
            Workload::Inference(i) => i,
            Workload::Hpc(h) => h,
            Workload::Render(r) => r,
            Workload::Vdi(v) => v,
            Workload::Devtest(d) => d,
            Workload::Raw(r) => r,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Workload::Pretrain(_) => "pretrain",
            Workload::Finetune(_) => "finetune",
            Workload::Inference(_) => "inference",
            Workload::Hpc(_) => "hpc",
            Workload::Render(_) => "render",
            Workload::Vdi(_) => "vdi",
            Workload::Devtest(_) => "devtest",
            Workload::Raw(_) => "raw",
        }
    }
}

pub fn estimate(catalog: &Catalog, req: &EstimateRequest) -> Result<EstimateResponse, Error> {
    let accel = req.accelerator.as_deref().map(|k| resolve_accelerator(catalog, k, "accelerator")).transpose()?;
    let mut response = estimate_on(catalog, &req.workload, accel, &req.overrides)?;
    if let Some(check) = &req.gpu_check {
        response.gpu_check = Some(gpu_check::check(check, "gpuCheck")?);
    }
    Ok(response)
}

/// The workload's demand, on `accel` when one is given (speeds and GPU counts
/// need one); `recommend` calls this once per accelerator.
pub fn estimate_on(
    catalog: &Catalog,
    workload: &Workload,
    accel: Option<&Accelerator>,
    overrides: &Overrides,
) -> Result<EstimateResponse, Error> {
    check_overrides(overrides)?;
    let measured_on = overrides
        .measured_accelerator
        .as_deref()
        .map(|k| resolve_accelerator(catalog, k, "overrides.measuredAccelerator"))
        .transpose()?;
    let mut ctx = Ctx { accel, measured_on, overrides, assumptions: Vec::new(), notes: Vec::new() };
    let mut response = workload.as_kind().demand(&mut ctx, catalog, workload.kind())?;
    response.accelerator = accel.map(|a| a.key.to_string());
    response.assumptions = std::mem::take(&mut ctx.assumptions);
    for note in std::mem::take(&mut ctx.notes) {
        response.notes.push(note.en);
        response.notes_zh.push(note.zh);
    }
    Ok(response)
}
