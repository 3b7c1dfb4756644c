//! Pre-training and fine-tuning: memory under the chosen sharding, GPU-hours
//! from 6·N·D plus attention, utilisation by model size, precision and cluster.

use crate::catalog::schema::Accelerator;
use crate::catalog::Catalog;
use crate::error::{check_range, Error};
use crate::recommend::facts;
use crate::recommend::fit::{capacity, host_balance, mem, memory_short, ml_stack, peak, whole_gpus, Fit, FitInput};
use crate::recommend::outcome::{exclude, Exclusion, Layout, Notices};
use crate::recommend::roles;
use crate::workload::compute::{self, Range};
use crate::workload::context::*;
use crate::workload::kinds::Network;
use crate::workload::memory::{self, MemoryBreakdown, Optimizer, Parallelism, Recompute, GIB};
use crate::workload::model::{self, ModelInput, ModelSpec};
use crate::workload::perf::efficiency::{self, OpClass};
use crate::workload::perf::training as perf;
use crate::workload::precision::{self, Precision};
use crate::workload::response::*;
use crate::workload::words::{YOUR_OVERRIDE, YOUR_VALUE};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum FinetuneMethod {
    Full,
    #[default]
    Lora,
    Qlora,
}

/// How pipeline stages take turns: Megatron-Core's interleaved 1F1B, each GPU
/// holding several virtual stages, divides the bubble by their number
/// (Narayanan et al. 2021 §2.2); plain 1F1B (DeepSpeed's pipeline engine,
/// Megatron-LM without `--num-layers-per-virtual-pipeline-stage`) leaves
/// (stages − 1) / micro-batches of each step idle.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum PipelineSchedule {
    #[default]
    Interleaved,
    #[serde(rename = "1f1b")]
    #[ts(rename = "1f1b")]
    OneFOneB,
}

/// Whether the framework hides the tensor-parallel all-reduces behind the
/// neighbouring GEMMs: Megatron-Core with Transformer Engine splits them to
/// overlap (Wang et al. 2022); Megatron-LM before it, Megatron-DeepSpeed and
/// GPT-NeoX all-reduce after each GEMM, so the whole reduction waits.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum TensorParallelOverlap {
    #[default]
    Overlapped,
    None,
}

/// How the context-parallel ranks exchange keys and values (Transformer Engine's
/// `cp_comm_type`): round a ring, each step's transfer hidden behind the attention of the
/// block in hand (`p2p`, Megatron-Core's default; Liu et al. 2023, Ring Attention), or
/// gathered whole before the attention, the transfer exposed (`all_gather`: Llama 3's, arXiv
/// 2407.21783 §3.3.2, for its document masks). Both move the same bytes: the all-gather
/// gathers the keys and values again for the backward pass and reduce-scatters their
/// gradients (`AttnFuncWithCPAndKVAllGather`), as the ring passes both.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
#[derive(ts_rs::TS)]
pub enum ContextParallelExchange {
    #[default]
    Ring,
    AllGather,
}

/// Whether tensor parallelism also splits the sequence in the regions between its GEMMs
/// (Korthikanti et al. 2022, arXiv 2205.05198 §4.2.2: Megatron-LM's `--sequence-parallel`,
/// Megatron-Core's recipes whenever TP > 1, torchtitan's tensor-parallel plan). Without it
/// (GPT-NeoX, which “does not currently support sequence parallelism”, EleutherAI/gpt-neox
/// issue 980, 2023; Megatron-DeepSpeed and SwissArmyTransformer, whose tensor-parallel layers
/// all-reduce after each GEMM) every tensor-parallel rank runs the layer norms, dropouts and
/// residual adds on the whole sequence and keeps their activations whole.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum SequenceParallel {
    #[default]
    On,
    Off,
}

/// How a mixture-of-experts layer hands its tokens to the experts. Megatron-Core's
/// dropless all-to-all dispatcher reads the token counts on the host once per MoE
/// layer (its `cuda_sync_point`), which drains the host's queue of kernels, and the
/// layer's per-expert work is then launched while the GPU waits: a fixed host time
/// per local expert (`EXPERT_HOST_S_PER_LOCAL_EXPERT`). DeepSeek-V3's own stack
/// (DeepEP, grouped kernels), one kernel for all the experts (ScatterMoE) and static
/// shapes with CUDA graphs keep it on the device. Left out, the estimate expects the
/// host's wait and its range's fast end has none (`perf::EXPERT_HOST_S_UNSTATED`).
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
#[derive(ts_rs::TS)]
pub enum ExpertDispatch {
    HostSynchronized,
    Device,
}

/// How a mixture-of-experts layer's all-to-all crosses nodes when its expert-parallel group
/// spans them. `per-expert`: an NCCL all-to-all sends each token's hidden state once per routed
/// expert on another GPU, so k × (nodes − 1)/nodes copies cross the network (Megatron-Core's
/// default `alltoall` dispatcher). `per-node`: the dispatch sends it once per other node holding
/// any of its experts and forwards it there over the node's own links (DeepEP, HybridEP,
/// DeepSeek-V3's stack, §3.2.2). Left out, the estimate expects `per-expert` and its range's
/// fast end `per-node` (`perf::ALL_TO_ALL_PER_NODE_UNSTATED`).
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
#[derive(ts_rs::TS)]
pub enum ExpertAllToAll {
    PerExpert,
    PerNode,
}

/// Which kernels run an FP8 training step's linear layers. Transformer Engine (NeMo,
/// Megatron-Core) fuses each FP8 cast and transpose into the neighbouring kernels; torchao's
/// float8 linears (torchtitan, OLMo-core) scale each tensor dynamically and run the absolute
/// maximum, the cast and the transpose as kernels of their own that torch.compile generates
/// (torchao's README, "Derivation"; pytorch/pytorch issue 133242), so less of the FP8 GEMMs'
/// gain reaches the step (`perf::TORCHAO_FP8_RELATIVE`).
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
#[derive(ts_rs::TS)]
pub enum Fp8Recipe {
    #[default]
    TransformerEngine,
    Torchao,
}

#[derive(Deserialize, Debug, Clone)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct Training {
    pub model: ModelInput,
    /// Training tokens.
    pub tokens: f64,
    #[serde(default)]
    pub method: Option<FinetuneMethod>,
    #[serde(default)]
    pub precision: Option<Precision>,
    /// Sequence length per sample (default 4096, or the model's context if shorter).
    #[serde(default)]
    pub context_tokens: Option<f64>,
    #[serde(default)]
    pub micro_batch: Option<f64>,
    #[serde(default)]
    pub recompute: Option<Recompute>,
    /// ZeRO stage (FSDP FULL_SHARD = 3, PyTorch's default).
    #[serde(default)]
    pub zero_stage: Option<u8>,
    #[serde(default)]
    pub gpus: Option<f64>,
    #[serde(default)]
    pub tensor_parallel: Option<f64>,
    #[serde(default)]
    pub pipeline_parallel: Option<f64>,
    /// GPUs sharing each sequence (Megatron-Core's `context_parallel_size`): each holds and
    /// computes its share of every sequence and passes keys and values round a ring; a
    /// power of two, the sequence split into 2 × this many equal chunks. Left out, the layout
    /// search tries it wherever each GPU keeps at least 4,096 tokens.
    #[serde(default)]
    pub context_parallel: Option<f64>,
    /// `ring` (default) or `all-gather`: how the context-parallel ranks exchange keys and
    /// values (read only at CP > 1).
    #[serde(default)]
    pub context_parallel_exchange: Option<ContextParallelExchange>,
    /// A mixture-of-experts model's routed experts split over this many GPUs of a pipeline
    /// stage (it divides the experts; the data-parallel ranks are taken in whole groups of
    /// it); left out, the layout search chooses it.
    #[serde(default)]
    pub expert_parallel: Option<f64>,
    /// Each expert's tensor-parallel degree (Megatron-Core's `expert_tensor_parallel_size`):
    /// `1` keeps experts whole, expert parallelism then spanning tensor × data parallel, as
    /// Megatron-Bridge's MoE recipes set it; the tensor-parallel degree splits each expert like
    /// the dense layers (Megatron-Core's default). Left out, the layout search compares both.
    #[serde(default)]
    pub expert_tensor_parallel: Option<f64>,
    /// `host-synchronized` (Megatron-Core's dropless dispatcher) or `device` (DeepSeek-V3's
    /// stack, static shapes): whether a MoE layer's experts wait for the host. Left out, the
    /// estimate expects the wait and its range's fast end has none.
    #[serde(default)]
    pub expert_dispatch: Option<ExpertDispatch>,
    /// `per-expert` (an NCCL all-to-all, Megatron-Core's default dispatcher) or `per-node`
    /// (DeepEP, HybridEP, DeepSeek-V3's stack): how often a token crosses the network when the
    /// expert-parallel group spans nodes. Left out, `per-expert` expected, `per-node` at the
    /// range's fast end.
    #[serde(default)]
    pub expert_all_to_all: Option<ExpertAllToAll>,
    /// `transformer-engine` (default: NeMo, Megatron-Core) or `torchao` (torchtitan, OLMo-core):
    /// whose kernels run the FP8 linear layers; read only when the precision is FP8.
    #[serde(default)]
    pub fp8_recipe: Option<Fp8Recipe>,
    /// `interleaved` (default) or `1f1b`: how pipeline stages take turns.
    #[serde(default)]
    pub pipeline_schedule: Option<PipelineSchedule>,
    /// `overlapped` (default) or `none`: whether the tensor-parallel all-reduces hide behind GEMMs.
    #[serde(default)]
    pub tensor_parallel_overlap: Option<TensorParallelOverlap>,
    /// `on` (default) or `off`: whether tensor parallelism splits the layer norms, dropouts and
    /// residual adds by sequence too (read only at TP > 1).
    #[serde(default)]
    pub sequence_parallel: Option<SequenceParallel>,
    #[serde(default)]
    pub optimizer: Option<Optimizer>,
    #[serde(default)]
    pub lora_rank: Option<f64>,
    /// The network between nodes, any case: `infiniband`, `roce`, `efa`, `rdma`; `ethernet` or
    /// `none` (no RDMA); `nvlink` and `pcie` read as RDMA-class.
    #[serde(default)]
    pub interconnect: Option<String>,
    #[serde(default)]
    pub gpus_per_node: Option<f64>,
    /// The fabric between instances in Gb/s per GPU and direction (a p4d's 4 × 100 Gb/s
    /// over 8 GPUs is 50). Left out, `recommend` reads each offer's stated fabric
    /// and `estimate` assumes 400 (one NDR NIC per GPU), or `interconnect`'s.
    #[serde(default)]
    pub inter_node_gbps_per_gpu: Option<f64>,
    /// Tokens per optimizer step (default 4M for pre-training, 64 sequences for fine-tuning).
    #[serde(default)]
    pub global_batch_tokens: Option<f64>,
}

