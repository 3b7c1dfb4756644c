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

/// What the user wants to do, by `workload.kind`: `{ kind, … }`, the other
/// keys the fields of the kind (read by hand below, so that serde_json and the
/// crate's reader both accept the documented objects).
#[derive(Debug, Clone, ts_rs::TS)]
#[ts(tag = "kind", rename_all = "lowercase")]
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

/// `workload.kind`, read as an identifier so that an unknown kind is an error
/// at `workload.kind` listing the known ones.
#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum KindName {
    Pretrain,
    Finetune,
    Inference,
    Hpc,
    Render,
    Vdi,
    Devtest,
    Raw,
}

impl<'de> Deserialize<'de> for Workload {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(WorkloadVisitor)
    }
}

struct WorkloadVisitor;

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
                KindName::Pretrain => Workload::Pretrain(Deserialize::deserialize(rest)?),
                KindName::Finetune => Workload::Finetune(Deserialize::deserialize(rest)?),
                KindName::Inference => Workload::Inference(Deserialize::deserialize(rest)?),
                KindName::Hpc => Workload::Hpc(Deserialize::deserialize(rest)?),
                KindName::Render => Workload::Render(Deserialize::deserialize(rest)?),
                KindName::Vdi => Workload::Vdi(Deserialize::deserialize(rest)?),
                KindName::Devtest => Workload::Devtest(Deserialize::deserialize(rest)?),
                KindName::Raw => Workload::Raw(Deserialize::deserialize(rest)?),
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
