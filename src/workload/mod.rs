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

pub use context::{resolve_accelerator, ApiTokens, Between, Description, FitReach, Kind, Overrides};
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
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct EstimateRequest {
    /// `{ kind, … }`: the kind selects the variant, the other keys are its fields.
    pub workload: Workload,
    /// Canonical accelerator key (`H100`, `A100-80GB`, `L4`) or alias.
    #[serde(default)]
    pub accelerator: Option<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub overrides: Overrides,
    /// The Amdahl/PCIe check: does this job gain from a GPU at all?
    #[serde(default)]
    pub gpu_check: Option<gpu_check::GpuCheckInput>,
}

/// The workload kinds, one line each: the variant (`workload.kind`, lower
/// case), its request fields and the checked type in `kinds/` that implements
/// [`Kind`]. This is the one list of kinds; the request enum (with its
/// TypeScript declaration and reader), `KINDS` and the one `match` that checks
/// a request are written from it.
macro_rules! kinds {
    ($($variant:ident($request:ty => $checked:ty) = $name:literal;)*) => {
        /// What the user wants to do, by `workload.kind`: `{ kind, … }`, the other
        /// keys the fields of the kind (read by hand below, so that serde_json and the
        /// crate's reader both accept the documented objects).
        #[derive(Debug, Clone, ts_rs::TS)]
        #[ts(tag = "kind", rename_all = "lowercase")]
        pub enum Workload {
            $($variant($request),)*
        }

        /// `workload.kind`, read as an identifier so that an unknown kind is an error
        /// at `workload.kind` listing the known ones.
        #[derive(Deserialize)]
        enum KindName {
            $(#[serde(rename = $name)] $variant,)*
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

        impl<'de> serde::de::Visitor<'de> for WorkloadVisitor {
            type Value = Workload;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object with a `kind`")
            }

            /// Internally tagged, without serde's buffering (which would lose the path
            /// of a bad field): `kind` first, then the rest of the map is the kind's
            /// struct. The crate's reader always yields `kind` first; JSON text with
            /// `kind` later is buffered once and read again.
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Workload, A::Error> {
                use serde::de::value::MapAccessDeserializer;
                let first: Option<String> = map.next_key()?;
                if first.as_deref() == Some("kind") {
                    let kind: KindName = map.next_value()?;
                    let rest = MapAccessDeserializer::new(map);
                    return Ok(match kind {
                        $(KindName::$variant => Workload::$variant(Deserialize::deserialize(rest)?),)*
                    });
                }
                let mut entries = Vec::new();
                let mut key = first;
                while let Some(k) = key {
                    entries.push((k, map.next_value::<crate::input::Node>()?));
                    key = map.next_key()?;
                }
                if !entries.iter().any(|(k, _)| k == "kind") {
                    return Err(serde::de::Error::missing_field("kind"));
                }
                crate::input::read("workload", &crate::input::Node::Map(entries))
                    .map_err(|e| serde::de::Error::custom(format!("{}: {}", e.field, e.message)))
            }
        }
    };
}

impl<'de> Deserialize<'de> for Workload {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(WorkloadVisitor)
    }
}

struct WorkloadVisitor;

kinds! {
    Pretrain(Training => kinds::training::TrainingRun) = "pretrain";
    Finetune(Training => kinds::training::TrainingRun) = "finetune";
    Inference(Inference => kinds::inference::Serving) = "inference";
    Hpc(Hpc => kinds::hpc::HpcJob) = "hpc";
    Render(Render => kinds::render::RenderJob) = "render";
    Vdi(Vdi => kinds::vdi::Desktops) = "vdi";
    Devtest(Devtest => kinds::devtest::DevBox) = "devtest";
    Raw(Raw => kinds::raw::RawNeed) = "raw";
}

/// A workload checked once: its kind's checked values and the user's overrides.
pub struct Checked {
    kind: Box<dyn AnyKind>,
    overrides: Overrides,
}

impl Checked {
    /// The demand on `accel` when one is given (speeds and GPU counts need
    /// one), in numbers, and the words said on the way; `recommend` calls this
    /// once per accelerator row (and stated fabric, for a kind that reads it),
    /// with how far its fits can reach and the planner's kept layout searches
    /// for the row.
    pub fn demand_on(
        &self,
        catalog: &Catalog,
        accel: Option<&Accelerator>,
        reach: FitReach,
        layouts: Option<&mut kinds::training::LayoutMemo>,
        between: Between,
        reading: Reading,
    ) -> Result<(Demand, Words), Error> {
        let measured_on = self
            .overrides
            .measured_accelerator
            .as_deref()
            .map(|k| resolve_accelerator(catalog, k, "overrides.measuredAccelerator"))
            .transpose()?;
        let mut ctx = Ctx {
            accel,
            reach,
            measured_on,
            overrides: &self.overrides,
            layouts,
            between,
            assumptions: Vec::new(),
            notes: Vec::new(),
            words: reading == Reading::NumbersAndWords,
        };
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
    let (demand, words) =
        checked.demand_on(catalog, accel, FitReach::Any, None, Between::default(), Reading::NumbersAndWords)?;
    let mut response = checked.view(&demand, words, accel);
    if let Some(check) = &req.gpu_check {
        response.gpu_check = Some(gpu_check::check(check, "gpuCheck")?);
    }
    Ok(response)
}