/// `EXPERT_HOST_S_PER_LOCAL_EXPERT` in milliseconds, as the note on a MoE estimate states it.
const EXPERT_HOST_MS: (f64, f64, f64) = (
    perf::EXPERT_HOST_S_PER_LOCAL_EXPERT.0 * 1e3,
    perf::EXPERT_HOST_S_PER_LOCAL_EXPERT.1 * 1e3,
    perf::EXPERT_HOST_S_PER_LOCAL_EXPERT.2 * 1e3,
);

/// Without a GPU count, a run is assumed to take about two months: DeepSeek-V3
/// pre-trained in 54 days (2.664M H800-hours on 2,048 GPUs), Llama 3 405B's
/// reported snapshot spans 54 days, LLaMA 65B took 21 and BLOOM 118.
pub(crate) const REFERENCE_RUN_HOURS: f64 = 60.0 * 24.0;
pub(crate) const CLUSTER_SOURCE: (&str, &str) = (
    "no GPU count given: the GPUs that finish in about two months (DeepSeek-V3 and Llama 3 405B ran 54 days), at least what memory needs, in whole nodes, 2^k or 3·2^k of them (as published clusters are)",
    "未给出 GPU 数量：取约两个月完成所需的 GPU 数（DeepSeek-V3 与 Llama 3 405B 各训练 54 天），且不少于显存所需，按整节点计，节点数取 2^k 或 3·2^k（与已公布的集群规模一致）",
);

/// Tokens per optimizer step in pre-training when the request gives none:
/// Llama 2 trained with 4M-token batches (Touvron et al. 2023 §2.2).
pub(crate) const PRETRAIN_GLOBAL_BATCH_TOKENS: f64 = 4.0e6;
/// Sequences per step in fine-tuning when the request gives none (assumed; NeMo's
/// LoRA and SFT recipes use 32, Alpaca-style recipes 128).
pub(crate) const FINETUNE_GLOBAL_BATCH_SEQUENCES: f64 = 64.0;
const GLOBAL_BATCH_SOURCE: (&str, &str) = (
    "tokens per optimizer step: pre-training 4M (Llama 2), at least one sequence per GPU on large clusters (Llama 3 405B grew to 16M), fine-tuning 64 sequences (assumed); set globalBatchTokens",
    "每个优化步的 token 数：预训练 4M（Llama 2），大集群上每个 GPU 至少一条序列（Llama 3 405B 增至 16M），微调 64 条序列（假设）；可设置 globalBatchTokens",
);
/// Share of a real run's GPU time that trains: Llama 3 405B reports more than 90%
/// effective training time over 54 days (arXiv 2407.21783 §3.3.4); 0.8–0.95.
pub(crate) const GOODPUT: Range = Range { low: 0.8, expected: 0.9, high: 0.95 };
const GOODPUT_SOURCE: (&str, &str) = (
    "share of a run's GPU time that trains (restarts, checkpoints, evaluation): Llama 3 405B reports > 90% (arXiv 2407.21783 §3.3.4)",
    "运行中真正用于训练的 GPU 时间占比（重启、检查点、评估之外）：Llama 3 405B 报告超过 90%（arXiv 2407.21783 §3.3.4）",
);
/// Loss per doubling of nodes beyond the communication the step model counts:
/// stragglers and failures (Llama 3 405B, 43% → 41% MFU from 8,192 to 16,384 GPUs).
pub(crate) const NODE_DOUBLING_LOSS: f64 = 0.02;
/// Where the default between nodes comes from (`super::RDMA_BYTES_PER_S_PER_GPU`).
const INTER_NODE_DEFAULT_SOURCE: &str =
    "one 400 Gb/s InfiniBand/RoCE NIC per GPU, 50 GB/s (DGX H100; DeepSeek-V3's cluster, arXiv 2412.19437 §3.1)";

/// Scaling efficiency of `cluster` GPUs against one node: the ratio of their
/// step-model throughputs per GPU, × (1 − loss) per doubling of nodes.
pub(crate) fn cluster_scaling(node: Range, cluster: Range, gpus: f64, per_node: f64) -> Range {
    let doublings = (gpus / per_node.max(1.0)).max(1.0).log2();
    let loss = (1.0 - NODE_DOUBLING_LOSS).powf(doublings);
    let ratio = |c: f64, n: f64| if n > 0.0 { (c / n).min(1.0) * loss } else { 1.0 };
    let e = ratio(cluster.expected, node.expected);
    let (a, b) = (ratio(cluster.low, node.low), ratio(cluster.high, node.high));
    Range::new(a.min(b).min(e), e, a.max(b).max(e))
}

/// The scaling efficiency at `gpus` from a curve of (GPUs, efficiency) points in
/// ascending GPUs: interpolated in log2(GPUs) between points, 1 below the first
/// (the per-GPU rate is the first point's), and beyond the last one
/// `NODE_DOUBLING_LOSS` per further doubling.
pub(crate) fn scaling_at(curve: &[(f64, f64)], gpus: f64) -> f64 {
    let (Some(&(g0, e0)), Some(&(gl, el))) = (curve.first(), curve.last()) else {
        return 1.0;
    };
    if gpus <= g0 {
        return e0.min(1.0);
    }
    if gpus >= gl {
        return el * (1.0 - NODE_DOUBLING_LOSS).powf((gpus / gl).log2());
    }
    for w in curve.windows(2) {
        let ((a, ea), (b, eb)) = (w[0], w[1]);
        if gpus <= b {
            let t = if b > a { (gpus / a).log2() / (b / a).log2() } else { 1.0 };
            return ea + (eb - ea) * t;
        }
    }
    el
}

/// GPUs assumed when the request gives none: enough to finish the ideal
/// GPU-hours in `REFERENCE_RUN_HOURS`, and at least what memory needs; past one
/// node, whole nodes (a cluster is rented by the node, and a count such as 2,185
/// left the layout search no data-parallel degree that experts could divide).
pub(crate) fn assumed_cluster(gpus: f64, memory_gpus: Option<f64>, ideal_gpu_hours: f64, per_node: f64) -> f64 {
    let by_time = (ideal_gpu_hours / REFERENCE_RUN_HOURS).ceil();
    let by_memory = memory_gpus.filter(|g| g.is_finite()).unwrap_or(1.0);
    let count = gpus.max(by_time).max(by_memory).max(1.0);
    let node = per_node.max(1.0);
    if count <= node {
        return count;
    }
    // Nodes in a count of 2^k or 3·2^k, as published clusters are (1,536, 3,072 and 6,144
    // H100s for Nemotron-4 340B, arXiv 2406.11704 Table 2; 2,048 H800s for DeepSeek-V3;
    // 16,384 H100s for Llama 3 405B): a count such as 147 nodes (3 · 7²) leaves the layout
    // search data-parallel degrees that no power-of-two tensor, pipeline or expert degree
    // divides well.
    let nodes = (count / node).ceil();
    let power = 2f64.powf(nodes.log2().floor());
    let rounded = [power, 1.5 * power, 2.0 * power].into_iter().find(|n| *n >= nodes).unwrap_or(2.0 * power);
    rounded * node
}

/// The layout searches of one training job on one accelerator row, kept by a
/// `Planner` from one answer to the next. A search reads the job without its
/// token count (model, method, precision, batch, the layout given, network),
/// the memory overhead, the accelerator and, past one node, the fabric; never
/// the tokens or the deadline: a new token count (a keystroke in the page's
/// tokens field) reuses them, and they are most of a training demand's time
/// (docs/PERFORMANCE.md).
#[derive(Default)]
pub struct LayoutMemo {
    /// The job (its tokens zeroed) and the overhead the searches below were made for.
    job: Option<(TrainingRun, f64)>,
    /// By `SearchKey`: the rate range and best layout …
    ranges: std::collections::HashMap<SearchKey, Option<(Range, perf::LayoutChoice)>>,
    /// … and the best layout alone (the scaling curve's points).
    best: std::collections::HashMap<SearchKey, Option<perf::LayoutChoice>>,
    /// Where the search fits memory by tensor-parallel degree (`Demand::training_layout_fits`),
    /// by the fabric between nodes and the GPUs of a node (as bits).
    fits: std::collections::HashMap<(u64, u64), Vec<LayoutFit>>,
}

