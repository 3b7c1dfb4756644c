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

pub use context::{resolve_accelerator, ApiTokens, Description, Kind, Overrides};
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
use crate::recommend::fit::{Fit, FitInput};
use crate::recommend::outcome::Exclusion;
use context::{check_overrides, AnyKind, Ctx};
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

/// The workload kinds, one line each: the variant (`workload.kind`, lower
/// case) and the checked type in `kinds/` that implements [`Kind`]. This is
/// the one list of kinds; the request enum, `KINDS` and the one `match` that
/// checks a request are written from it.
macro_rules! kinds {
    ($($variant:ident($checked:ty) = $name:literal;)*) => {
        /// What the user wants to do, by `workload.kind`.
        #[derive(Deserialize, Debug, Clone)]
        pub enum Workload {
            $(#[serde(rename = $name)] $variant(<$checked as Kind>::Request),)*
        }

        /// Workload kinds, as `workload.kind` names them.
        pub const KINDS: &[&str] = &[$($name),*];

        impl Workload {
            pub fn kind(&self) -> &'static str {
                match self {
                    $(Workload::$variant(_) => $name,)*
                }
            }

            /// Every bound checked and every default stated, once per request.
            pub fn check(&self, catalog: &Catalog, overrides: &Overrides) -> Result<Checked, Error> {
                check_overrides(overrides)?;
                if let Some(key) = overrides.measured_accelerator.as_deref() {
                    resolve_accelerator(catalog, key, "overrides.measuredAccelerator")?;
                }
                let kind: Box<dyn AnyKind> = match self {
                    $(Workload::$variant(r) => Box::new(<$checked as Kind>::check(r, catalog, $name)?),)*
                };
                Ok(Checked { kind, overrides: overrides.clone() })
            }
        }
    };
}

kinds! {
    Pretrain(kinds::training::TrainingRun) = "pretrain";
    Finetune(kinds::training::TrainingRun) = "finetune";
    Inference(kinds::inference::Serving) = "inference";
    Hpc(kinds::hpc::HpcJob) = "hpc";
    Render(kinds::render::RenderJob) = "render";
    Vdi(kinds::vdi::Desktops) = "vdi";
    Devtest(kinds::devtest::DevBox) = "devtest";
    Raw(kinds::raw::RawNeed) = "raw";
}

/// A workload checked once: its kind's checked values and the user's overrides.
pub struct Checked {
    kind: Box<dyn AnyKind>,
    overrides: Overrides,
}

impl Checked {
    /// The demand on `accel` when one is given (speeds and GPU counts need
    /// one), in numbers, and the words said on the way; `recommend` calls this
    /// once per accelerator row.
    pub fn demand_on(&self, catalog: &Catalog, accel: Option<&Accelerator>) -> Result<(Demand, Words), Error> {
        let measured_on = self
            .overrides
            .measured_accelerator
            .as_deref()
            .map(|k| resolve_accelerator(catalog, k, "overrides.measuredAccelerator"))
            .transpose()?;
        let mut ctx =
            Ctx { accel, measured_on, overrides: &self.overrides, assumptions: Vec::new(), notes: Vec::new() };
        let demand = self.kind.demand(&mut ctx)?;
        Ok((demand, Words { assumptions: ctx.assumptions, notes: ctx.notes }))
    }

    /// The JS view of a demand.
    pub fn view(&self, demand: &Demand, words: Words, accel: Option<&Accelerator>) -> EstimateResponse {
        let d = self.describe();
        EstimateResponse::view(
            d.kind,
            demand,
            d.model.cloned(),
            d.graphics_apis.cloned().unwrap_or_default(),
            accel.map(|a| a.key.to_string()),
            words,
        )
    }

    /// The demand fitted to one offer, or why not.
    pub fn fit(&self, demand: &Demand, offer: &FitInput) -> Result<Fit, Exclusion> {
        self.kind.fit(demand, offer)
    }

    pub fn describe(&self) -> Description<'_> {
        self.kind.describe()
    }
}

pub fn estimate(catalog: &Catalog, req: &EstimateRequest) -> Result<EstimateResponse, Error> {
    let accel = req.accelerator.as_deref().map(|k| resolve_accelerator(catalog, k, "accelerator")).transpose()?;
    let checked = req.workload.check(catalog, &req.overrides)?;
    let (demand, words) = checked.demand_on(catalog, accel)?;
    let mut response = checked.view(&demand, words, accel);
    if let Some(check) = &req.gpu_check {
        response.gpu_check = Some(gpu_check::check(check, "gpuCheck")?);
    }
    Ok(response)
}
