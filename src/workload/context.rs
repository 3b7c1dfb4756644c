//! What an estimate carries while it runs: the accelerator, the user's
//! overrides, and the assumptions and notes it collects.

use super::compute::Range;
use super::model::ModelSpec;
use super::response::{Assumption, AssumptionValue, Demand, SharedTexts, DEFAULT_OVERHEAD_GIB};
use super::words::{Said, YOUR_OVERRIDE, YOUR_VALUE};
use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::fit::{Fit, FitInput};
use crate::recommend::outcome::Exclusion;
use serde::Deserialize;

/// How large a cluster the offers' fits can ask a demand about: a training
/// demand computes its scaling curve (a layout search at each doubling of the
/// node) that far, not to 65,536 GPUs for every accelerator of every call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FitReach {
    /// Any size: a deadline can grow a fit's cluster to the largest.
    Any,
    /// No deadline: a fit takes the GPUs memory or the user asks for, in whole
    /// instances of at most this many GPUs.
    WholeInstancesOf { largest_gpu_count: f64 },
    /// A deadline: a fit grows its cluster until its hours, GPU-hours at perfect
    /// scaling / (GPUs × scaling) × (1 + overhead), meet `hours`, in whole
    /// instances of at most `largest_gpu_count` GPUs.
    Deadline { hours: f64, overhead: f64, largest_gpu_count: f64 },
}

/// What lies between the GPUs of the offers a demand is for, where a kind reads it: the
/// fabric between their instances as the provider states it (per GPU in bytes/s, and its
/// source) and, for an RDMA-class instance smaller than the default node, its GPUs.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Between {
    pub fabric: Option<(f64, &'static str)>,
    pub node_gpus: Option<f64>,
}

/// What a demand is computed on, and the words it collects.
pub struct Ctx<'a> {
    pub(crate) accel: Option<&'a Accelerator>,
    /// How large a cluster the offers' fits can ask this demand about.
    pub(crate) reach: FitReach,
    pub(crate) measured_on: Option<&'a Accelerator>,
    pub(crate) overrides: &'a Overrides,
    /// The planner's kept layout searches for this accelerator row (training), if any.
    pub(crate) layouts: Option<&'a mut super::kinds::training::LayoutMemo>,
    /// What lies between the offers' GPUs, where the kind reads it: the fabric the provider
    /// states (`recommend::facts::stated_fabric`, `Description::reads_fabric`) and, for
    /// RDMA-class instances smaller than the default node (a p5.4xlarge's one H100), their
    /// GPUs (`Description::reads_node_size`): a cluster of them has only the network between them.
    pub(crate) between: Between,
    pub(crate) assumptions: Vec<Assumption>,
    pub(crate) notes: Vec<Said>,
    /// Whether the caller reads the words (assumptions and notes). The ranking's
    /// demand on each accelerator row reads only the numbers: there a kind skips
    /// building its longer sentences (`if ctx.words`), a twentieth of a page's
    /// keystroke call in the module (docs/PERFORMANCE.md, issue 18 round 28).
    pub(crate) words: bool,
}