impl LayoutMemo {
    /// This memo for `t`'s searches: emptied first if it was made for another job.
    fn for_job(&mut self, t: &TrainingRun, overhead: f64) -> &mut Self {
        let job = (TrainingRun { tokens: 0.0, ..t.clone() }, overhead);
        if self.job.as_ref() != Some(&job) {
            *self = LayoutMemo { job: Some(job), ..LayoutMemo::default() };
        }
        self
    }

    /// The search under `key` from `kept` (searched and kept there the first time), or
    /// searched afresh without a memo. Each token count can ask for its own cluster
    /// size, so a memo that is full starts again rather than grow with every count
    /// typed (`MAX_KEPT_SEARCHES`).
    fn look_up<K: std::hash::Hash + Eq, T: Clone>(
        kept: Option<&mut std::collections::HashMap<K, T>>,
        key: K,
        search: impl FnOnce() -> T,
    ) -> T {
        let Some(kept) = kept else { return search() };
        if let Some(found) = kept.get(&key) {
            return found.clone();
        }
        if kept.len() >= MAX_KEPT_SEARCHES {
            kept.clear();
        }
        let found = search();
        kept.insert(key, found.clone());
        found
    }
}

/// A layout search's GPU count and, when they span nodes, the fabric per GPU
/// between them and the GPUs of a node (as bits; 0 within one node, which neither
/// changes): the offers of one accelerator that state different fabrics or hold
/// fewer GPUs per instance share their one-node searches.
type SearchKey = (u64, u64, u64);

fn search_key(gpus: f64, per_node: f64, links: &perf::ClusterLinks) -> SearchKey {
    if gpus > per_node {
        (gpus.to_bits(), links.inter_node_bytes_per_s.to_bits(), per_node.to_bits())
    } else {
        (gpus.to_bits(), 0, 0)
    }
}

/// Searches a row's memo keeps of each kind: the node, the doublings of a
/// scaling curve (at most 14 from 8 to 65,536 GPUs) on each of the row's
/// fabrics (up to three in the embedded catalog) and a few clusters.
const MAX_KEPT_SEARCHES: usize = 48;

/// A checked training run: every default stated here once.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingRun {
    kind: &'static str,
    model: ModelSpec,
    tokens: f64,
    method: FinetuneMethod,
    precision: Precision,
    seq: f64,
    micro_batch: f64,
    /// GPUs as given; `None`: the run picks its cluster.
    gpus_given: Option<f64>,
    gpus: f64,
    tensor: f64,
    pipeline: f64,
    /// Context-parallel degree as given (1 when left out: the request's own layout).
    context: f64,
    zero_stage: u8,
    recompute: Recompute,
    pipeline_schedule: PipelineSchedule,
    tensor_parallel_overlap: TensorParallelOverlap,
    sequence_parallel: SequenceParallel,
    context_parallel_exchange: ContextParallelExchange,
    /// `None`: not stated (the host time's range spans both kinds of stack).
    expert_dispatch: Option<ExpertDispatch>,
    expert_all_to_all: Option<ExpertAllToAll>,
    fp8_recipe: Fp8Recipe,
    optimizer: Optimizer,
    rank: f64,
    /// `interconnect` as given, else RDMA-class.
    network: Network,
    /// The fabric between instances per GPU in bytes/s, as the user declared it.
    inter_node_given: Option<f64>,
    /// `network` or the fabric as the user declared it; neither given,
    /// `recommend` reads each offer's stated fabric.
    network_given: bool,
    per_node: f64,
    /// `gpusPerNode` given: every offer's node. Left out, `recommend` passes a smaller RDMA
    /// instance's GPUs as its node (`Between::node_gpus`, `Description::reads_node_size`).
    per_node_given: bool,
    /// Tokens per optimizer step as given; `None`: by kind (`PRETRAIN_GLOBAL_BATCH_TOKENS`, …).
    global_batch_tokens: Option<f64>,
    /// The layout as given: the step model's search keeps what the user fixed.
    zero_stage_given: bool,
    tensor_given: Option<f64>,
    pipeline_given: Option<f64>,
    context_given: Option<f64>,
    expert_given: Option<f64>,
    expert_tensor_given: Option<f64>,
    micro_batch_given: Option<f64>,
}

/// ZeRO stage by default: FSDP FULL_SHARD, PyTorch's default.
pub const DEFAULT_ZERO_STAGE: u8 = 3;
/// LoRA rank by default (the LoRA paper's and PEFT's common choice).
pub const DEFAULT_LORA_RANK: f64 = 16.0;
/// Sequence length by default, or the model's context if shorter.
pub const DEFAULT_SEQUENCE_TOKENS: f64 = 4096.0;
/// GPUs per node by default: an 8-GPU server (DGX/HGX, and the cloud instances built on them).
pub const DEFAULT_GPUS_PER_NODE: f64 = 8.0;
/// Training across more GPUs than this is beyond what the estimate can support.
const MAX_TRAINING_GPUS: f64 = 65_536.0;

impl TrainingRun {
    /// The fabric between instances the demand crossed, in Gb/s per instance of `o`:
    /// the one the user declared, else the offer's stated one; `None` for a declared
    /// `interconnect` without a figure (its assumption says which).
    fn fabric_gbit_per_s(&self, o: &crate::catalog::schema::Offer) -> Option<f64> {
        match (self.inter_node_given, self.network_given) {
            (Some(per_gpu), _) => Some(per_gpu * 8.0 / 1e9 * o.gpu_count),
            (None, true) => None,
            (None, false) => facts::stated_fabric_gbit_per_s(o),
        }
    }
    fn check(t: &Training, kind: &'static str) -> Result<Self, Error> {
        let w = "workload";
        let model = model::resolve(&t.model, &format!("{w}.model"))?;
        let tokens = positive(&format!("{w}.tokens"), t.tokens)?;
        let method = if kind == "pretrain" {
            if t.method.is_some_and(|m| m != FinetuneMethod::Full) {
                return Err(Error::new(
                    format!("{w}.method"),
                    "pre-training trains every weight; LoRA and QLoRA are fine-tuning methods",
                ));
            }
            FinetuneMethod::Full
        } else {
            t.method.unwrap_or_default()
        };
        let precision = t.precision.unwrap_or(Precision::Bf16);
        if matches!(precision, Precision::Int8 | Precision::Int4 | Precision::Fp64) {
            return Err(Error::new(
                format!("{w}.precision"),
                "training runs in fp32, bf16, fp16 or fp8; int8/int4 are for inference (QLoRA stores 4-bit weights itself)",
            ));
        }
        let context_default = if model.context_tokens > 0 {
            f64::from(model.context_tokens).min(DEFAULT_SEQUENCE_TOKENS)
        } else {
            DEFAULT_SEQUENCE_TOKENS
        };
        let seq = at_least_one(&format!("{w}.contextTokens"), t.context_tokens, context_default)?;
        let micro_batch = at_least_one(&format!("{w}.microBatch"), t.micro_batch, 1.0)?;
        let gpus = at_least_one(&format!("{w}.gpus"), t.gpus, 1.0)?;
        let tensor = at_least_one(&format!("{w}.tensorParallel"), t.tensor_parallel, 1.0)?;
        let pipeline = at_least_one(&format!("{w}.pipelineParallel"), t.pipeline_parallel, 1.0)?;
        let context = at_least_one(&format!("{w}.contextParallel"), t.context_parallel, 1.0)?;
        // Megatron-Core splits a sequence into 2 × CP chunks to balance the causal mask: a power
        // of two whose chunks are whole tokens.
        if context > 1.0 && (context.log2().fract() != 0.0 || (seq / (2.0 * context)).fract() != 0.0) {
            return Err(Error::new(
                format!("{w}.contextParallel"),
                format!("must be a power of two that splits the {seq}-token sequence into 2 × {context} whole chunks"),
            ));
        }
        let with_context = if context > 1.0 { format!(" × contextParallel {context}") } else { String::new() };
        // Without a GPU count the cluster is sized to hold the stated layout.
        if tensor * pipeline * context > gpus && t.gpus.is_some() {
            return Err(Error::new(
                format!("{w}.gpus"),
                format!("{gpus} GPUs cannot hold tensorParallel {tensor} × pipelineParallel {pipeline}{with_context}"),
            ));
        }
        let expert = at_least_one(&format!("{w}.expertParallel"), t.expert_parallel, 1.0)?;
        let expert_tensor = at_least_one(&format!("{w}.expertTensorParallel"), t.expert_tensor_parallel, 1.0)?;
        if t.expert_tensor_parallel.is_some() {
            let field = format!("{w}.expertTensorParallel");
            if !model.is_moe() {
                return Err(Error::new(
                    field,
                    "expert tensor parallelism splits a mixture-of-experts model's experts; this model has none",
                ));
            }
            // Above 1 it names the dense layers' degree too, which the request then states.
            if expert_tensor != 1.0 && t.tensor_parallel != Some(expert_tensor) {
                let why = match t.tensor_parallel {
                    Some(_) => format!(
                        "must be 1 (experts whole) or tensorParallel's {tensor} (experts split like the dense layers)"
                    ),
                    None => {
                        "above 1 it splits each expert like the dense layers: state tensorParallel, the same degree"
                            .to_string()
                    }
                };
                return Err(Error::new(field, why));
            }
        }
        if t.expert_parallel.is_some() {
            let field = format!("{w}.expertParallel");
            let experts = f64::from(model.experts);
            if !model.is_moe() {
                return Err(Error::new(
                    field,
                    "expert parallelism splits a mixture-of-experts model's experts; this model has none",
                ));
            }
            if expert > experts || (experts / expert).fract() != 0.0 {
                return Err(Error::new(field, format!("must divide the model's {experts} experts")));
            }
            // The fewest GPUs of a pipeline stage that hold the expert-parallel group: EP × ETP
            // divides TP × CP × DP (whole experts, the least, unless ETP is stated above 1).
            let stage = perf::lcm(tensor * context, expert * expert_tensor);
            if pipeline * stage > gpus && t.gpus.is_some() {
                return Err(Error::new(
                    format!("{w}.gpus"),
                    format!("{gpus} GPUs cannot hold pipelineParallel {pipeline} × {stage} GPUs for tensorParallel {tensor}{with_context} and expertParallel {expert}"),
                ));
            }
        }
        // Megatron-Core runs a mixture-of-experts model at TP > 1 only with sequence parallelism
        // (its MoE layers take their tokens split by sequence), so off holds a MoE to TP 1.
        if t.sequence_parallel == Some(SequenceParallel::Off) && model.is_moe() && t.tensor_parallel != Some(1.0) {
            return Err(Error::new(
                format!("{w}.sequenceParallel"),
                "a mixture-of-experts model splits its tokens by sequence across tensor-parallel ranks: off needs tensorParallel 1",
            ));
        }
        let zero_stage = t.zero_stage.unwrap_or(DEFAULT_ZERO_STAGE);
        if zero_stage > 3 {
            return Err(Error::new(format!("{w}.zeroStage"), "must be 0, 1, 2 or 3"));
        }
        let recompute = t.recompute.unwrap_or(if kind == "finetune" { Recompute::Full } else { Recompute::Selective });
        let rank = t.lora_rank.unwrap_or(DEFAULT_LORA_RANK);
        check_range(&format!("{w}.loraRank"), rank, 1.0, 4096.0)?;
        let per_node = t.gpus_per_node.unwrap_or(DEFAULT_GPUS_PER_NODE);
        check_range(&format!("{w}.gpusPerNode"), per_node, 1.0, 1024.0)?;
        // From 1 Gb/s to a 72-GPU NVLink domain's 7.2 Tb/s per GPU.
        let inter_node_given = t
            .inter_node_gbps_per_gpu
            .map(|v| check_range(&format!("{w}.interNodeGbpsPerGpu"), v, 1.0, 7200.0))
            .transpose()?
            .map(|gbps| gbps * 1e9 / 8.0);
        let global_batch_tokens =
            t.global_batch_tokens.map(|v| check_range(&format!("{w}.globalBatchTokens"), v, 1.0, 1e9)).transpose()?;
        Ok(TrainingRun {
            kind,
            model,
            tokens,
            method,
            precision,
            seq,
            micro_batch,
            gpus_given: t.gpus,
            gpus,
            tensor,
            pipeline,
            context,
            zero_stage,
            recompute,
            pipeline_schedule: t.pipeline_schedule.unwrap_or_default(),
            tensor_parallel_overlap: t.tensor_parallel_overlap.unwrap_or_default(),
            sequence_parallel: t.sequence_parallel.unwrap_or_default(),
            context_parallel_exchange: t.context_parallel_exchange.unwrap_or_default(),
            expert_dispatch: t.expert_dispatch,
            expert_all_to_all: t.expert_all_to_all,
            fp8_recipe: t.fp8_recipe.unwrap_or_default(),
            optimizer: t.optimizer.unwrap_or_default(),
            rank,
            network: match &t.interconnect {
                Some(word) => Network::parse(&format!("{w}.interconnect"), word)?,
                None => Network::Rdma,
            },
            inter_node_given,
            network_given: t.interconnect.is_some() || inter_node_given.is_some(),
            per_node,
            per_node_given: t.gpus_per_node.is_some(),
            global_batch_tokens,
            zero_stage_given: t.zero_stage.is_some(),
            tensor_given: t.tensor_parallel,
            pipeline_given: t.pipeline_parallel,
            context_given: t.context_parallel,
            expert_given: t.expert_parallel,
            expert_tensor_given: t.expert_tensor_parallel,
            micro_batch_given: t.micro_batch,
        })
    }
}