impl Ctx<'_> {
    /// An assumption and where it comes from, said in English and Chinese.
    pub(crate) fn assume(&mut self, name: &str, value: impl Into<AssumptionValue>, source: impl Into<Said>) {
        if !self.words {
            return;
        }
        let Said { en, zh } = source.into();
        self.assumptions.push(Assumption { name: name.into(), value: value.into(), source: en, source_zh: zh });
    }

    /// A note for the user, in English and Chinese.
    pub(crate) fn note(&mut self, en: impl Into<String>, zh: impl Into<String>) {
        if self.words {
            self.notes.push(Said { en: en.into(), zh: zh.into() });
        }
    }

    /// An estimate on an accelerator that runs no PyTorch or LLM serving engine as
    /// the clouds offer it (recommend leaves its offers out as `no-ml-stack`) says so.
    pub(crate) fn note_no_ml_stack(&mut self, a: &Accelerator) {
        if crate::recommend::roles::lacks_ml_stack(&a.key) {
            self.note(
                format!(
                    "{}: no PyTorch or LLM serving engine runs on it as the clouds offer it; estimated as if one did",
                    a.key
                ),
                format!("{}：在云上的形态无法运行 PyTorch 或大模型推理引擎；仍按可运行估算", a.key),
            );
        }
    }

    /// A user's value collapses the range to that value.
    pub(crate) fn range(&mut self, name: &str, user: Option<f64>, default: (Range, Said)) -> Range {
        match user {
            Some(v) => {
                self.assume(name, v, YOUR_OVERRIDE);
                Range::new(v, v, v)
            }
            None => {
                self.assume(name, default.0, default.1);
                default.0
            }
        }
    }

    /// The user's measured throughput for this accelerator: as given on the
    /// accelerator it was measured on (or when none is named), else scaled by
    /// the ratio of `figure` (peak TFLOPS or bandwidth) between the two.
    pub(crate) fn measured(&mut self, figure: impl Fn(&Accelerator) -> Option<f64>) -> Option<f64> {
        let tps = self.overrides.measured_tokens_per_second?;
        let (Some(here), Some(there)) = (self.accel, self.measured_on) else {
            self.note(
                format!("throughput from your measured {tps} tokens/s"),
                format!("吞吐量取自您实测的 {tps} tokens/s"),
            );
            return Some(tps);
        };
        if here.key == there.key {
            self.note(
                format!("throughput from your measurement on {}: {tps} tokens/s", there.key),
                format!("吞吐量取自您在 {} 上的实测：{tps} tokens/s", there.key),
            );
            return Some(tps);
        }
        let ratio = figure(here)? / figure(there)?;
        let scaled = tps * ratio;
        self.note(
            format!("your {tps} tokens/s on {} scaled by {ratio:.2} to {}: {scaled:.0} tokens/s", there.key, here.key),
            format!("您在 {} 上的 {tps} tokens/s 按 {ratio:.2} 倍换算到 {}：{scaled:.0} tokens/s", there.key, here.key),
        );
        Some(scaled)
    }

    pub(crate) fn overhead(&mut self) -> f64 {
        let v = self.overrides.overhead_gib.unwrap_or(DEFAULT_OVERHEAD_GIB);
        let source = if self.overrides.overhead_gib.is_some() {
            YOUR_VALUE
        } else {
            (
                "CUDA context and allocator reserve, 0.3–2 GiB (estimation_formulas.md §4.1)",
                "CUDA 上下文与显存分配器预留，0.3–2 GiB（estimation_formulas.md §4.1）",
            )
        };
        self.assume("overheadGib", v, source);
        v
    }
}

pub(crate) fn positive(field: &str, v: f64) -> Result<f64, Error> {
    check_range(field, v, 0.0, 1e18)
}

pub(crate) fn at_least_one(field: &str, v: Option<f64>, default: f64) -> Result<f64, Error> {
    let v = v.unwrap_or(default);
    check_range(field, v, 1.0, 1e7)?;
    Ok(v)
}

pub(crate) fn check_overrides(o: &Overrides) -> Result<(), Error> {
    for (name, v, max) in [
        ("overrides.utilization", o.utilization, 1.0),
        ("overrides.prefillEfficiency", o.prefill_efficiency, 1.0),
        ("overrides.bandwidthEfficiency", o.bandwidth_efficiency, 1.0),
        ("overrides.scalingEfficiency", o.scaling_efficiency, 1.0),
        ("overrides.hpcEfficiency", o.hpc_efficiency, 1.0),
    ] {
        if let Some(v) = v {
            check_range(name, v, 0.001, max)?;
        }
    }
    if let Some(v) = o.overhead_gib {
        check_range("overrides.overheadGib", v, 0.0, 1000.0)?;
    }
    if let Some(v) = o.measured_tokens_per_second {
        check_range("overrides.measuredTokensPerSecond", v, 1e-6, 1e12)?;
    }
    Ok(())
}