/// Pre-training and fine-tuning: memory per GPU under the chosen sharding, and
/// GPU-hours from 6·N·D (8·N·D with full recomputation).
fn training(ctx: &mut Ctx, t: &TrainingRun) -> Result<Demand, Error> {
    let (model, tokens, method, precision) = (&t.model, t.tokens, t.method, t.precision);
    let (seq, micro_batch, gpus, tensor, pipeline) = (t.seq, t.micro_batch, t.gpus, t.tensor, t.pipeline);
    let (zero_stage, recompute, optimizer, rank) = (t.zero_stage, t.recompute, t.optimizer, t.rank);
    let par = Parallelism { gpus, tensor, pipeline, zero_stage };

    // Memory (estimation_formulas.md §3, §7).
    let params = model.params_b * 1e9;
    let (weight_bytes, trained) = match method {
        FinetuneMethod::Full => (precision.bytes(), params),
        FinetuneMethod::Lora => (precision.bytes(), memory::lora_params(model, rank)),
        FinetuneMethod::Qlora => (precision::NF4_BYTES, memory::lora_params(model, rank)),
    };
    let grad_bytes = if precision == Precision::Fp32 { 4.0 } else { 2.0 };
    let states = memory::States {
        params,
        trained,
        weight_bytes,
        grad_bytes,
        optimizer_bytes: optimizer.bytes_per_param(precision),
        frozen_base: method != FinetuneMethod::Full,
    };
    let (mut weights, grads, optimizer_state) = memory::model_states(&states, &par);
    if method != FinetuneMethod::Full {
        // Adapter weights (16-bit) on top of the frozen base.
        weights += trained * 2.0;
    }
    // The request's own layout: each context-parallel rank holds its share of the sequence.
    let activations = memory::training_activations(
        model,
        seq / t.context,
        micro_batch,
        recompute,
        tensor,
        t.sequence_parallel == SequenceParallel::On,
    );
    let overhead = ctx.overhead();
    let breakdown = MemoryBreakdown {
        weights_gib: weights / GIB,
        gradients_gib: grads / GIB,
        optimizer_gib: optimizer_state / GIB,
        activations_gib: activations / GIB,
        overhead_gib: overhead,
        ..MemoryBreakdown::default()
    }
    .summed();
    ctx.assume("contextTokens", seq, ("sequence length per sample", "每个样本的序列长度"));
    ctx.assume("microBatch", micro_batch, ("samples per GPU per step", "每块 GPU 每步的样本数"));
    ctx.assume(
        "recompute",
        recompute,
        ("Korthikanti et al. 2022 activation formulas", "Korthikanti 等 2022 年的激活值公式"),
    );
    ctx.assume(
        "zeroStage",
        zero_stage,
        (
            "ZeRO / FSDP sharding (FULL_SHARD = 3 is PyTorch FSDP's default)",
            "ZeRO / FSDP 分片（PyTorch FSDP 默认 FULL_SHARD = 3）",
        ),
    );
    ctx.assume(
        "optimizer",
        optimizer,
        (
            "optimizer state bytes per parameter (EleutherAI cookbook)",
            "每个参数的优化器状态字节数（EleutherAI cookbook）",
        ),
    );
    if method != FinetuneMethod::Full {
        ctx.assume(
            "loraRank",
            rank,
            ("LoRA rank on Q, K, V, O and MLP matrices", "Q、K、V、O 与 MLP 矩阵上的 LoRA 秩"),
        );
    }

    let mut response =
        Demand { gpus, total_memory_gib: breakdown.total_gib * gpus, memory: breakdown, ..Demand::default() };

    // Compute: FLOPs per method (LoRA skips the frozen weights' gradients).
    let perf_method = match method {
        FinetuneMethod::Full => perf::Method::Full,
        FinetuneMethod::Lora => perf::Method::Lora { rank },
        FinetuneMethod::Qlora => perf::Method::Qlora { rank },
    };
    let flops = perf::flops_per_token(model, perf_method, seq, recompute, seq * micro_batch) * tokens;
    response.compute.total_flops = Some(flops);
    if model.is_moe() && ctx.words {
        ctx.note(
            format!(
                "MoE: memory counts all {:.1} B parameters, compute the {:.1} B active per token",
                model.params_b, model.active_params_b
            ),
            format!(
                "MoE：显存按全部 {:.1} B 参数计，计算按每个 token 激活的 {:.1} B 参数计",
                model.params_b, model.active_params_b
            ),
        );
    }
    let global_batch_tokens = match t.global_batch_tokens {
        Some(v) => v,
        None if t.kind == "pretrain" => PRETRAIN_GLOBAL_BATCH_TOKENS.max(seq * t.gpus_given.unwrap_or(1.0)),
        None => FINETUNE_GLOBAL_BATCH_SEQUENCES * seq,
    };
    if let Some(a) = ctx.accel {
        let Some((peak, math)) = precision::peak_tflops(a, precision) else {
            return Err(Error::new("accelerator", format!("{} has no published {} figure", a.key, precision.name())));
        };
        if math != precision && ctx.words {
            ctx.note(
                format!("{} has no {} units; estimated at its {} peak", a.key, precision.name(), math.name()),
                format!("{} 没有 {} 计算单元；按其 {} 峰值估算", a.key, precision.name(), math.name()),
            );
        }
        ctx.note_no_ml_stack(a);
        if method == FinetuneMethod::Qlora && !runs_nf4_base(a) && ctx.words {
            ctx.note(
                format!("{}: {}; estimated as if it did", a.key, NO_NF4_BASE.0),
                format!("{}：{}；仍按可运行估算", a.key, NO_NF4_BASE.1),
            );
        }
        let network = t.network;
        // A cluster of smaller RDMA instances has no NVLink between them: each instance is a
        // node (passed only where the request leaves `gpusPerNode` out).
        let per_node = ctx.between.node_gpus.unwrap_or(t.per_node);
        let memory_gpus = a.memory_gib.map(|mem| gpus_for_memory(breakdown, mem, &par, overhead));
        // A declared network is the user's; left out, the offer's stated fabric.
        let stated = ctx.between.fabric.filter(|_| !t.network_given);
        let links =
            super::cluster_links(a, network, per_node, t.inter_node_given.or(stated.map(|(per_gpu, _)| per_gpu)));
        let fp8 = math == Precision::Fp8;
        let op = if fp8 { OpClass::DenseGemmFp8 } else { OpClass::DenseGemm };
        // The row's source is cited in full in English; the Chinese text names the row
        // (its prose is an English citation, not ours to paraphrase).
        let stack = efficiency::Stack::of(a).name();
        let achieved = efficiency::achieved_on(a, op);
        // No row: 0.45 of peak assumed, said so below.
        let gemm_share = achieved.as_ref().map_or(Range::new(0.35, 0.45, 0.55), |x| x.share);
        let words = ctx.words;
        let (gemm_why, gemm_why_zh) = match achieved {
            _ if !words => (String::new(), String::new()),
            Some(x) => {
                let basis_zh = match x.basis.split([':', ' ']).next().unwrap_or("") {
                    "measured" => "实测",
                    "derived" => "推导",
                    "fitted" => "拟合",
                    _ => "假定",
                };
                (
                    format!("{stack} ({}): {}", x.basis, x.source),
                    format!("data/achieved_efficiency.csv 中 {stack} 的{basis_zh}行（出处见该行）"),
                )
            }
            None => (
                format!("no achieved-efficiency row for {} on {stack}: 0.45 of peak assumed", a.key),
                format!("data/achieved_efficiency.csv 中没有 {} 在 {stack} 上的行：假定为峰值的 0.45", a.key),
            ),
        };
        let half_gemm_share = efficiency::achieved_on(a, OpClass::DenseGemm).map_or(gemm_share, |x| x.share);
        // torchao's float8 linears keep less of the FP8 GEMMs' rate than Transformer Engine's
        // (`Fp8Recipe`); the efficiency table's FP8 rows were measured with Transformer Engine.
        let torchao = fp8 && t.fp8_recipe == Fp8Recipe::Torchao;
        let gemm_share = if torchao { gemm_share.map(|s| s * perf::TORCHAO_FP8_RELATIVE) } else { gemm_share };
        let (gemm_why, gemm_why_zh) = if torchao && words {
            let relative = perf::TORCHAO_FP8_RELATIVE;
            (
                format!("{gemm_why}; × {relative} for torchao's float8 linears ({})", perf::TORCHAO_FP8_SOURCE),
                format!("{gemm_why_zh}；torchao 的 float8 线性层再乘以 {relative}（拟合出处见 docs/ACCURACY.md）"),
            )
        } else {
            (gemm_why, gemm_why_zh)
        };
        let stream_share = efficiency::achieved_on(a, OpClass::Stream).map_or(0.8, |x| x.share.expected);
        let half_peak = a.bf16_tflops.or(a.fp16_tflops).unwrap_or(peak);
        let problem = |gpus: f64, check_memory: bool| perf::TrainingProblem {
            model,
            method: perf_method,
            gemm_bytes: math.bytes().max(1.0),
            peak_tflops: peak,
            half_peak_tflops: half_peak.min(peak.max(half_peak)),
            bandwidth_gbs: a.memory_bandwidth_gbs.unwrap_or(1000.0),
            memory_gib: if check_memory { a.memory_gib } else { None },
            overhead_gib: overhead,
            gemm_share,
            half_gemm_share,
            stream_share,
            seq,
            // A large cluster keeps its pipelines full with a larger batch (Llama 3
            // 405B grew from 4M to 16M tokens): at least one sequence per GPU.
            global_batch_tokens: if t.global_batch_tokens.is_none() && t.kind == "pretrain" {
                global_batch_tokens.max(seq * gpus)
            } else {
                global_batch_tokens
            },
            recompute,
            interleaved: t.pipeline_schedule == PipelineSchedule::Interleaved,
            tensor_parallel_overlapped: t.tensor_parallel_overlap == TensorParallelOverlap::Overlapped,
            sequence_parallel: t.sequence_parallel == SequenceParallel::On,
            context_exchange_hidden: t.context_parallel_exchange == ContextParallelExchange::Ring,
            expert_host_s_per_local_expert: match t.expert_dispatch {
                None => perf::EXPERT_HOST_S_UNSTATED,
                Some(ExpertDispatch::HostSynchronized) => perf::EXPERT_HOST_S_PER_LOCAL_EXPERT,
                Some(ExpertDispatch::Device) => (0.0, 0.0, 0.0),
            },
            all_to_all_per_node: match t.expert_all_to_all {
                None => perf::ALL_TO_ALL_PER_NODE_UNSTATED,
                Some(ExpertAllToAll::PerExpert) => (false, false, false),
                Some(ExpertAllToAll::PerNode) => (true, true, true),
            },
            zero_stage,
            zero_stage_fixed: t.zero_stage_given,
            optimizer_bytes: states.optimizer_bytes,
            weight_bytes: states.weight_bytes,
            grad_bytes,
            gpus,
            tensor: t.tensor_given,
            pipeline: t.pipeline_given,
            expert: t.expert_given,
            expert_tensor: t.expert_tensor_given,
            context: t.context_given,
            micro_batch: t.micro_batch_given,
        };
        // The layout search on `gpus`; when nothing fits memory, the time is still
        // estimated (without the memory check) and gpusNeeded says how many would fit.
        // Each is looked up in the planner's memo first, when there is one.
        let mut memo = ctx.layouts.take().map(|m| m.for_job(t, overhead));
        let search = |memo: &mut Option<&mut LayoutMemo>, gpus: f64| {
            let kept = memo.as_deref_mut().map(|m| &mut m.ranges);
            LayoutMemo::look_up(kept, search_key(gpus, per_node, &links), || {
                perf::throughput_range(&problem(gpus, true), &links)
                    .or_else(|| perf::throughput_range(&problem(gpus, false), &links))
            })
        };
        let best = |memo: &mut Option<&mut LayoutMemo>, gpus: f64| {
            LayoutMemo::look_up(memo.as_deref_mut().map(|m| &mut m.best), search_key(gpus, per_node, &links), || {
                perf::best_layout(&problem(gpus, true), &links)
                    .or_else(|| perf::best_layout(&problem(gpus, false), &links))
            })
        };
        // The request's own layout (TP 1 × PP 1 unless given) holds each layer's activations
        // whole; tensor and pipeline parallelism split them. With both left to the engine,
        // memory needs, for each tensor-parallel degree, the fewest GPUs (powers of two) at
        // which the search finds a layout of that degree that fits: a 70B pre-training's
        // activations at TP 1 (89 GiB at 4,096 tokens, selective recompute) exceed an H100's
        // 80 GiB at any GPU count, where TP 8 fits 16 of them. A degree is kept only when it
        // fits on fewer GPUs than every smaller one (an offer takes the largest degree its
        // instance holds).
        let layout_fits: Vec<LayoutFit> = match (a.memory_gib, memory_gpus) {
            (Some(capacity), Some(need)) if need > 1.0 && t.tensor_given.is_none() && t.pipeline_given.is_none() => {
                // Searched once per job, accelerator row and fabric: a new token count reuses it.
                let kept = memo.as_deref_mut().map(|m| &mut m.fits);
                LayoutMemo::look_up(kept, (links.inter_node_bytes_per_s.to_bits(), per_node.to_bits()), || {
                    let room = capacity - overhead;
                    // No layout holds less than the model states spread over every GPU.
                    let states_gib =
                        (params * weight_bytes + states.trained * (grad_bytes + states.optimizer_bytes)) / GIB;
                    let mut from = 1.0;
                    while from < need.min(MAX_TRAINING_GPUS) && states_gib / from > room {
                        from *= 2.0;
                    }
                    // The request's own layout where it fits (TP 1, as `gpus_for_memory` shards it);
                    // a TP 1 layout the search fits on fewer GPUs replaces it.
                    let own = need.is_finite().then(|| LayoutFit {
                        tensor_parallel: 1.0,
                        context_parallel: t.context,
                        gpus: need,
                        memory_per_gpu_gib: memory_per_gpu_on(breakdown, &par, overhead, need),
                    });
                    let mut fits: Vec<LayoutFit> = own.into_iter().collect();
                    // The degrees of the request's node (8 by default), also for a smaller
                    // instance's demand: its fit then says which group memory needs and that
                    // the instance cannot hold it (`tensor-parallel`), not only that TP 1 falls short.
                    for tp in perf::tensor_degrees(model, t.per_node) {
                        let below = fits.last().map_or(need, |f| f.gpus);
                        let mut n = from.max(tp);
                        while room > 0.0 && n < below && n <= MAX_TRAINING_GPUS {
                            let fixed = perf::TrainingProblem { tensor: Some(tp), ..problem(n, true) };
                            if let Some(c) = perf::best_layout(&fixed, &links) {
                                fits.retain(|f| f.tensor_parallel < tp);
                                fits.push(LayoutFit {
                                    tensor_parallel: tp,
                                    context_parallel: c.best.context_parallel,
                                    gpus: n,
                                    memory_per_gpu_gib: c.best.memory_per_gpu_gib,
                                });
                                break;
                            }
                            n *= 2.0;
                        }
                    }
                    fits
                })
            }
            _ => Vec::new(),
        };
        let memory_gpus = layout_fits.last().map(|f| f.gpus).or(memory_gpus);
        response.training_layout_fits = layout_fits;
        let measured = ctx.measured(|x| precision::peak_tflops(x, precision).map(|(t, _)| t));
        // One node (or the GPUs asked for, if fewer) sets the per-GPU rate at
        // perfect scaling; the cluster's own layout and losses give the scaling.
        // (at least the GPUs of one model copy when the user fixed TP × PP, × EP).
        let node_gpus = t
            .gpus_given
            .map_or(per_node, |g| g.min(per_node))
            .max(
                pipeline
                    * perf::lcm(
                        tensor * t.context,
                        t.expert_given.unwrap_or(1.0) * t.expert_tensor_given.unwrap_or(1.0),
                    ),
            )
            .max(1.0)
            .round();
        let Some((node_rate, node_choice)) = search(&mut memo, node_gpus) else {
            let field = if t.expert_given.is_some() { "workload.expertParallel" } else { "workload.tensorParallel" };
            return Err(Error::new(field, "no parallel layout of this model fits these GPUs"));
        };
        let goodput = GOODPUT;
        let ideal_of = |rate: Range| {
            let h = |r: f64, g: f64| if r > 0.0 { tokens / r / 3600.0 / g } else { 0.0 };
            Range::new(h(rate.high, goodput.high), h(rate.expected, goodput.expected), h(rate.low, goodput.low))
        };
        let user_util = ctx.overrides.utilization;
        let ideal = match (measured, user_util) {
            (Some(tps), _) => {
                let h = tokens / tps / 3600.0;
                Range::new(h, h, h)
            }
            (None, Some(u)) => {
                ctx.assume("utilization", u, YOUR_OVERRIDE);
                compute::gpu_hours(flops, peak, Range::new(u, u, u))
            }
            (None, None) => ideal_of(node_rate),
        };
        let cluster = match t.gpus_given {
            Some(_) => gpus,
            None => assumed_cluster(gpus, memory_gpus, ideal.expected, per_node),
        };
        if t.gpus_given.is_none() {
            ctx.assume("clusterGpus", cluster, CLUSTER_SOURCE);
        }
        // Said only when the cluster spans nodes: it is what their gradients cross.
        if cluster > per_node && ctx.words {
            let (en, zh) = match (t.inter_node_given, stated, network) {
                (Some(_), _, _) => (YOUR_VALUE.0.to_string(), YOUR_VALUE.1),
                (None, Some((_, source)), _) => (
                    format!("the offer's fabric between instances, per GPU and direction: {source}"),
                    "该实例类型的实例间网络（按每块 GPU、单向计），取自服务商公布的规格",
                ),
                (None, None, n) if n.without_rdma() => (
                    "plain Ethernet without RDMA: 100 Gb/s per node shared by its GPUs (assumed)".to_string(),
                    "无 RDMA 的普通以太网：每节点 100 Gb/s，由节点内 GPU 分享（假设）",
                ),
                (None, None, _) => (
                    format!("{INTER_NODE_DEFAULT_SOURCE}; in recommend, each offer's own fabric where its provider states it"),
                    "每块 GPU 一张 400 Gb/s InfiniBand/RoCE 网卡（DGX H100；DeepSeek-V3 集群，arXiv 2412.19437 §3.1）；推荐时按各实例类型公布的网络计",
                ),
            };
            ctx.assume("interNodeGbpsPerGpu", links.inter_node_bytes_per_s * 8.0 / 1e9, (en, zh));
        }
        let (cluster_rate, choice) = if (cluster - node_gpus).abs() < 0.5 {
            (node_rate, node_choice)
        } else {
            search(&mut memo, cluster.round()).unwrap_or((node_rate, node_choice))
        };
        if measured.is_none() && user_util.is_none() && ctx.words {
            let model_flops = perf::flops_per_token(model, perf_method, seq, Recompute::None, seq * micro_batch);
            let mfu = |r: f64| model_flops * r / (peak * 1e12);
            ctx.assume(
                "utilization",
                Range::new(mfu(cluster_rate.low), mfu(cluster_rate.expected), mfu(cluster_rate.high)),
                {
                    let b = &choice.best;
                    let (dp, tp, pp, ep, mb) =
                        (b.data_parallel, b.tensor_parallel, b.pipeline_parallel, b.expert_parallel, b.micro_batch);
                    let peak_name = math.name();
                    // Whole experts under tensor parallelism (Megatron-Core's expert_tensor_parallel_size).
                    let etp = b.expert_tensor_parallel;
                    let whole = model.is_moe() && etp != tp;
                    let (whole, whole_zh) =
                        if whole { (format!(", ETP {etp}"), format!("，ETP {etp}")) } else { (String::new(), String::new()) };
                    let cp = b.context_parallel;
                    let context = match t.context_parallel_exchange {
                        _ if cp <= 1.0 => String::new(),
                        ContextParallelExchange::Ring => format!(" × CP {cp}"),
                        ContextParallelExchange::AllGather => format!(" × CP {cp} all-gather"),
                    };
                    (
                        format!("model FLOPs per GPU-second over the {peak_name} peak from the step model at the best layout (DP {dp}{context} × TP {tp} × PP {pp} × EP {ep}{whole}, micro-batch {mb}); GEMM share {gemm_why}"),
                        format!("步骤模型在最佳并行布局（DP {dp}{context} × TP {tp} × PP {pp} × EP {ep}{whole_zh}，微批 {mb}）下每 GPU 每秒的模型 FLOPs 与 {peak_name} 峰值之比；GEMM 占比：{gemm_why_zh}"),
                    )
                },
            );
            ctx.assume("goodput", goodput, GOODPUT_SOURCE);
            if model.is_moe() && t.expert_dispatch != Some(ExpertDispatch::Device) {
                let (ms, fast, slow) = EXPERT_HOST_MS;
                let (en, zh) = if t.expert_dispatch.is_none() {
                    (
                        format!("the range's fast end assumes a stack that never waits (Megatron-Bridge's MXFP8 recipes on GB200 and GB300 since its 26.06 release capture whole iterations in CUDA graphs; DeepSeek-V3's stack, ScatterMoE's single kernel), its slow end {slow} ms: say which with expertDispatch, host-synchronized ({fast}–{slow} ms) or device (none)"),
                        format!("区间的快端假设软件栈从不等待主机（Megatron-Bridge 自 26.06 版起在 GB200 和 GB300 上的 MXFP8 配方把整个迭代捕获为 CUDA 图；DeepSeek-V3 的软件栈、ScatterMoE 的单一内核），慢端为 {slow} 毫秒：用 expertDispatch 指明是哪种，host-synchronized（{fast}–{slow} 毫秒）或 device（无此开销）"),
                    )
                } else {
                    (
                        format!("{fast}–{slow} ms for the range; a stack that keeps the dispatch on the device (DeepSeek-V3's, ScatterMoE's single kernel, or static shapes with CUDA graphs) has none: set expertDispatch to device"),
                        format!("区间为 {fast}–{slow} 毫秒；若软件栈的分发留在设备上（DeepSeek-V3 的软件栈、ScatterMoE 的单一内核，或使用 CUDA 图的静态形状），则没有这部分开销：将 expertDispatch 设为 device"),
                    )
                };
                ctx.note(
                    format!("Each mixture-of-experts layer waits for the host once per micro-batch, {ms} ms per expert on each GPU, as Megatron-Core's dropless dispatcher does (Megatron-Bridge's published runs): fewer experts per GPU (a larger expertParallel) and larger micro-batches spend less of each step there; {en}."),
                    format!("每个混合专家（MoE）层在每个微批上都要等待一次主机，每块 GPU 上每个专家 {ms} 毫秒，Megatron-Core 的无丢弃分发器即如此（Megatron-Bridge 已公布的运行）：每块 GPU 上的专家越少（expertParallel 越大）、微批越大，每步花在这里的时间越少；{zh}。"),
                );
            }
            let b = &choice.best;
            let expert_nodes = (b.expert_parallel * b.expert_tensor_parallel / links.gpus_per_node.max(1.0)).ceil();
            if model.is_moe() && t.expert_all_to_all.is_none() && expert_nodes > 1.0 {
                ctx.note(
                    format!("This layout's expert-parallel group spans {expert_nodes} nodes: a token's hidden state is expected to cross the network once per routed expert on another node, as an NCCL all-to-all does (Megatron-Core's default dispatcher); the range's fast end sends it once per other node holding any of its experts, as DeepEP and HybridEP do: say which with expertAllToAll, per-expert or per-node."),
                    format!("该布局的专家并行组跨越 {expert_nodes} 个节点：按 NCCL all-to-all（Megatron-Core 的默认分发器）估计，每个 token 的隐藏状态对其他节点上的每个路由专家各经网络发送一次；区间的快端对每个持有其专家的其他节点只发送一次（DeepEP、HybridEP 即如此）：用 expertAllToAll 指明是哪种，per-expert 或 per-node。"),
                );
            }
            ctx.assume("globalBatchTokens", global_batch_tokens, GLOBAL_BATCH_SOURCE);
        }
        let scaling = match (ctx.overrides.scaling_efficiency, measured) {
            (Some(s), _) => {
                ctx.assume("scalingEfficiency", s, YOUR_VALUE);
                Range::new(s, s, s)
            }
            (None, Some(_)) => Range::new(1.0, 1.0, 1.0),
            (None, None) => {
                let range = cluster_scaling(node_rate, cluster_rate, cluster, per_node);
                let loss_pct = NODE_DOUBLING_LOSS * 100.0;
                if ctx.words {
                    ctx.assume("scalingEfficiency", range, (
                    format!("{cluster:.0} GPUs against one node of {node_gpus:.0}: the step model's exposed communication and pipeline bubble at each size, × {loss_pct:.0}% per doubling of nodes (stragglers and failures; Llama 3 405B fell from 43% to 41% MFU from 8,192 to 16,384 H100s, arXiv 2407.21783 Table 4)"),
                    format!("{cluster:.0} 个 GPU 相对一个 {node_gpus:.0} GPU 节点：按步骤模型计入各规模下未被掩盖的通信与流水线气泡，节点数每翻一倍再损失 {loss_pct:.0}%（掉队与故障；Llama 3 405B 从 8,192 到 16,384 张 H100 时 MFU 由 43% 降至 41%，arXiv 2407.21783 表 4）"),
                ));
                }
                range
            }
        };
        // The one scaling every offer's fit reads: this cluster, and the step model's
        // expected rate at whole doublings of the node up to the largest cluster.
        response.training_scaling = match (ctx.overrides.scaling_efficiency, measured) {
            (Some(s), _) => vec![(1.0, s), (MAX_TRAINING_GPUS, s)],
            (None, Some(_)) => vec![(1.0, 1.0), (MAX_TRAINING_GPUS, 1.0)],
            (None, None) => {
                let mut curve = vec![(node_gpus, 1.0), (cluster.round(), scaling.expected)];
                // A fit's cluster stays below `reach`: the curve stops at its first
                // point at or beyond it, so every fit reads the same two neighbours
                // as on the whole curve. Without a deadline a fit takes whole
                // instances from where memory or the user puts it. With one it grows
                // by at least 5% a round, each round to the GPUs that would meet the
                // deadline at the last round's scaling; once a point p of the curve
                // meets the deadline, a fit whose scaling falls with size ends below
                // DEADLINE_GROWTH·p plus one instance: the curve goes on to twice that,
                // as margin.
                let start = fit_start_gpus(memory_gpus, t.gpus_given);
                let (mut reach, mut deadline) = match ctx.reach {
                    FitReach::Any => (f64::INFINITY, None),
                    FitReach::WholeInstancesOf { largest_gpu_count } => (start + largest_gpu_count, None),
                    FitReach::Deadline { hours, overhead, largest_gpu_count } => {
                        (f64::INFINITY, Some((hours, overhead, largest_gpu_count)))
                    }
                };
                let mut n = node_gpus * 2.0;
                while n <= MAX_TRAINING_GPUS {
                    if (n - cluster.round()).abs() >= 0.5 {
                        let rate = best(&mut memo, n).map(|c| c.best.tokens_per_second_per_gpu);
                        if let Some(r) = rate {
                            let at = cluster_scaling(node_rate, Range::new(r, r, r), n, per_node).expected;
                            curve.push((n, at));
                            if let Some((hours, overhead, largest)) = deadline {
                                if run_hours(ideal.expected, n, at, overhead) <= hours {
                                    reach = (start + largest).max(2.0 * (DEADLINE_GROWTH * n + largest));
                                    deadline = None;
                                }
                            }
                            if n >= reach {
                                break;
                            }
                        }
                    }
                    n *= 2.0;
                }
                curve.sort_by(|a, b| a.0.total_cmp(&b.0));
                curve.dedup_by(|a, b| (a.0 - b.0).abs() < 0.5);
                curve
            }
        };
        // Less efficient scaling → more hours: the high estimate pairs the most
        // hours at perfect scaling with the lowest efficiency.
        let hours = Range::new(ideal.low / scaling.high, ideal.expected / scaling.expected, ideal.high / scaling.low);
        response.compute.ideal_gpu_hours = Some(ideal);
        response.compute.scaling_efficiency = Some(scaling.expected);
        response.compute.gpu_hours = Some(hours);
        response.compute.wall_clock_hours = Some(hours.map(|h| h / cluster));
        // Fewer hours means more tokens per second: the range turns over.
        // Zero tokens take zero hours: no rate to divide out (0/0 would be NaN).
        let rate = |h: f64| if h > 0.0 { tokens / (h * 3600.0) * cluster } else { 0.0 };
        response.compute.tokens_per_second = Some(Range::new(rate(hours.high), rate(hours.expected), rate(hours.low)));
        response.compute.peak_tflops = Some(peak);
        response.compute.math_precision = Some(math);
        response.compute.training_layout = Some(choice);
        response.compute.steady_tokens_per_second_per_gpu = Some(cluster_rate);
        if let (Some(mem), Some(need)) = (a.memory_gib, memory_gpus) {
            response.compute.gpus_needed = Some(need);
            let total = breakdown.total_gib;
            // The request's own layout, its context-parallel split with it when it states one.
            let own = match t.context {
                cp if cp > 1.0 => format!("TP {tensor:.0} × PP {pipeline:.0} × CP {cp:.0}"),
                _ => format!("TP {tensor:.0} × PP {pipeline:.0}"),
            };
            match response.training_layout_fits.last() {
                _ if total <= mem || !ctx.words => {}
                Some(&LayoutFit { tensor_parallel: tp, context_parallel: cp, gpus: from, memory_per_gpu_gib: gib }) => {
                    // A long sequence fits by its context-parallel split as much as by TP: say both.
                    let split = if cp > 1.0 { format!("TP {tp:.0} × CP {cp:.0}") } else { format!("TP {tp:.0}") };
                    ctx.note(
                        format!("{total:.1} GiB per GPU under the request's own layout ({own}) does not fit {}'s {mem:.1} GiB with {gpus:.0} GPU(s); the layout search fits it from {from:.0} GPUs at {split} ({gib:.1} GiB per GPU): see gpusNeeded and trainingLayout", a.key),
                        format!("按请求自身的并行布局（{own}），用 {gpus:.0} 块 GPU 时每块需 {total:.1} GiB，超出 {} 的 {mem:.1} GiB；并行布局搜索从 {from:.0} 块 GPU 起以 {split} 装下（每块 {gib:.1} GiB）：见所需 GPU 数与训练并行布局", a.key),
                    )
                }
                None => ctx.note(
                    format!(
                        "{total:.1} GiB per GPU does not fit {}'s {mem:.1} GiB with {gpus:.0} GPU(s); see gpusNeeded",
                        a.key
                    ),
                    format!(
                        "用 {gpus:.0} 块 GPU 时每块需 {total:.1} GiB，超出 {} 的 {mem:.1} GiB；见所需 GPU 数",
                        a.key
                    ),
                ),
            }
        }
    } else {
        ctx.note("give an accelerator for GPU-hours and time", "请选择加速器以得到 GPU 小时数与用时");
    }
    Ok(response)
}

/// Wall-clock hours of a run: GPU-hours at perfect scaling over `gpus` at
/// `scaling`, plus the startup `overhead` share.
fn run_hours(ideal_gpu_hours: f64, gpus: f64, scaling: f64, overhead: f64) -> f64 {
    ideal_gpu_hours / (gpus * scaling) * (1.0 + overhead)
}

/// The least a fit under a deadline grows its cluster per round (the curve's
/// reach under a deadline is bounded with it).
const DEADLINE_GROWTH: f64 = 1.05;

/// Why QLoRA does not run on an accelerator without bitsandbytes' NF4 kernels (English, Chinese).
pub(crate) const NO_NF4_BASE: (&str, &str) = (
    "QLoRA's 4-bit (NF4) base needs bitsandbytes' kernels, which run on NVIDIA GPUs from Pascal and AMD GPUs, not on this accelerator",
    "QLoRA 的 4 位（NF4）基础模型需要 bitsandbytes 内核，它只在 Pascal 及以后的 NVIDIA GPU 和 AMD GPU 上运行，不支持此加速器",
);

/// Whether QLoRA runs on `a`: its frozen base is stored in NF4 and dequantized by
/// bitsandbytes' kernels (Dettmers et al. 2023, the `Linear4bit` layers PEFT's QLoRA
/// uses), which run on NVIDIA GPUs of compute capability 6.0 and later (Pascal on:
/// the PyPI wheels left Kepler out from 0.39.1 and Maxwell from 0.48.0) and on AMD
/// GPUs through ROCm (official from 0.50), and not on TPUs (XLA), AWS Neuron chips or
/// other accelerators (bitsandbytes' installation guide, v0.44–v0.50). A chip of no
/// known stack is not assumed to run them.
pub(crate) fn runs_nf4_base(a: &Accelerator) -> bool {
    match efficiency::Stack::of(a) {
        efficiency::Stack::Cuda => {
            !["kepler", "maxwell"].iter().any(|old| facts::starts_with_ignore_case(&a.architecture, old))
        }
        efficiency::Stack::Rocm => a.kind == crate::catalog::schema::AcceleratorKind::Gpu,
        _ => false,
    }
}