/// Assumptions a user may replace; each is echoed back under `assumptions`.
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Overrides {
    /// Training: fraction of dense peak reached (MFU-like), replacing the generation default.
    pub utilization: Option<f64>,
    /// Inference: fraction of peak reached in prefill.
    pub prefill_efficiency: Option<f64>,
    /// Inference: fraction of memory bandwidth reached in decode (MBU).
    pub bandwidth_efficiency: Option<f64>,
    /// Multi-GPU scaling efficiency (0–1).
    pub scaling_efficiency: Option<f64>,
    /// Framework and CUDA memory per GPU, GiB.
    pub overhead_gib: Option<f64>,
    /// Your measured throughput: training tokens/s per GPU, or inference output tokens/s per replica.
    pub measured_tokens_per_second: Option<f64>,
    /// The accelerator the measurement ran on. Other accelerators scale it by
    /// peak TFLOPS (training) or memory bandwidth (inference); without it the
    /// measurement applies as given.
    pub measured_accelerator: Option<String>,
    /// HPC: fraction of FP64/FP32 peak the code reaches.
    pub hpc_efficiency: Option<f64>,
}

/// One kind of workload, checked. A kind owns four things: `check` (its
/// request fields → checked values, every default stated once and every bound
/// checked once), `demand` (numbers on one accelerator, words into `ctx`),
/// `fit` (the demand on one offer, or the code that says why not) and
/// `describe` (what costing and the views need to know). A new kind is a file
/// in `kinds/` implementing this and one line in `workload::kinds!`.
pub trait Kind: Sized {
    /// The kind's fields under `workload`.
    type Request;
    fn check(request: &Self::Request, catalog: &Catalog, kind: &'static str) -> Result<Self, Error>;
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error>;
    fn fit(&self, demand: &Demand, offer: &FitInput) -> Result<Fit, Exclusion>;
    fn describe(&self) -> Description<'_>;
}

/// What the pipeline needs to know of a checked kind besides its numbers.
#[derive(Debug, Clone, Copy, Default)]
pub struct Description<'a> {
    pub kind: &'static str,
    pub model: Option<&'a ModelSpec>,
    pub graphics_apis: Option<&'a SharedTexts>,
    /// Costed by the month (a service) rather than by the job's total.
    pub service: bool,
    /// Survives a spot eviction (checkpointed or restartable work).
    pub interruptible: bool,
    /// Its instances wait for each other (synchronous training).
    pub synchronous: bool,
    /// Tokens per request in and out and per month, to compare with an API.
    pub api_tokens: Option<ApiTokens>,
    /// Its demand depends on the fabric between instances (a training cluster
    /// whose request leaves `interconnect` out): `recommend` computes it once per
    /// accelerator and stated fabric, not once per accelerator.
    pub reads_fabric: bool,
    /// Its demand depends on the GPUs of one instance (a training cluster whose request
    /// leaves `gpusPerNode` out: a cluster of smaller RDMA instances has no NVLink between
    /// their GPUs).
    pub reads_node_size: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ApiTokens {
    pub prompt: f64,
    pub output: f64,
    pub per_month: f64,
}

/// A checked kind behind one pointer: the pipeline holds this, never the request.
pub(crate) trait AnyKind {
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error>;
    fn fit(&self, demand: &Demand, offer: &FitInput) -> Result<Fit, Exclusion>;
    fn describe(&self) -> Description<'_>;
}

impl<K: Kind> AnyKind for K {
    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        Kind::demand(self, ctx)
    }
    fn fit(&self, demand: &Demand, offer: &FitInput) -> Result<Fit, Exclusion> {
        Kind::fit(self, demand, offer)
    }
    fn describe(&self) -> Description<'_> {
        Kind::describe(self)
    }
}

/// An accelerator by key or alias; the error lists known keys.
pub fn resolve_accelerator<'c>(catalog: &'c Catalog, key: &str, field: &str) -> Result<&'c Accelerator, Error> {
    catalog.accelerator_index(key.trim()).map(|i| &catalog.data.accelerators[i]).ok_or_else(|| {
        let keys: Vec<&str> = catalog.data.accelerators.iter().map(|a| a.key.as_str()).take(70).collect();
        Error::new(field, format!("unknown accelerator `{key}`; known keys include: {}", keys.join(", ")))
    })
}