/// The GPUs an offer's fit starts from: what memory needs or the user asks
/// for, whichever is more (the demand's scaling curve reaches past them).
fn fit_start_gpus(memory_gpus: Option<f64>, gpus_given: Option<f64>) -> f64 {
    memory_gpus.unwrap_or(1.0).max(gpus_given.unwrap_or(1.0))
}

/// The fewest GPUs (powers of two, then whole nodes) whose per-GPU memory fits,
/// sharding model states (ZeRO-3) over data-parallel GPUs.
pub(crate) fn gpus_for_memory(per_gpu: MemoryBreakdown, capacity_gib: f64, par: &Parallelism, overhead: f64) -> f64 {
    if per_gpu.activations_gib + overhead >= capacity_gib {
        return f64::INFINITY;
    }
    let mut n = 1.0;
    while n <= 65_536.0 {
        if memory_per_gpu_on(per_gpu, par, overhead, n) <= capacity_gib {
            return n;
        }
        n *= 2.0;
    }
    f64::INFINITY
}

/// Memory per GPU of `per_gpu`'s layout on `gpus`, its model states sharded over them (ZeRO-3).
fn memory_per_gpu_on(per_gpu: MemoryBreakdown, par: &Parallelism, overhead: f64, gpus: f64) -> f64 {
    let states_once = (per_gpu.weights_gib + per_gpu.gradients_gib + per_gpu.optimizer_gib) * par.data();
    states_once / gpus + per_gpu.activations_gib + overhead
}

impl Kind for TrainingRun {
    type Request = Training;

    fn check(t: &Training, _: &Catalog, kind: &'static str) -> Result<Self, Error> {
        TrainingRun::check(t, kind)
    }

    fn demand(&self, ctx: &mut Ctx) -> Result<Demand, Error> {
        training(ctx, self)
    }

    /// GPUs for memory and the deadline, spread over instances that must talk
    /// over RDMA; model states shard over the GPUs used.
    fn fit(&self, e: &Demand, i: &FitInput) -> Result<Fit, Exclusion> {
        let (o, a) = (i.offer, i.accel);
        whole_gpus(i)?;
        ml_stack(a)?;
        if !roles::trains(&a.key) {
            return Err(exclude("inference-only", &[]));
        }
        if self.precision == Precision::Fp8 && a.fp8_tflops.is_none() {
            return Err(exclude("no-fp8", &[]));
        }
        if self.method == FinetuneMethod::Qlora && !runs_nf4_base(a) {
            return Err(exclude("no-nf4", &[]));
        }
        let need = e.compute.gpus_needed.unwrap_or(1.0);
        if !need.is_finite() {
            return Err(exclude("memory", &[("activationsGib", e.memory.activations_gib), ("hasGib", mem(o))]));
        }
        // GPU-hours at perfect scaling: this offer's cluster applies its own loss, once.
        let base_gpu_hours = e.compute.ideal_gpu_hours.or(e.compute.gpu_hours).map_or(0.0, |h| h.expected);
        let rdma = facts::rdma(o);
        // Where the layout search fits memory: the largest tensor-parallel degree whose group
        // this offer's NVLink domain holds (a group talks after every layer: within one instance,
        // or one NVL72 rack of instances).
        let domain = facts::nvlink_domain_gpus(o);
        let layout_fit = e.training_layout_fits.iter().rfind(|f| f.tensor_parallel <= domain).copied();
        let need = match (layout_fit, e.training_layout_fits.first()) {
            (Some(fit), _) => fit.gpus,
            (None, Some(smallest)) => {
                return Err(exclude(
                    "tensor-parallel",
                    &[("gpusPerReplica", smallest.tensor_parallel), ("hasGpus", o.gpu_count), ("memoryGib", mem(o))],
                ));
            }
            (None, None) => need,
        };
        let mut gpus = fit_start_gpus(Some(need), self.gpus_given);
        let mut instances;
        let mut scaling;
        loop {
            instances = (gpus / o.gpu_count).ceil();
            let total = instances * o.gpu_count;
            scaling = scaling_at(&e.training_scaling, total);
            let hours = run_hours(base_gpu_hours, total, scaling, i.overhead);
            match i.deadline_hours {
                Some(d) if hours > d && total < MAX_TRAINING_GPUS && instances > 1.0 && rdma != Some(true) => {
                    return Err(exclude("deadline", &[("deadlineHours", d), ("needsRdma", 1.0)]));
                }
                Some(d) if hours > d && total < MAX_TRAINING_GPUS => {
                    gpus = (total * (hours / d).max(DEADLINE_GROWTH)).ceil()
                }
                Some(d) if hours > d => {
                    return Err(exclude("deadline", &[("deadlineHours", d), ("gpus", total)]));
                }
                _ => break,
            }
        }
        let total = instances * o.gpu_count;
        // Model states shard over the GPUs used (ZeRO stage ≥ 1/2/3); activations and overhead do not.
        let shard = |s: u8| if self.zero_stage >= s { total / e.gpus.max(1.0) } else { 1.0 };
        let mut per_gpu = e.memory.weights_gib / shard(3)
            + e.memory.gradients_gib / shard(2)
            + e.memory.optimizer_gib / shard(1)
            + e.memory.activations_gib
            + e.memory.overhead_gib;
        if per_gpu > mem(o) + 1e-9 {
            // Past the GPUs where the layout search fits it, the run takes that layout's memory
            // (more GPUs add data parallelism over it, holding no more each).
            match layout_fit {
                Some(fit) if total >= fit.gpus && fit.memory_per_gpu_gib <= mem(o) + 1e-9 => {
                    per_gpu = fit.memory_per_gpu_gib
                }
                _ => return Err(memory_short(per_gpu, o)),
            }
        }
        if instances > 1.0 {
            match rdma {
                Some(false) => return Err(exclude("no-rdma", &[("instances", instances)])),
                // Synchronous training waits for the slowest link: unknown networking is not enough.
                None => return Err(exclude("rdma-unknown", &[("instances", instances)])),
                Some(true) => {}
            }
        }
        let hours = run_hours(base_gpu_hours, total, scaling, i.overhead);
        let mut notices = Notices::default();
        host_balance(o, per_gpu, &mut notices);
        capacity(total, &mut notices);
        Ok(Fit {
            instances,
            gpus: total,
            memory_needed_gib: per_gpu,
            hours,
            gpu_hours: hours * total,
            scaling_efficiency: scaling,
            layout: if instances > 1.0 {
                Layout::MultiNode {
                    rdma: rdma == Some(true),
                    fabric_gbit_per_s: self.fabric_gbit_per_s(o),
                    nvlink_rack_gpus: facts::nvlink_rack_gpus(o),
                }
            } else {
                Layout::OneInstance
            },
            peak_tflops: peak(a, self.precision) * total,
            notices,
            ..i.base(e.memory.total_gib)
        })
    }

    fn describe(&self) -> Description<'_> {
        Description {
            kind: self.kind,
            model: Some(&self.model),
            interruptible: true,
            synchronous: true,
            reads_fabric: !self.network_given,
            reads_node_size: !self.per_node_given,
            ..Description::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qlora_runs_on_nvidia_from_pascal_and_amd_gpus_only() {
        let catalog = crate::catalog::embedded().unwrap();
        let runs = |key: &str| {
            let row = catalog.accelerator_index(key).unwrap_or_else(|| panic!("{key} in the catalog"));
            runs_nf4_base(&catalog.data.accelerators[row])
        };
        for key in ["H100", "A100", "L4", "T4", "V100", "P100", "MI300X"] {
            assert!(runs(key), "{key} runs bitsandbytes' NF4 kernels");
        }
        for key in ["K80", "M60", "TPU-v5p", "TPU-v6e", "Trainium"] {
            assert!(!runs(key), "{key} does not");
        }
    }

    #[test]
    fn a_layout_memo_keeps_what_it_searched_and_never_more_than_its_bound() {
        let mut kept = std::collections::HashMap::new();
        let mut searches = 0;
        for round in 0..3 {
            for gpus in 0..100 {
                let found = LayoutMemo::look_up(Some(&mut kept), (f64::from(gpus).to_bits(), 0), || {
                    searches += 1;
                    gpus * 2
                });
                assert_eq!(found, gpus * 2, "round {round}");
                assert!(kept.len() <= MAX_KEPT_SEARCHES);
            }
        }
        // The same size again is found, not searched.
        let before = searches;
        assert_eq!(LayoutMemo::look_up(Some(&mut kept), (99f64.to_bits(), 0), || unreachable!()), 198);
        assert_eq!(searches, before);
        // Without a memo every call searches.
        assert_eq!(LayoutMemo::look_up(None, (0, 0), || 7), 7);
    }
}
