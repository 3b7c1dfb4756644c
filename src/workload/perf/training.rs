//! Training step time from first principles: GEMM time at an achieved
//! tensor-core share that depends on the GEMM's shape, attention, memory-bound
//! elementwise work, recomputation, and the *exposed* communication of a
//! data × tensor × pipeline (× expert) parallel layout over the offer's links.
//! `best_layout` searches the layouts a practitioner compares and returns the
//! best and the runner-up with their step times. Every formula names its
//! source; docs/ACCURACY.md lists them.

use crate::workload::compute::Range;
use crate::workload::memory::{self, Recompute};
use crate::workload::model::ModelSpec;
use serde::Serialize;

/// How the weights are trained.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Method {
    Full,
    /// LoRA adapters of this rank on a frozen 16-bit (or FP8) base.
    Lora {
        rank: f64,
    },
    /// LoRA on an NF4 base that is dequantized for every pass.
    Qlora {
        rank: f64,
    },
}

impl Method {
    fn rank(self) -> Option<f64> {
        match self {
            Method::Full => None,
            Method::Lora { rank } | Method::Qlora { rank } => Some(rank),
        }
    }
}

/// FLOPs to dequantize one NF4 weight to 16 bits: a table lookup and a
/// multiply by its block scale (double quantization adds one more multiply
/// per block of 64; Dettmers et al. 2023 §3). Counted as 2 per weight per pass.
pub const DEQUANT_FLOPS_PER_WEIGHT: f64 = 2.0;
/// Bytes moved per weight per pass by dequantization: read 0.52 B of NF4 and
/// scales, write 2 B of BF16, read them back in the GEMM (assumed: no fused
/// dequant-GEMM kernel, as in bitsandbytes).
pub const DEQUANT_BYTES_PER_WEIGHT: f64 = 4.5;

/// Hardware FLOPs per trained token, by method (forward 2N, backward 4N:
/// Kaplan et al. 2020 and EleutherAI's Transformer Math 101):
/// - full fine-tuning and pre-training: 6·N + attention (3 passes of 2·N:
///   forward, input gradients, weight gradients);
/// - LoRA: frozen weights need no weight gradients (Hu et al. 2021 §4.2: the
///   frozen W₀ gets no gradient), so 4·N (forward and input gradients) + 6·N_adapter
///   + attention;
/// - QLoRA: LoRA + dequantizing the NF4 base once per pass
///   (`DEQUANT_FLOPS_PER_WEIGHT` per weight per pass, spread over the tokens of a
///   micro-batch).
///
/// Full recomputation repeats the forward (+2·N, +2·N_adapter, + a third of
/// attention); selective recomputation repeats the attention core only
/// (Korthikanti et al. 2022 §4.2); per-op selective checkpointing repeats half
/// the linear layers' forward (+N, +N_adapter) and keeps attention's output.
pub fn flops_per_token(
    m: &ModelSpec,
    method: Method,
    seq: f64,
    recompute: Recompute,
    tokens_per_micro_batch: f64,
) -> f64 {
    let n = m.active_params_b * 1e9;
    let attention = crate::workload::compute::attention_flops_per_token(m, seq);
    let adapter = method.rank().map_or(0.0, |r| memory::lora_params(m, r));
    let (passes, base) = match method {
        Method::Full => (3.0, 6.0 * n),
        Method::Lora { .. } | Method::Qlora { .. } => (2.0, 4.0 * n + 6.0 * adapter),
    };
    let recomputed = recompute.repeated_linear_passes() * (2.0 * n + 2.0 * adapter)
        + if recompute.repeats_attention() { attention / 3.0 } else { 0.0 };
    let dequant = match method {
        Method::Qlora { .. } => {
            let passes = passes + recompute.repeated_linear_passes();
            DEQUANT_FLOPS_PER_WEIGHT * m.params_b * 1e9 * passes / tokens_per_micro_batch.max(1.0)
        }
        _ => 0.0,
    };
    base + attention + recomputed + dequant
}

/// Attention kernels reach a lower share of peak than the large GEMMs:
/// FlashAttention-2 reaches 50–73% of A100 peak forward and less backward
/// (Dao 2023, §4.1), against ~75–80% for large GEMMs: 0.7 of the GEMM share (assumed from those).
pub const ATTENTION_RELATIVE: f64 = 0.7;
/// Causal attention kernels skip the masked half of the score matrix (FlashAttention).
pub const CAUSAL_SHARE: f64 = 0.5;
/// Memory-bound elementwise traffic per token, per layer, in units of the
/// hidden size: Korthikanti et al. 2022 count 34·h bytes of 16-bit activations
/// stored per token per layer; each is written and read once forward and once
/// backward (assumed): 4 × 34.
pub const ELEMENTWISE_BYTES_PER_HIDDEN: f64 = 136.0;
/// Share of a link's per-direction bandwidth that NCCL-style collectives reach
/// (bus bandwidth); assumed 0.8 (nccl-tests typically report 75–85%).
pub const LINK_EFFICIENCY: f64 = 0.8;
/// Share of the data-parallel gradient traffic that overlaps the backward pass
/// (bucketed all-reduce, PyTorch DDP: Li et al. 2020 §3.2.3); the last bucket
/// never overlaps. Assumed 0.9.
pub const DP_OVERLAP: f64 = 0.9;
/// Share of the expert all-to-all left exposed: DeepSeek-V3's DualPipe hides
/// nearly all of it (arXiv 2412.19437 §3.2.1), a plain schedule none; expected,
/// optimistic and pessimistic (assumed).
pub const EXPERT_A2A_EXPOSED: (f64, f64, f64) = (0.3, 0.0, 0.7);
/// Share of the tensor-parallel all-reduces left on the critical path:
/// Megatron-Core / Transformer Engine split the neighbouring GEMMs to overlap
/// them (Wang et al. 2022, "Overlap communication with dependent computation
/// via decomposition"); expected 0.5, optimistic 0.2, none hidden 1.0 (assumed).
pub const TP_EXPOSED: (f64, f64, f64) = (0.5, 0.2, 1.0);
/// Share of Transformer Engine's FP8 GEMM rate (the efficiency table's FP8 rows) that
/// torchao's float8 linears reach with dynamic tensorwise scaling, their absolute-maximum,
/// cast and transpose kernels included (`Fp8Recipe::Torchao`). Fitted: see `TORCHAO_FP8_SOURCE`.
pub const TORCHAO_FP8_RELATIVE: f64 = 0.72;
/// Where `TORCHAO_FP8_RELATIVE` comes from, as the estimate's assumption states it.
pub const TORCHAO_FP8_SOURCE: &str = "fitted: torchao_llama3_8b_fp8_h100 (calibration.csv), torchao's float8 training benchmark, Llama3-8B on 8 × H100: float8 tensorwise 1.25× its BF16 row, which the step model reproduces with this share";
/// Fewest tokens of a sequence each context-parallel rank keeps when the search chooses the
/// degree: the shortest share in the published recipes (Megatron-Bridge's Llama 3.1 405B at
/// sequence 8,192 with CP 2; Llama 3 405B's long-context stage at 131,072 with CP 16 keeps
/// 8,192, arXiv 2407.21783 §3.3.2). A shorter share gives each ring step's attention block too
/// little work to hide the next block's keys and values behind (assumed from those).
pub const CONTEXT_PARALLEL_MIN_TOKENS_PER_GPU: f64 = 4096.0;
/// Bytes per value of the keys and values a context-parallel ring passes: attention runs in
/// 16 bits also in FP8 training (Transformer Engine's default).
const RING_BYTES_PER_VALUE: f64 = 2.0;
/// Most virtual pipeline stages per GPU the interleaved schedule uses (NeMo's
/// recipes use 5–20 layers' worth; assumed cap).
pub const MAX_VIRTUAL_STAGES: f64 = 8.0;

/// Virtual stages of the interleaved schedule: the largest divisor of the layers
/// per stage up to `MAX_VIRTUAL_STAGES`.
fn interleave(layers: f64, pp: f64) -> f64 {
    let per_stage = (layers / pp).floor().max(1.0);
    (1..=MAX_VIRTUAL_STAGES as u32).rev().map(f64::from).find(|v| (per_stage / v).fract() == 0.0).unwrap_or(1.0)
}

/// The busiest expert sets the pace of an MoE layer: expert GEMM time × 1.15
/// (assumed; Switch Transformer trains with capacity factors 1.0–1.25, Fedus et al. 2021 §2.2).
pub const EXPERT_IMBALANCE: f64 = 1.15;
/// Host time per local expert, per MoE layer and micro-batch, forward and backward, when
/// the dispatcher synchronises the host (Megatron-Core's dropless all-to-all): the layer's
/// per-expert work is launched while the GPU waits, so it is a fixed time, not one per
/// token. Fitted to Megatron-Bridge's 26.02 tables (docs/performance-summary-archive.md):
/// Qwen3 30B-A3B (FP8, EP 8: 16 experts per GPU) on DGX-B200 at 4,096 tokens per micro-batch
/// and on DGX-B300 (the same FP8 peak) at 32,768 run 9,691 and 29,521 tokens/s per GPU, 8.8 and
/// 23.1 ms per layer and micro-batch: 6.75 ms fixed and 0.50 µs per token (the step model's
/// own per-token time there is 0.57), so 0.42 ms per local expert. The range from the spread
/// of the 25.11 rows: 0.2 (GB300) to 1.4 ms (H100; why H100 takes longer is not known).
pub const EXPERT_HOST_S_PER_LOCAL_EXPERT: (f64, f64, f64) = (0.42e-3, 0.2e-3, 1.4e-3);
/// The same when the request does not say how its stack dispatches: the expected and slow ends
/// of a synchronised dispatcher, and at the fast end none, as on a stack that never waits for the
/// host. Megatron-Bridge's own recipes moved there: from 26.06 its MXFP8 recipes on GB200 and
/// GB300 capture whole iterations in CUDA graphs, and Qwen3 30B-A3B on 8 GB200 ran 40,706 tokens/s
/// per GPU where 26.04.01, graphing only the router and the dispatch's preprocessing, ran 26,112 at
/// the same layout (docs/ACCURACY.md, History, round 40).
pub const EXPERT_HOST_S_UNSTATED: (f64, f64, f64) =
    (EXPERT_HOST_S_PER_LOCAL_EXPERT.0, 0.0, EXPERT_HOST_S_PER_LOCAL_EXPERT.2);
/// Whether a cross-node expert all-to-all sends a token once per other node holding any of its
/// experts (DeepEP, HybridEP, DeepSeek-V3's stack: `true`) or once per routed expert on another
/// GPU (an NCCL all-to-all, Megatron-Core's `alltoall` dispatcher, its default: `false`), as
/// (expected, fast end, slow end): stated, both ends the same; not stated, the default
/// dispatcher expected and the fast end per node.
pub const ALL_TO_ALL_PER_NODE_UNSTATED: (bool, bool, bool) = (false, true, false);
/// Token permutation around the experts: each token's hidden state is gathered
/// and scattered for its k experts, read and written, forward and backward:
/// 8·k·h bytes of 16-bit values per token per MoE layer (memory-bound; assumed from that count).
pub const PERMUTE_BYTES_PER_ROUTED_HIDDEN: f64 = 16.0;

/// Reference GEMM shape of the efficiency table's "large GEMM": 8192³.
const REFERENCE_GEMM: f64 = 8192.0;

/// Everything the step model needs about one training job on one accelerator.
#[derive(Debug, Clone)]
pub struct TrainingProblem<'a> {
    pub model: &'a ModelSpec,
    pub method: Method,
    /// Bytes per value of the GEMM inputs (2 for BF16, 1 for FP8).
    pub gemm_bytes: f64,
    /// Dense peak of the GEMMs' format, and the 16-bit peak (attention stays 16-bit).
    pub peak_tflops: f64,
    pub half_peak_tflops: f64,
    pub bandwidth_gbs: f64,
    /// GPU memory per GPU, GiB; `None`: not checked.
    pub memory_gib: Option<f64>,
    pub overhead_gib: f64,
    /// Achieved share of peak on large GEMMs and of bandwidth on STREAM-like kernels.
    pub gemm_share: Range,
    /// Achieved share of the 16-bit peak on large GEMMs (attention runs in 16 bits).
    pub half_gemm_share: Range,
    pub stream_share: f64,
    pub seq: f64,
    pub global_batch_tokens: f64,
    pub recompute: Recompute,
    /// The interleaved pipeline schedule (virtual stages) rather than plain 1F1B.
    pub interleaved: bool,
    /// The framework overlaps the tensor-parallel all-reduces with GEMMs (`TP_EXPOSED`);
    /// without it each reduction is on the critical path whole.
    pub tensor_parallel_overlapped: bool,
    /// Tensor parallelism splits the regions between its GEMMs by sequence (Megatron's sequence
    /// parallelism); without it each rank runs them on the whole sequence.
    pub sequence_parallel: bool,
    /// The context-parallel exchange runs round a ring, each step's transfer hidden behind the
    /// attention of the block in hand; without it (an all-gather) the whole transfer waits.
    pub context_exchange_hidden: bool,
    /// Seconds a MoE layer's experts wait for the host per local expert, layer and micro-batch,
    /// as (expected, fast end, slow end): `EXPERT_HOST_S_PER_LOCAL_EXPERT` for a synchronised
    /// dispatcher, `EXPERT_HOST_S_UNSTATED` when the stack is not stated, zero on the device.
    pub expert_host_s_per_local_expert: (f64, f64, f64),
    /// `ALL_TO_ALL_PER_NODE_UNSTATED`'s (expected, fast end, slow end), or one answer thrice.
    pub all_to_all_per_node: (bool, bool, bool),
    pub zero_stage: u8,
    /// Whether the user fixed the ZeRO stage; otherwise stages 1 and 3 are compared.
    pub zero_stage_fixed: bool,
    /// Optimizer state bytes per trained parameter, and weight and gradient bytes.
    pub optimizer_bytes: f64,
    pub weight_bytes: f64,
    pub grad_bytes: f64,
    /// GPUs in the job.
    pub gpus: f64,
    /// A degree the user fixed; `None`: searched.
    pub tensor: Option<f64>,
    pub pipeline: Option<f64>,
    pub expert: Option<f64>,
    /// The tensor-parallel degree of the experts, as Megatron-Core's
    /// `expert_tensor_parallel_size`: 1 keeps each expert whole on one GPU and spreads the
    /// expert-parallel ranks over tensor × data parallel; `None` compares 1 with the layout's
    /// tensor-parallel degree (Megatron-Core's default), which splits each expert like the
    /// dense layers and places expert parallelism within data parallelism.
    pub expert_tensor: Option<f64>,
    /// The context-parallel degree (Megatron-Core's `context_parallel_size`): each sequence split
    /// over this many GPUs, which pass each other's keys and values round a ring; `None`:
    /// searched, 1 and every power of two leaving `CONTEXT_PARALLEL_MIN_TOKENS_PER_GPU`.
    pub context: Option<f64>,
    pub micro_batch: Option<f64>,
}

impl TrainingProblem<'_> {
    /// Sequences per optimizer step asked, at least one.
    fn sequences_per_step(&self) -> f64 {
        (self.global_batch_tokens / self.seq).max(1.0)
    }
}

/// Whether a step of `carried` sequences is within `BATCH_ROUNDING` of the `asked` ones.
fn near_the_batch_asked(carried: f64, asked: f64) -> bool {
    (carried / asked - 1.0).abs() <= BATCH_ROUNDING
}

/// The links between GPUs: within a node and across nodes, bytes/s per GPU per direction.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClusterLinks {
    pub gpus_per_node: f64,
    pub intra_node_bytes_per_s: f64,
    pub inter_node_bytes_per_s: f64,
    /// Usable bytes/s per direction of each direct link when a node's GPUs form
    /// a fully connected mesh without a switch (AMD Instinct xGMI); `None` for
    /// a switch or bus, where a ring sees `intra_node_bytes_per_s`.
    pub intra_node_mesh_link_bytes_per_s: Option<f64>,
}

impl ClusterLinks {
    /// One all-reduce of `bytes` among `n` GPUs, `per_node` of them in each
    /// node, seconds. Within a node: over its mesh links when it has no switch,
    /// else a ring at the link's collective share. Across nodes, hierarchically
    /// (NCCL with several channels): a reduce-scatter within each node, an
    /// all-reduce of each GPU's 1/`per_node` shard across the nodes over that
    /// GPU's own NIC, an all-gather within the node; the node's phases overlap
    /// the exchange, so the slower of the two counts. Measured on 4 nodes of 8
    /// B200 with 50 GB/s per GPU (stas00/ml-engineering network/README.md,
    /// "Inter-node speed depends on intra-node speed", 744d01e): 4 GiB in 22.05 ms,
    /// where this gives 20.1 ms and a ring of all 32 GPUs through one GPU's NIC
    /// (this function before, at the same 0.8 link share) 208 ms.
    fn all_reduce_s(&self, bytes: f64, n: f64, per_node: f64) -> f64 {
        let within = |bytes: f64, n: f64| match self.intra_node_mesh_link_bytes_per_s {
            Some(link) => super::mesh_all_reduce_s(bytes, n, link),
            None => ring_all_reduce_s(bytes, n, self.intra_node_bytes_per_s * LINK_EFFICIENCY),
        };
        let g = per_node.clamp(1.0, n.max(1.0));
        if n <= g {
            return within(bytes, n);
        }
        let across = ring_all_reduce_s(bytes / g, (n / g).ceil(), self.inter_node_bytes_per_s * LINK_EFFICIENCY);
        within(bytes, g).max(across)
    }
}

/// Seconds of one optimizer step, by part, on one GPU.
#[derive(ts_rs::TS, Serialize, Debug, Clone, Copy, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
pub struct StepParts {
    pub gemm_s: f64,
    pub attention_s: f64,
    pub elementwise_s: f64,
    pub dequant_s: f64,
    pub tensor_parallel_s: f64,
    /// The context-parallel ring's key and value exchange beyond the attention it hides behind.
    pub context_parallel_s: f64,
    pub expert_all_to_all_s: f64,
    /// Host time of a synchronised MoE dispatcher (`EXPERT_HOST_S_PER_LOCAL_EXPERT`).
    pub expert_host_s: f64,
    pub pipeline_bubble_s: f64,
    pub data_parallel_exposed_s: f64,
    pub optimizer_s: f64,
}

/// One layout and its step time.
#[derive(ts_rs::TS, Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Layout {
    /// ZeRO stage of the data-parallel sharding (1: optimizer states, 3: everything).
    pub zero_stage: u8,
    pub data_parallel: f64,
    /// GPUs sharing each sequence (1: none); the data-parallel ranks are counted apart.
    pub context_parallel: f64,
    pub tensor_parallel: f64,
    pub pipeline_parallel: f64,
    pub expert_parallel: f64,
    /// Each expert's tensor-parallel degree: the layout's tensor-parallel degree, or 1 with
    /// experts whole (expert parallelism then spans tensor × data parallel).
    pub expert_tensor_parallel: f64,
    pub micro_batch: f64,
    /// Micro-batches per pipeline per step (gradient accumulation).
    pub micro_batches: f64,
    /// Virtual pipeline stages per GPU (interleaved 1F1B); 1 without interleaving.
    pub virtual_stages: f64,
    pub step_seconds: f64,
    /// Steady-state tokens per second per GPU (no restarts or evaluation).
    pub tokens_per_second_per_gpu: f64,
    /// Model FLOPs (6·N + attention, or the method's) per GPU-second over the GEMM format's peak.
    pub mfu: f64,
    pub memory_per_gpu_gib: f64,
    pub parts: StepParts,
}

/// The best layout and the runner-up.
#[derive(ts_rs::TS, Serialize, Debug, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct LayoutChoice {
    pub best: Layout,
    pub runner_up: Option<Layout>,
}

/// Achieved GEMM share for an M×K×N GEMM: an additive roofline,
/// time = FLOPs/peak + bytes/bandwidth (Williams et al. 2009 bound both; here
/// they add since tiles load before they compute), normalised so that the
/// 8192³ GEMM of the efficiency table gets the table's share. The shape's
/// roofline factor and the reference GEMM's are kept apart from that share,
/// so one shape serves every end of the share's range.
#[derive(Debug, Clone, Copy)]
struct GemmShape {
    shape: f64,
    reference: f64,
}

impl GemmShape {
    fn new(m: f64, k: f64, n: f64, bytes: f64, balance: f64) -> GemmShape {
        let intensity = |m: f64, k: f64, n: f64| 2.0 * m * k * n / (bytes * (m * k + k * n + m * n));
        let r = REFERENCE_GEMM;
        let soft = |i: f64| 1.0 / (1.0 + balance / i);
        GemmShape { shape: soft(intensity(m.max(1.0), k.max(1.0), n.max(1.0))), reference: soft(intensity(r, r, r)) }
    }

    fn share(self, share_large: f64) -> f64 {
        share_large * self.shape / self.reference
    }
}

/// Ring all-reduce time: 2(n−1)/n × bytes / bandwidth (Patarasuk & Yuan 2009;
/// NCCL's bus-bandwidth convention). Reduce-scatter and all-gather move half each.
pub fn ring_all_reduce_s(bytes: f64, n: f64, bytes_per_s: f64) -> f64 {
    if n <= 1.0 || bytes_per_s <= 0.0 {
        return 0.0;
    }
    2.0 * (n - 1.0) / n * bytes / bytes_per_s
}

/// Which end of the ranges to evaluate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Case {
    Expected,
    Fast,
    Slow,
}

impl Case {
    /// This end of a value stated as (expected, fast end, slow end).
    fn of<T>(self, (expected, fast, slow): (T, T, T)) -> T {
        match self {
            Case::Expected => expected,
            Case::Fast => fast,
            Case::Slow => slow,
        }
    }
}

#[derive(Debug)]
struct Degrees {
    zero: u8,
    dp: f64,
    cp: f64,
    tp: f64,
    pp: f64,
    ep: f64,
    /// The experts' tensor-parallel degree: `tp`, or 1 (experts whole).
    etp: f64,
    b: f64,
    /// Other nodes a token's experts reach when the expert-parallel group spans nodes
    /// (`remote_nodes_per_token`, above zero), zero within one node: the one place that tells the
    /// all-to-all which links it crosses. It depends on the group's node count only, so the
    /// enumeration computes it once per count.
    expert_remote_nodes: f64,
}

/// What a layout's step takes that no efficiency range moves: its memory, the
/// work's FLOPs and bytes, and the collectives' transfer times. The search reads
/// one layout at three ends of the ranges; these are computed once for the three
/// (the collectives alone were a tenth of a pre-training request, docs/PERFORMANCE.md,
/// issue 18 round 30).
struct Work {
    memory_gib: f64,
    tokens: f64,
    micro_batches: f64,
    /// GEMM shapes: tokens × hidden × (hidden / TP) in the GEMMs' format and in 16 bits, and an expert's own.
    dense_shape: GemmShape,
    half_shape: GemmShape,
    expert_shape: GemmShape,
    /// GEMM FLOPs per micro-batch: dense, routed experts, adapters.
    dense_flops: f64,
    routed_flops: f64,
    adapter_flops: f64,
    /// Attention FLOPs per micro-batch and GPU.
    attention_flops: f64,
    /// Memory-bound work per micro-batch, seconds: elementwise kernels with the experts' token
    /// permutation, and QLoRA's dequantization.
    elementwise_s: f64,
    dequant_s: f64,
    /// The context-parallel exchange of keys, values and their gradients per micro-batch,
    /// seconds before the attention hides any of it.
    context_exchange_s: f64,
    /// Tensor-parallel all-reduces per micro-batch over all the model's layers (a pipeline
    /// stage does its share), and one all-reduce's seconds.
    tensor_parallel: Option<(f64, f64)>,
    /// Expert all-to-all: seconds per micro-batch before any overlap, sent once per routed
    /// expert and once per node (the same within one node).
    a2a_s: Option<(f64, f64)>,
    /// Local experts and MoE layers, each pair costing the dispatcher's host time.
    expert_host: Option<(f64, f64)>,
    virtual_stages: f64,
    data_parallel: DataParallel,
    optimizer_s: f64,
    model_flops: f64,
}

/// The data-parallel collectives' seconds before any overlap, and how often they come.
enum DataParallel {
    None,
    /// ZeRO-0/1 (a frozen model's: its adapters'): the gradients reduced and the weights gathered once per step.
    PerStep(f64),
    /// ZeRO-2: the gradients reduce-scattered after every micro-batch's backward (a rank keeps
    /// only its shard of them), the weights gathered once per step; the reduction's seconds.
    ReducePerMicroBatch(f64),
    /// ZeRO-3: the weights (a frozen base's too) gathered and the gradients reduced for every micro-batch.
    PerMicroBatch(f64),
}

/// Other nodes a token's routed experts reach, on average, over `nodes` nodes. A balanced router
/// picks k distinct experts uniformly (`remote_nodes_per_token`). Group-limited routing
/// (DeepSeek-V2 and V3: `n_group` groups of experts, a token's experts from `topk_group` of them)
/// reaches fewer where the groups are spread over the nodes whole, G/n to a node (DeepSeek-V3
/// §2.1.2: “each token will be sent to at most M nodes”, M = 4 of its 8 groups): at most the nodes
/// of `topk_group` groups picked uniformly, the same count over groups.
fn remote_nodes(m: &ModelSpec, nodes: f64) -> f64 {
    let by_expert = remote_nodes_per_token(f64::from(m.experts), m.routed_per_token(), nodes);
    let (groups, per_token) = (f64::from(m.routing_groups), f64::from(m.routing_groups_per_token));
    if groups > 1.0 && per_token < groups && nodes <= groups && (groups / nodes).fract() == 0.0 {
        by_expert.min(remote_nodes_per_token(groups, per_token, nodes))
    } else {
        by_expert
    }
}

/// Other nodes a token's `k` routed experts reach, on average, when `experts` are spread evenly
/// over `nodes` nodes and a token picks k distinct experts uniformly (a balanced router): each
/// other node, holding m = E/n of them, holds none with probability C(E − m, k) / C(E, k),
/// computed from ln Γ so that it costs the same for a custom model's 65,536 experts per token as
/// for 8.
fn remote_nodes_per_token(experts: f64, k: f64, nodes: f64) -> f64 {
    if nodes <= 1.0 {
        return 0.0;
    }
    let elsewhere = experts - experts / nodes;
    let none_here = if k > elsewhere { 0.0 } else { (ln_choose(elsewhere, k) - ln_choose(experts, k)).exp() };
    (nodes - 1.0) * (1.0 - none_here)
}

/// ln C(n, k) for 0 ≤ k ≤ n.
fn ln_choose(n: f64, k: f64) -> f64 {
    ln_gamma(n + 1.0) - ln_gamma(k + 1.0) - ln_gamma(n - k + 1.0)
}

/// ln Γ(x) for x ≥ 1 by Lanczos's approximation (Lanczos 1964) with g = 7 and the nine
/// coefficients commonly tabulated for it, relative error about 1e-15; the tests check it
/// against Γ(5) and against the products it replaces.
fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let sum = C[1..].iter().enumerate().fold(C[0], |acc, (i, c)| acc + c / (x + i as f64 + 1.0));
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// A layout's work, or `None` when it does not fit memory.
fn work(p: &TrainingProblem, links: &ClusterLinks, d: &Degrees) -> Option<Work> {
    let m = p.model;
    let (h, layers) = (f64::from(m.hidden_size), f64::from(m.layers));
    // The per-layer costs of routing (permutation, all-to-all, the dispatcher's host time)
    // fall on the layers with experts only.
    let moe_layers = m.moe_layer_count();
    let Degrees { zero, dp, cp, tp, pp, ep, etp, b, expert_remote_nodes } = *d;
    let s = p.seq;
    // Each context-parallel rank holds and computes its 1/CP of every sequence: the GEMMs,
    // the elementwise work, the activations and the collectives below scale with its share.
    let tokens = b * s / cp;
    let global_seqs = p.sequences_per_step();
    // Gradient accumulation: micro-batches per pipeline per step, the whole number whose
    // step carries the batch nearest the one asked (by ratio). Rounding always up let a
    // layout carry up to twice the batch, and step times of layouts carrying different
    // batches do not compare (the search compares tokens per second).
    let micro_batches = whole_micro_batches(global_seqs / (dp * b));
    let moe = m.is_moe();
    let routed = memory::routed_expert_params(m);
    let total = m.params_b * 1e9;
    // Parameters each GPU holds: the dense part split by TP·PP, experts by EP·ETP·PP.
    let dense_params = total - routed;
    let held = dense_params / (tp * pp) + routed / (ep * etp * pp);

    // Memory: model states (ZeRO over DP) + activations (Korthikanti) + overhead.
    let trained_total = match p.method {
        Method::Full => total,
        _ => p.method.rank().map_or(0.0, |r| memory::lora_params(m, r)),
    };
    let frozen = p.method != Method::Full;
    // The context-parallel ranks hold the same weights and reduce their gradients together
    // with the data-parallel ones, so ZeRO shards over both (Megatron-Core's distributed
    // optimizer over its data × context group; FSDP with context parallelism in torchtitan).
    let shard = |stage: u8| if zero >= stage { dp * cp } else { 1.0 };
    let weights = held * p.weight_bytes / shard(3);
    let (grads, states) = if frozen {
        (trained_total * p.grad_bytes / (tp * pp), trained_total * p.optimizer_bytes / (tp * pp))
    } else {
        (held * p.grad_bytes / shard(2), held * p.optimizer_bytes / shard(1))
    };
    let activations = memory::training_activations(m, s / cp, b, p.recompute, tp, p.sequence_parallel);
    let memory_gib = (weights + grads + states + activations) / memory::GIB + p.overhead_gib;
    if p.memory_gib.is_some_and(|cap| memory_gib > cap) {
        return None;
    }

    let balance = p.peak_tflops * 1e12 / (p.bandwidth_gbs * 1e9);
    let bw = p.bandwidth_gbs * 1e9 * p.stream_share;
    let active = m.active_params_b * 1e9;
    let adapter = trained_total * f64::from(u8::from(frozen));
    // GEMM passes: forward, input gradients, and weight gradients for trained weights.
    let recompute_full = p.recompute == Recompute::Full;
    let repeated = p.recompute.repeated_linear_passes();
    let base_passes = if frozen { 2.0 } else { 3.0 } + repeated;
    let adapter_passes = 3.0 + repeated;
    // Experts see tokens·k·EP/E tokens each; whole experts (ETP 1) see a tensor-parallel rank's
    // share of its group's tokens (sequence parallelism splits them over the TP ranks).
    let expert_tokens =
        if moe { tokens * m.routed_per_token() * ep / f64::from(m.experts.max(1)) * etp / tp } else { tokens };
    // An expert's GEMMs are hidden × its own MLP width (fine-grained experts are narrower than hidden).
    let expert_width = if m.moe_intermediate_size > 0 { f64::from(m.moe_intermediate_size) } else { h };
    let active_routed = if moe { (active - dense_params).max(0.0) } else { 0.0 };
    let dense_active = active - active_routed;
    let gemm_flops = |params: f64, passes: f64| 2.0 * params * passes * tokens / (tp * pp);
    // A rank's queries attend to the whole sequence's keys: per token, the attention of the
    // whole sequence (the causal mask's work balanced over the ranks: Megatron-Core gives each
    // rank two of 2·CP chunks, one from each end).
    let attention_flops = crate::workload::compute::attention_flops_per_token(m, s)
        * if p.recompute.repeats_attention() { 4.0 / 3.0 } else { 1.0 };
    // Context parallelism passes each rank's keys and values round the ring, CP − 1 times
    // forward, and keys, values and their gradients backward (Liu et al. 2023, Ring Attention;
    // Megatron-Core's context parallelism): 3 × (CP − 1) blocks per layer, 4 when the forward
    // attention is recomputed. An all-gather moves as many (it gathers again for the backward
    // pass and reduce-scatters the gradients). A tensor-parallel rank passes its own heads' (at
    // least one head).
    let context_exchange_s = if cp > 1.0 {
        let (qk, v) = m.attention_head_dims();
        let kv_heads = if m.kv_lora_rank > 0 { m.heads } else { m.kv_heads.max(1) };
        let heads_here = (f64::from(kv_heads) / tp).max(1.0);
        let block_bytes = tokens * heads_here * (qk + v) * RING_BYTES_PER_VALUE;
        let passes = if p.recompute.repeats_attention() { 4.0 } else { 3.0 };
        // The ring runs within a node while TP × CP GPUs fit in one (tensor ranks innermost,
        // then context ranks); beyond that its slowest step crosses the network.
        let node = links.gpus_per_node.max(1.0);
        let link = match links.intra_node_mesh_link_bytes_per_s {
            _ if tp * cp > node => links.inter_node_bytes_per_s,
            Some(mesh) => mesh,
            None => links.intra_node_bytes_per_s,
        } * LINK_EFFICIENCY;
        passes * (cp - 1.0) * block_bytes * layers / pp / link
    } else {
        0.0
    };
    // Sequence parallelism splits all of it over the tensor-parallel ranks; without it the
    // 10 of Korthikanti's 34 bytes that belong to the layer norms, dropouts and the attention's
    // and MLP's inputs stay whole on every rank (their Table 2: 10 + 24/t).
    let elementwise_split = if p.sequence_parallel { tp } else { 34.0 / (10.0 + 24.0 / tp) };
    let elementwise_s = ELEMENTWISE_BYTES_PER_HIDDEN * h * layers * tokens / (elementwise_split * pp)
        * if repeated > 0.0 { 1.25 } else { 1.0 }
        / bw;
    let permute_s = if moe {
        PERMUTE_BYTES_PER_ROUTED_HIDDEN * m.routed_per_token() * h * moe_layers * tokens / (tp * pp) / bw
    } else {
        0.0
    };
    let dequant_s = match p.method {
        Method::Qlora { .. } => DEQUANT_BYTES_PER_WEIGHT * held * base_passes / bw,
        _ => 0.0,
    };
    // Tensor parallel: 2 all-reduces forward and 2 backward per layer of
    // tokens × h × 2 bytes (Narayanan et al. 2021 §3.1; +2 with full recompute), one of
    // each pair the attention's, the other the MLP's. Whole experts (ETP 1) take their
    // tokens from the all-to-all as each tensor-parallel rank holds them, so a MoE layer's
    // MLP has no tensor-parallel collective (Megatron-Core's `expert_tensor_parallel_size`).
    let node = links.gpus_per_node.max(1.0);
    let tensor_parallel = (tp > 1.0).then(|| {
        let per_layer = if recompute_full { 6.0 } else { 4.0 };
        let without_mlp = if moe && etp < tp { moe_layers } else { 0.0 };
        (per_layer * (layers - without_mlp / 2.0), links.all_reduce_s(tokens * h * 2.0, tp, tp.min(node)))
    });
    // Expert all-to-all: dispatch and combine, forward and backward, of each
    // token's hidden state to k experts (DeepSeek-V3 §3.2), the (EP−1)/EP share leaving the GPU.
    let a2a_s = (moe && ep > 1.0).then(|| {
        let copy_bytes = 4.0 * tokens * h * 2.0 * moe_layers / pp / tp;
        let k = m.routed_per_token();
        let leaving = copy_bytes * k * (ep - 1.0) / ep;
        // Within a switchless mesh the share leaving the GPU spreads over its
        // EP − 1 direct links; elsewhere it crosses the GPU's one link figure.
        match links.intra_node_mesh_link_bytes_per_s {
            Some(link) if expert_remote_nodes == 0.0 => (leaving / (link * (ep - 1.0)), leaving / (link * (ep - 1.0))),
            _ if expert_remote_nodes == 0.0 => {
                let s = leaving / (links.intra_node_bytes_per_s * LINK_EFFICIENCY);
                (s, s)
            }
            // Across nodes, each GPU's copies for other nodes leave through its own NIC, those
            // for its own node over the node's links, side by side. An NCCL all-to-all sends one
            // copy per routed expert: k × (nodes − 1)/nodes of them cross the network. A
            // hierarchical dispatch sends a token across the network once for each other node
            // holding any of its experts and forwards it there within that node (DeepSeek-V3
            // §3.2.2: “first transmitted via IB to the GPUs with the same in-node index on their
            // target nodes … then forwarded via NVLink”; DeepEP's and HybridEP's kernels do the
            // same): one copy per node.
            _ => {
                let nodes = (ep * etp / node).ceil().max(2.0);
                let network_s = |copies: f64| copy_bytes * copies / (links.inter_node_bytes_per_s * LINK_EFFICIENCY);
                let node_share = copy_bytes * k * (ep / nodes - 1.0).max(0.0) / ep;
                let flat = network_s(k * (nodes - 1.0) / nodes)
                    .max(node_share / (links.intra_node_bytes_per_s * LINK_EFFICIENCY));
                let per_node =
                    network_s(expert_remote_nodes).max(leaving / (links.intra_node_bytes_per_s * LINK_EFFICIENCY));
                (flat, per_node)
            }
        }
    });
    // A synchronised dispatcher: the host launches each local expert's work per layer.
    let expert_host =
        (moe && p.expert_host_s_per_local_expert.2 > 0.0).then(|| ((f64::from(m.experts) / ep).max(1.0), moe_layers));
    // 1F1B pipeline: (m + p − 1) micro-batch times per step, bubble (p−1)/m;
    // the interleaved schedule with v virtual stages per GPU divides the bubble
    // by v when m ≥ p (Narayanan et al. 2021 §2.2).
    let virtual_stages = if p.interleaved && pp > 1.0 && micro_batches >= pp { interleave(layers, pp) } else { 1.0 };
    // Data parallel: gradients reduce-scattered and weights all-gathered once per
    // step (ZeRO-3 gathers weights for every micro-batch), overlapped with the
    // last backward pass but for the final bucket (one layer's share).
    let span = dp * cp * tp * pp;
    // Gradients are reduced over the data-parallel and context-parallel ranks together.
    let reducers = dp * cp;
    let data_parallel = if reducers > 1.0 {
        // Ranks of one data × context group in a node: Megatron orders tensor
        // ranks innermost, then context, then data, then pipeline, so a node holds
        // node / TP of them once the group spans nodes. Routed experts reduce over their
        // own data-parallel group, TP × CP × DP / (EP × ETP) ranks with expert tensor ranks
        // innermost, then expert ranks: node / (ETP × EP) of them per node, one when EP
        // fills the node.
        let per_node =
            |ranks: f64, inner: f64| if span <= node { ranks } else { (node / inner).floor().clamp(1.0, ranks) };
        let expert_dp = (reducers * tp / (ep * etp)).max(1.0);
        let all_reduce = |dense_bytes: f64, expert_bytes: f64| {
            links.all_reduce_s(dense_bytes, reducers, per_node(reducers, tp))
                + links.all_reduce_s(expert_bytes, expert_dp, per_node(expert_dp, etp * ep))
        };
        let (dense_here, experts_here) = (dense_params / (tp * pp), routed / (ep * etp * pp));
        // Reduce-scatter of the gradients (half a ring all-reduce) …
        let reduce = if frozen {
            all_reduce(trained_total / (tp * pp) * p.grad_bytes, 0.0) / 2.0
        } else {
            all_reduce(dense_here * p.grad_bytes, experts_here * p.grad_bytes) / 2.0
        };
        if zero >= 3 {
            // … ZeRO-3 all-gathers the weights forward and backward of every
            // micro-batch and, holding only its shard of the gradients, reduce-scatters
            // them after every micro-batch's backward too (PyTorch FSDP's default,
            // pytorch/pytorch#126166: it “incurs the collective per microbatch backward but
            // saves gradient memory”), where ZeRO-1 reduces once per step. The three
            // share the links, so together they overlap that micro-batch's compute once.
            // A frozen base (LoRA, QLoRA) sharded this way is gathered all the same (in its
            // stored format: FSDP-QLoRA gathers the 4-bit weights); only the adapters'
            // small gradients are reduced.
            let gather = 2.0 * all_reduce(dense_here * p.weight_bytes, experts_here * p.weight_bytes) / 2.0;
            DataParallel::PerMicroBatch(gather + reduce)
        } else if zero == 2 {
            // … ZeRO-2 holds only its shard of the gradients too, so it reduces after every
            // micro-batch's backward (DeepSpeed's maintainers, deepspeedai/DeepSpeed#2252:
            // “gradient reduction is required after every backward because of gradient
            // partitioning”), then gathers the updated weights once per step.
            DataParallel::ReducePerMicroBatch(reduce)
        } else {
            // … and one all-gather of the updated weights, overlapping the last backward.
            DataParallel::PerStep(2.0 * reduce)
        }
    } else {
        DataParallel::None
    };
    // Optimizer step: read and write its states, read the gradient, write the weight.
    let trained_here = if frozen { trained_total / (tp * pp) } else { held / shard(1) };
    let optimizer_s = trained_here * (2.0 * p.optimizer_bytes + p.grad_bytes + p.weight_bytes) / bw;
    Some(Work {
        memory_gib,
        tokens,
        micro_batches,
        dense_shape: GemmShape::new(tokens, h, h / tp, p.gemm_bytes, balance),
        half_shape: GemmShape::new(tokens, h, h / tp, 2.0, p.half_peak_tflops * 1e12 / (p.bandwidth_gbs * 1e9)),
        expert_shape: GemmShape::new(expert_tokens, h, expert_width / etp, p.gemm_bytes, balance),
        dense_flops: gemm_flops(dense_active, base_passes),
        routed_flops: gemm_flops(active_routed, base_passes),
        adapter_flops: gemm_flops(adapter, adapter_passes),
        attention_flops: attention_flops * CAUSAL_SHARE * tokens / (tp * pp),
        elementwise_s: elementwise_s + permute_s,
        dequant_s,
        context_exchange_s,
        tensor_parallel,
        a2a_s,
        expert_host,
        virtual_stages,
        data_parallel,
        optimizer_s,
        model_flops: flops_per_token(m, p.method, s, Recompute::None, b * s),
    })
}

/// A layout's step at one end of the efficiency ranges.
fn step(p: &TrainingProblem, d: &Degrees, w: &Work, case: Case) -> Layout {
    let layers = f64::from(p.model.layers);
    let Degrees { zero, dp, cp, tp, pp, ep, etp, b, .. } = *d;
    // A range's fast end is its high share; a constant is stated as (expected, fast end, slow end).
    let pick = |r: Range| case.of((r.expected, r.high, r.low));
    let at = |constant: (f64, f64, f64)| case.of(constant);
    let tokens = w.tokens;
    let dense_share = w.dense_shape.share(pick(p.gemm_share));
    let expert_share = w.expert_shape.share(pick(p.gemm_share));
    let half_share = w.half_shape.share(pick(p.half_gemm_share));
    let peak = p.peak_tflops * 1e12;
    let gemm_s = w.dense_flops / (peak * dense_share)
        + EXPERT_IMBALANCE * w.routed_flops / (peak * expert_share)
        + w.adapter_flops / (p.half_peak_tflops * 1e12 * half_share);
    let attention_s = w.attention_flops / (p.half_peak_tflops * 1e12 * half_share * ATTENTION_RELATIVE);
    // The tensor-parallel all-reduces are on the critical path unless the framework overlaps them.
    let tp_s = w.tensor_parallel.map_or(0.0, |(per_model, all_reduce_s)| {
        let exposed = if p.tensor_parallel_overlapped { at(TP_EXPOSED) } else { 1.0 };
        exposed * per_model / pp * all_reduce_s
    });
    let per_node = case.of(p.all_to_all_per_node);
    let a2a_s =
        w.a2a_s.map_or(0.0, |(flat_s, per_node_s)| at(EXPERT_A2A_EXPOSED) * if per_node { per_node_s } else { flat_s });
    let expert_host_s =
        w.expert_host.map_or(0.0, |(local, moe_layers)| at(p.expert_host_s_per_local_expert) * local * moe_layers / pp);
    // Each ring step's transfer hides behind the attention of the block in hand: of CP blocks,
    // CP − 1 have a transfer to hide. An all-gather's waits whole (Llama 3: “the all-gather
    // communication latency is exposed in the critical path”).
    let exchange_exposed_s = if p.context_exchange_hidden {
        (w.context_exchange_s - attention_s * (cp - 1.0) / cp).max(0.0)
    } else {
        w.context_exchange_s
    };
    let micro_s =
        gemm_s + attention_s + w.elementwise_s + w.dequant_s + tp_s + exchange_exposed_s + a2a_s + expert_host_s;
    let micro_batches = w.micro_batches;
    let bubble_s = (pp - 1.0) * micro_s / w.virtual_stages;
    // What the overlapped compute leaves of a volume, never less than the last layer's bucket.
    let exposed = |volume: f64, overlapped_s: f64| (volume - DP_OVERLAP * overlapped_s).max(volume * pp / layers);
    let dp_s = match w.data_parallel {
        DataParallel::None => 0.0,
        // Each micro-batch's collectives overlap that micro-batch's compute.
        DataParallel::PerMicroBatch(volume) => micro_batches * exposed(volume, micro_s),
        // The step's collectives overlap its last backward pass.
        DataParallel::PerStep(volume) => exposed(volume, micro_s * 2.0 / 3.0),
        // Each earlier micro-batch's reduction overlaps that micro-batch; the last one's and the
        // step's gather overlap the last backward pass, as ZeRO-1's do (one micro-batch: the same).
        DataParallel::ReducePerMicroBatch(reduce) => {
            (micro_batches - 1.0) * exposed(reduce, micro_s) + exposed(2.0 * reduce, micro_s * 2.0 / 3.0)
        }
    };
    let step_seconds = micro_batches * micro_s + bubble_s + dp_s + w.optimizer_s;
    let step_tokens = micro_batches * tokens * cp * dp;
    let gpus = p.gpus.max(dp * cp * tp * pp);
    let tokens_per_second_per_gpu = step_tokens / step_seconds / gpus;
    Layout {
        zero_stage: zero,
        data_parallel: dp,
        context_parallel: cp,
        tensor_parallel: tp,
        pipeline_parallel: pp,
        expert_parallel: ep,
        expert_tensor_parallel: etp,
        micro_batch: b,
        micro_batches,
        virtual_stages: w.virtual_stages,
        step_seconds,
        tokens_per_second_per_gpu,
        mfu: w.model_flops * tokens_per_second_per_gpu / peak,
        memory_per_gpu_gib: w.memory_gib,
        parts: StepParts {
            gemm_s: micro_batches * gemm_s,
            attention_s: micro_batches * attention_s,
            elementwise_s: micro_batches * w.elementwise_s,
            dequant_s: micro_batches * w.dequant_s,
            tensor_parallel_s: micro_batches * tp_s,
            context_parallel_s: micro_batches * exchange_exposed_s,
            expert_all_to_all_s: micro_batches * a2a_s,
            expert_host_s: micro_batches * expert_host_s,
            pipeline_bubble_s: bubble_s,
            data_parallel_exposed_s: dp_s,
            optimizer_s: w.optimizer_s,
        },
    }
}

/// The search's order: first the layouts whose step carries the batch asked within
/// `BATCH_ROUNDING` (one sequence per micro-batch can carry more, when there are more
/// data-parallel ranks than sequences: 128 ranks for a fine-tuning batch of 64), then by tokens
/// per second per GPU, falling (layouts carry slightly different batches, so their step times
/// do not compare; their throughput does), then by tensor-parallel degree.
fn by_throughput_on_the_batch_asked(p: &TrainingProblem, a: &Layout, b: &Layout) -> std::cmp::Ordering {
    let asked = p.sequences_per_step();
    let near = |l: &Layout| near_the_batch_asked(l.data_parallel * l.micro_batch * l.micro_batches, asked);
    near(b)
        .cmp(&near(a))
        .then(b.tokens_per_second_per_gpu.total_cmp(&a.tokens_per_second_per_gpu))
        .then(a.tensor_parallel.total_cmp(&b.tensor_parallel))
}

/// How far a micro-batch larger than one sequence may move the batch a step carries from
/// the batch asked (an eighth): the batch is a training recipe's, and a practitioner rounds
/// it to the layout by a little, not the recipe to the layout. The search compares layouts by
/// throughput, which a larger batch raises (fewer steps share the same collectives).
const BATCH_ROUNDING: f64 = 0.125;

/// The whole number of micro-batches nearest `exact` by ratio (floor or ceiling, whichever
/// is fewer percent away), at least one: the batch a layout carries then stays within
/// about ±41% of the one asked (at √2 micro-batches), and within a few percent for the
/// dozens of micro-batches of a pre-training step.
fn whole_micro_batches(exact: f64) -> f64 {
    let (down, up) = (exact.floor().max(1.0), exact.ceil().max(1.0));
    if exact / down <= up / exact {
        down
    } else {
        up
    }
}

const DEGREES: [f64; 8] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0];

/// The tensor-parallel degrees the search tries: powers of two within a node that divide the heads.
pub fn tensor_degrees(m: &ModelSpec, gpus_per_node: f64) -> impl Iterator<Item = f64> {
    let heads = f64::from(m.heads);
    DEGREES.into_iter().filter(move |&t| t <= gpus_per_node.max(1.0) && (heads / t).fract().abs() < 1e-9)
}

/// Calls `visit` with each candidate layout in the search's order, as it is made: collected,
/// the list was allocated, filled and read once per search, 12–16% of a training request
/// (docs/PERFORMANCE.md, round 44).
fn candidates(p: &TrainingProblem, links: &ClusterLinks, visit: &mut dyn FnMut(Degrees)) {
    let m = p.model;
    let gpus = p.gpus.max(1.0).round();
    let node = links.gpus_per_node.max(1.0);
    let fixed = |v: Option<f64>, x: f64| v.is_none_or(|f| (f - x).abs() < 1e-9);
    let divides = |a: f64, b: f64| b > 0.0 && (a / b).fract().abs() < 1e-9;
    let tps: Vec<f64> = match p.tensor {
        Some(t) => vec![t],
        None => tensor_degrees(m, node).collect(),
    };
    let pps: Vec<f64> = match p.pipeline {
        Some(v) => vec![v],
        None => DEGREES.iter().copied().filter(|&v| v <= f64::from(m.layers).max(1.0)).take(7).collect(),
    };
    // Context parallelism splits a sequence only where each rank keeps a long enough share, in
    // 2·CP chunks (Megatron-Core's load balancing of the causal mask).
    let cps: Vec<f64> = match p.context {
        Some(c) => vec![c],
        None => DEGREES
            .iter()
            .copied()
            .filter(|&c| c == 1.0 || p.seq / c >= CONTEXT_PARALLEL_MIN_TOKENS_PER_GPU && divides(p.seq, 2.0 * c))
            .collect(),
    };
    let bs: Vec<f64> = match p.micro_batch {
        Some(b) => vec![b],
        None => vec![1.0, 2.0, 4.0, 8.0],
    };
    let global_seqs = p.sequences_per_step();
    let zeros: Vec<u8> = if p.zero_stage_fixed { vec![p.zero_stage] } else { vec![1, 3] };
    // Other nodes a token's experts reach, by the node count of an expert-parallel group: a
    // search meets a handful of counts over hundreds of layouts.
    let mut remote_nodes_by_count: Vec<(f64, f64)> = Vec::new();
    for &tp in &tps {
        for &cp in &cps {
            for &pp in &pps {
                if tp * cp * pp > gpus {
                    continue;
                }
                // The experts' tensor-parallel degree: the layout's (experts split like the dense
                // layers) or 1 (whole), as asked; a dense model has no experts to split.
                let etps: &[f64] = match p.expert_tensor {
                    _ if !m.is_moe() => &[tp],
                    Some(e) if e == 1.0 || e == tp => &[e],
                    Some(_) => &[],
                    None if tp > 1.0 => &[tp, 1.0],
                    None => &[1.0],
                };
                for &etp in etps {
                    // GPUs left over by a layout idle (they still count in per-GPU rates); a fixed
                    // expert-parallel degree takes the data-parallel ranks in whole groups: EP × ETP
                    // divides TP × CP × DP (Megatron-Core's expert ranks fold over the tensor, context
                    // and data ranks).
                    let whole_groups = |e: f64| lcm(e * etp, tp * cp) / (tp * cp);
                    let dp = match p.expert {
                        Some(e) => (gpus / (tp * cp * pp) / whole_groups(e)).floor() * whole_groups(e),
                        None => (gpus / (tp * cp * pp)).floor(),
                    };
                    let eps: Vec<f64> = if let Some(e) = p.expert {
                        if dp >= whole_groups(e) {
                            vec![e]
                        } else {
                            vec![]
                        }
                    } else if m.is_moe() {
                        DEGREES
                            .iter()
                            .copied()
                            .filter(|&e| {
                                let folded = dp * cp * tp;
                                e * etp <= folded && divides(folded, e * etp) && divides(f64::from(m.experts), e)
                            })
                            .collect()
                    } else {
                        vec![1.0]
                    };
                    for &ep in &eps {
                        // An expert-parallel group spans EP × ETP consecutive GPUs.
                        let expert_remote_nodes = if m.is_moe() && ep * etp > node {
                            let nodes = (ep * etp / node).ceil();
                            match remote_nodes_by_count.iter().find(|(n, _)| *n == nodes) {
                                Some(&(_, remote)) => remote,
                                None => {
                                    let remote = remote_nodes(m, nodes);
                                    remote_nodes_by_count.push((nodes, remote));
                                    remote
                                }
                            }
                        } else {
                            0.0
                        };
                        for &b in &bs {
                            // A larger micro-batch the engine chooses may round the batch a step
                            // carries by at most `BATCH_ROUNDING` from the batch asked; one sequence per
                            // micro-batch, the finest rounding there is, is always tried.
                            let carried = dp * b * whole_micro_batches(global_seqs / (dp * b));
                            let near = p.micro_batch.is_some() || near_the_batch_asked(carried, global_seqs);
                            if fixed(p.micro_batch, b) && (b * dp <= global_seqs && near || b == 1.0) {
                                // On one data × context rank the ZeRO stages shard nothing: one layout, not
                                // two (else the runner-up could be the best again under another stage).
                                let stages = if dp * cp <= 1.0 { &zeros[..1] } else { &zeros[..] };
                                for &zero in stages {
                                    visit(Degrees { zero, dp, cp, tp, pp, ep, etp, b, expert_remote_nodes });
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The least common multiple of two whole degrees.
pub fn lcm(a: f64, b: f64) -> f64 {
    let (a, b) = (a.round().max(1.0) as u64, b.round().max(1.0) as u64);
    let gcd = |mut x: u64, mut y: u64| {
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    (a / gcd(a, b) * b) as f64
}

/// Searches data × tensor × pipeline (× expert) parallel degrees and the
/// micro-batch on `problem.gpus` GPUs; returns the fastest layout that fits
/// memory and the runner-up. `None` when no layout fits.
pub fn best_layout(problem: &TrainingProblem, links: &ClusterLinks) -> Option<LayoutChoice> {
    best_layout_at(problem, links, Case::Expected)
}

/// `best_layout` at one end of the efficiency ranges.
pub fn best_layout_at(problem: &TrainingProblem, links: &ClusterLinks, case: Case) -> Option<LayoutChoice> {
    let [choice] = best_layouts(problem, links, [case]);
    choice
}

/// The best layout and runner-up at each of `cases`, in one pass over the
/// candidates: a layout's memory, FLOPs, bytes and collectives are the same at
/// every end of the ranges (`Work`), so they are computed once for all of them.
fn best_layouts<const N: usize>(
    problem: &TrainingProblem,
    links: &ClusterLinks,
    cases: [Case; N],
) -> [Option<LayoutChoice>; N] {
    // The first of the fastest, as a stable sort by `by_throughput_on_the_batch_asked` would
    // put first, without sorting every layout (the sort was a fifth of a native
    // `recommend`, docs/PERFORMANCE.md): only a strictly faster layout replaces one.
    let faster = |a: &Layout, b: &Layout| by_throughput_on_the_batch_asked(problem, a, b).is_lt();
    // The runner-up differs in its parallel degrees, not only in micro-batch.
    let degrees = |l: &Layout| {
        (
            l.tensor_parallel,
            l.context_parallel,
            l.pipeline_parallel,
            l.expert_parallel,
            l.expert_tensor_parallel,
            l.zero_stage,
        )
    };
    // Without keeping every layout that fits (their copies were a tenth of a pre-training
    // request, docs/PERFORMANCE.md, issue 18 round 30): the runner-up is the first of the
    // fastest whose degrees differ from the best's, so when a new best has other degrees,
    // the old best is it (it was the first of the fastest so far).
    let keep = |choice: &mut Option<LayoutChoice>, layout: Layout| {
        let Some(c) = choice.as_mut() else {
            *choice = Some(LayoutChoice { best: layout, runner_up: None });
            return;
        };
        if faster(&layout, &c.best) {
            if degrees(&layout) != degrees(&c.best) {
                c.runner_up = Some(c.best);
            }
            c.best = layout;
        } else if degrees(&layout) != degrees(&c.best) && c.runner_up.is_none_or(|r| faster(&layout, &r)) {
            c.runner_up = Some(layout);
        }
    };
    let mut choices = [None; N];
    candidates(problem, links, &mut |d| {
        if let Some(w) = work(problem, links, &d) {
            for (choice, case) in choices.iter_mut().zip(cases) {
                keep(choice, step(problem, &d, &w, case));
            }
        }
    });
    choices
}

/// The steady-state tokens/s per GPU of the best layout at the expected, slow
/// and fast ends (low, expected, high), or `None` when no layout fits.
pub fn throughput_range(problem: &TrainingProblem, links: &ClusterLinks) -> Option<(Range, LayoutChoice)> {
    let [expected, slow, fast] = best_layouts(problem, links, [Case::Expected, Case::Slow, Case::Fast]);
    let (expected, low, high) = (expected?, slow?, fast?);
    let rate = |c: LayoutChoice| c.best.tokens_per_second_per_gpu;
    Some((Range::new(rate(low), expected.best.tokens_per_second_per_gpu, rate(high)), expected))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preset(id: &str) -> ModelSpec {
        crate::workload::model::presets().iter().find(|m| m.id == id).cloned().unwrap()
    }

    fn llama8b() -> ModelSpec {
        preset("llama-3.1-8b")
    }

    #[test]
    fn lora_and_qlora_need_fewer_flops_per_token_than_full_fine_tuning() {
        let m = llama8b();
        let full = flops_per_token(&m, Method::Full, 4096.0, Recompute::Full, 4096.0);
        let lora = flops_per_token(&m, Method::Lora { rank: 16.0 }, 4096.0, Recompute::Full, 4096.0);
        let qlora = flops_per_token(&m, Method::Qlora { rank: 16.0 }, 4096.0, Recompute::Full, 4096.0);
        assert!(lora < full && qlora < full, "{lora} {qlora} {full}");
        assert!(qlora > lora, "dequantization costs something");
        // Without recompute, LoRA is about 4/6 of full (plus adapters and attention).
        let full0 = flops_per_token(&m, Method::Full, 4096.0, Recompute::None, 4096.0);
        let lora0 = flops_per_token(&m, Method::Lora { rank: 16.0 }, 4096.0, Recompute::None, 4096.0);
        assert!((0.66..0.8).contains(&(lora0 / full0)), "{}", lora0 / full0);
    }

    #[test]
    fn a_cross_node_dispatch_sends_a_token_once_per_other_node_it_reaches() {
        // One node: nothing crosses the network.
        assert_eq!(remote_nodes_per_token(256.0, 8.0, 1.0), 0.0);
        // One expert per token: the other node holds it half the time.
        assert!((remote_nodes_per_token(64.0, 1.0, 2.0) - 0.5).abs() < 1e-12);
        // Two of four experts on two nodes: the other node holds neither with C(2,2)/C(4,2) = 1/6.
        assert!((remote_nodes_per_token(4.0, 2.0, 2.0) - 5.0 / 6.0).abs() < 1e-12);
        // DeepSeek-V3's 256 experts, k = 8, over 8 nodes: fewer copies than the 7 remote experts a
        // token has on average (8 × 7/8); k distinct experts spread a little wider than k drawn
        // with replacement would, 7 · (1 − (7/8)^8) = 4.60 nodes.
        let copies = remote_nodes_per_token(256.0, 8.0, 8.0);
        assert!(copies > 7.0 * (1.0 - (7.0f64 / 8.0).powi(8)) && copies < 4.7, "{copies}");
        // 13 experts per token, more than any three of the four nodes hold (12): every node is reached.
        assert!((remote_nodes_per_token(16.0, 13.0, 4.0) - 3.0).abs() < 1e-12);
        // The two forms of the product agree: 3 of 12 experts over 2 nodes (6 each) by either.
        let by_k = (6.0 / 12.0) * (5.0 / 11.0) * (4.0 / 10.0);
        assert!((remote_nodes_per_token(12.0, 3.0, 2.0) - (1.0 - by_k)).abs() < 1e-12);
        assert!((remote_nodes_per_token(12.0, 7.0, 2.0) - 1.0).abs() < 1e-12);
        // A custom model at the input's bounds (65,536 experts, all of them per token).
        assert_eq!(remote_nodes_per_token(65_536.0, 65_536.0, 128.0), 127.0);
        // ln Γ against the product it stands for, over the sizes real models have.
        for (e, k, n) in [(8.0, 2.0, 2.0), (64.0, 6.0, 4.0), (128.0, 8.0, 16.0), (256.0, 8.0, 8.0), (384.0, 8.0, 32.0)]
        {
            let elsewhere = e - e / n;
            let product: f64 = (0..k as u32).map(f64::from).map(|i| (elsewhere - i) / (e - i)).product();
            let by_gamma = remote_nodes_per_token(e, k, n);
            assert!((by_gamma - (n - 1.0) * (1.0 - product)).abs() < 1e-9, "{e} {k} {n}: {by_gamma}");
        }
        assert!(ln_gamma(1.0).abs() < 1e-13 && (ln_gamma(5.0) - 24f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn group_limited_routing_reaches_the_nodes_of_its_groups_only() {
        // DeepSeek-V3: 8 groups of 32 experts, a token's 8 experts from 4 of them.
        let v3 = preset("deepseek-v3");
        assert_eq!((v3.routing_groups, v3.routing_groups_per_token), (8, 4));
        // Over 8 nodes, a group to a node: the other nodes among 4 of the 8 groups,
        // 7 · (1 − C(7, 4)/C(8, 4)) = 3.5, where a balanced router reaches 4.6.
        assert!((remote_nodes(&v3, 8.0) - 3.5).abs() < 1e-9, "{}", remote_nodes(&v3, 8.0));
        // Over 4 nodes, two groups to a node: 3 · (1 − C(6, 4)/C(8, 4)) = 3 · 55/70.
        assert!((remote_nodes(&v3, 4.0) - 3.0 * 55.0 / 70.0).abs() < 1e-9);
        // Over 16 nodes a group spans two: the balanced router's count stands.
        assert_eq!(remote_nodes(&v3, 16.0), remote_nodes_per_token(256.0, 8.0, 16.0));
        // Without groups, the balanced router's count.
        let qwen = preset("qwen3-235b-a22b");
        assert_eq!(remote_nodes(&qwen, 4.0), remote_nodes_per_token(128.0, 8.0, 4.0));
    }

    #[test]
    fn ring_all_reduce_follows_two_n_minus_one_over_n() {
        assert_eq!(ring_all_reduce_s(1e9, 1.0, 1e9), 0.0);
        assert!((ring_all_reduce_s(8e9, 8.0, 1e9) - 14.0).abs() < 1e-9);
    }

    #[test]
    fn a_switchless_mesh_reduces_within_a_node_over_the_groups_own_links() {
        let switch = ClusterLinks {
            gpus_per_node: 8.0,
            intra_node_bytes_per_s: 448e9,
            inter_node_bytes_per_s: 50e9,
            intra_node_mesh_link_bytes_per_s: None,
        };
        let mesh = ClusterLinks { intra_node_mesh_link_bytes_per_s: Some(48e9), ..switch };
        // TP 8 in a node: 2·bytes / (8 × 48 GB/s) on the mesh, a ring at 0.8 × 448 GB/s through a switch.
        assert!((mesh.all_reduce_s(1e9, 8.0, 8.0) - 2e9 / (8.0 * 48e9)).abs() < 1e-12);
        assert!(
            (switch.all_reduce_s(1e9, 8.0, 8.0) - ring_all_reduce_s(1e9, 8.0, 448e9 * LINK_EFFICIENCY)).abs() < 1e-12
        );
        // TP 2 on the mesh has one link: the whole message crosses it.
        assert!((mesh.all_reduce_s(1e9, 2.0, 2.0) - 1e9 / 48e9).abs() < 1e-12);
        // One GPU of the group per node: every byte crosses that GPU's own NIC, mesh or not.
        assert_eq!(mesh.all_reduce_s(1e9, 16.0, 1.0), switch.all_reduce_s(1e9, 16.0, 1.0));
    }

    #[test]
    fn an_all_reduce_across_nodes_uses_every_nic_of_the_node() {
        // stas00/ml-engineering network/README.md (744d01e): 4 GiB over 4 nodes of 8 B200
        // (NVLink 5, 900 GB/s per direction; 8 × 50 GB/s EFA) measured 22.05 ms.
        let b200 = ClusterLinks {
            gpus_per_node: 8.0,
            intra_node_bytes_per_s: 900e9,
            inter_node_bytes_per_s: 50e9,
            intra_node_mesh_link_bytes_per_s: None,
        };
        let bytes = 4.0 * 1024.0 * 1024.0 * 1024.0;
        let hierarchical = b200.all_reduce_s(bytes, 32.0, 8.0);
        assert!((hierarchical / 22.05e-3 - 1.0).abs() < 0.1, "{hierarchical}");
        // The whole gradient over one GPU's NIC would be about four times the measurement.
        assert!(b200.all_reduce_s(bytes, 32.0, 1.0) > 3.0 * 22.05e-3);
    }

    /// 8-GPU NVLink nodes (450 GB/s within) joined at `inter_node_bytes_per_s` per GPU.
    fn h100_nodes(inter_node_bytes_per_s: f64) -> ClusterLinks {
        ClusterLinks {
            gpus_per_node: 8.0,
            intra_node_bytes_per_s: 450e9,
            inter_node_bytes_per_s,
            intra_node_mesh_link_bytes_per_s: None,
        }
    }

    /// Every candidate layout, collected.
    fn all_candidates(p: &TrainingProblem, links: &ClusterLinks) -> Vec<Degrees> {
        let mut all = Vec::new();
        candidates(p, links, &mut |d| all.push(d));
        all
    }

    /// An H100-like problem: dense or MoE, with or without a memory cap, ZeRO searched or fixed.
    fn problem(model: &ModelSpec, gpus: f64, memory_gib: Option<f64>, zero_fixed: bool) -> TrainingProblem<'_> {
        TrainingProblem {
            model,
            method: Method::Full,
            gemm_bytes: 2.0,
            peak_tflops: 989.0,
            half_peak_tflops: 989.0,
            bandwidth_gbs: 3350.0,
            memory_gib,
            overhead_gib: 2.0,
            gemm_share: Range::new(0.6, 0.7, 0.8),
            half_gemm_share: Range::new(0.6, 0.7, 0.8),
            stream_share: 0.8,
            seq: 4096.0,
            global_batch_tokens: 4e6_f64.max(4096.0 * gpus),
            recompute: Recompute::Selective,
            interleaved: true,
            tensor_parallel_overlapped: true,
            context_exchange_hidden: true,
            sequence_parallel: true,
            all_to_all_per_node: ALL_TO_ALL_PER_NODE_UNSTATED,
            expert_host_s_per_local_expert: if model.is_moe() {
                EXPERT_HOST_S_PER_LOCAL_EXPERT
            } else {
                (0.0, 0.0, 0.0)
            },
            zero_stage: 1,
            zero_stage_fixed: zero_fixed,
            optimizer_bytes: 12.0,
            weight_bytes: 2.0,
            grad_bytes: 2.0,
            gpus,
            tensor: None,
            pipeline: None,
            expert: None,
            expert_tensor: None,
            context: None,
            micro_batch: None,
        }
    }

    #[test]
    fn the_context_parallel_ring_passes_key_and_value_blocks_and_hides_behind_attention() {
        let m = llama8b();
        let p = TrainingProblem { seq: 8192.0, ..problem(&m, 2.0, None, true) };
        // One GPU per node, so the ring crosses the network, at 1 GB/s per direction.
        let links = ClusterLinks { gpus_per_node: 1.0, ..h100_nodes(1e9) };
        let d = Degrees {
            zero: 1,
            dp: 1.0,
            cp: 2.0,
            tp: 1.0,
            pp: 1.0,
            ep: 1.0,
            etp: 1.0,
            b: 1.0,
            expert_remote_nodes: 0.0,
        };
        let w = work(&p, &links, &d).unwrap();
        // Each rank's 4,096 tokens of keys and values (8 KV heads × (128 + 128) × 2 bytes), passed
        // once forward and twice backward (keys and values, then their gradients) in each of 32 layers;
        // selective recompute repeats the forward attention, so four times.
        let block = 4096.0 * 8.0 * 256.0 * 2.0;
        let expected = 4.0 * block * 32.0 / (1e9 * LINK_EFFICIENCY);
        assert!((w.context_exchange_s - expected).abs() < 1e-9 * expected, "{} {expected}", w.context_exchange_s);
        // Over so slow a link the attention hides only part of it: what it hides is half the
        // attention (one of CP = 2 blocks has a transfer to hide behind).
        let l = step(&p, &d, &w, Case::Expected);
        let attention_per_micro_batch = l.parts.attention_s / l.micro_batches;
        let exposed = l.parts.context_parallel_s / l.micro_batches;
        assert!(
            exposed > 0.0 && (exposed - (w.context_exchange_s - attention_per_micro_batch / 2.0)).abs() < 1e-9,
            "{l:?}"
        );
        // Over NVLink within a node it hides entirely.
        let fast = ClusterLinks { gpus_per_node: 8.0, ..links };
        let l = step(&p, &d, &work(&p, &fast, &d).unwrap(), Case::Expected);
        assert_eq!(l.parts.context_parallel_s, 0.0, "{l:?}");
        // Gathered whole before the attention (Llama 3's all-gather), the same bytes wait whole,
        // over NVLink too.
        let gathered = TrainingProblem { context_exchange_hidden: false, ..p };
        for links in [links, fast] {
            let w = work(&gathered, &links, &d).unwrap();
            let l = step(&gathered, &d, &w, Case::Expected);
            assert!(
                w.context_exchange_s > 0.0
                    && (l.parts.context_parallel_s / l.micro_batches - w.context_exchange_s).abs() < 1e-12,
                "{l:?}"
            );
        }
    }

    /// `problem` on 80 GiB GPUs with sequences of 8,192 tokens.
    fn on_80_gib_at_8k(model: &ModelSpec, gpus: f64) -> TrainingProblem<'_> {
        TrainingProblem { seq: 8192.0, ..problem(model, gpus, Some(80.0), false) }
    }

    #[test]
    fn the_one_pass_search_picks_what_sorting_every_layout_picks() {
        let links = h100_nodes(50e9);
        let degrees = |l: &Layout| (l.tensor_parallel, l.pipeline_parallel, l.expert_parallel, l.zero_stage);
        let mut searched = 0;
        for id in ["llama-3.2-1b", "llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b", "qwen3-30b-a3b"] {
            let model = preset(id);
            for gpus in [1.0, 8.0, 64.0, 512.0] {
                for (memory, zero_fixed) in [(Some(80.0), false), (None, false), (Some(80.0), true)] {
                    let p = problem(&model, gpus, memory, zero_fixed);
                    let cases = [Case::Expected, Case::Slow, Case::Fast];
                    for (case, choice) in cases.into_iter().zip(best_layouts(&p, &links, cases)) {
                        // Every layout that fits, the first of the fastest, and the first of the
                        // fastest of other degrees, as a stable sort would order them.
                        let all: Vec<Layout> = all_candidates(&p, &links)
                            .iter()
                            .filter_map(|d| work(&p, &links, d).map(|w| step(&p, d, &w, case)))
                            .collect();
                        let order = |a: &&Layout, b: &&Layout| by_throughput_on_the_batch_asked(&p, a, b);
                        let best = all.iter().min_by(order).copied();
                        let runner_up =
                            best.and_then(|b| all.iter().filter(|l| degrees(l) != degrees(&b)).min_by(order).copied());
                        assert_eq!(choice.map(|c| c.best), best, "{id} on {gpus}");
                        assert_eq!(choice.and_then(|c| c.runner_up), runner_up, "{id} on {gpus}");
                        searched += usize::from(best.is_some()) + usize::from(runner_up.is_some());
                    }
                }
            }
        }
        // Most problems fit and have a runner-up: the comparison is not of empty answers.
        assert!(searched > 150, "{searched}");
    }

    #[test]
    fn a_runner_up_on_one_data_parallel_rank_is_another_layout_not_another_zero_stage() {
        let links = h100_nodes(50e9);
        let model = preset("llama-3.1-8b");
        let p = on_80_gib_at_8k(&model, 8.0);
        // Llama 3.1 8B on one 8-GPU node: before, a pipeline of 8 on one data-parallel rank was
        // the best under ZeRO-1 and the runner-up under ZeRO-3, the same layout twice.
        let choice = best_layout(&p, &links).expect("fits");
        let runner_up = choice.runner_up.expect("a runner-up");
        let shape = |l: &Layout| {
            (l.data_parallel, l.context_parallel, l.tensor_parallel, l.pipeline_parallel, l.expert_parallel)
        };
        assert_ne!(shape(&runner_up), shape(&choice.best), "{choice:?}");
        // And no candidate on one ZeRO rank (ZeRO shards over data × context ranks) is searched
        // under two stages.
        let one_rank: Vec<_> = all_candidates(&p, &links).into_iter().filter(|d| d.dp * d.cp <= 1.0).collect();
        assert!(!one_rank.is_empty() && one_rank.iter().all(|d| d.zero == 1), "{one_rank:?}");
    }

    #[test]
    fn a_small_model_is_trained_data_parallel_on_the_batch_asked_not_in_a_pipeline() {
        let links = h100_nodes(50e9);
        let model = preset("llama-3.2-1b");
        let p = on_80_gib_at_8k(&model, 48.0);
        // 4M tokens are 488.3 sequences of 8,192. Rounded up on every rank, 48 data-parallel
        // ranks carried 528 (+8%) and a pipeline of 4 on 12 ranks 492, so by step time the
        // search chose four pipeline stages for a 1.2B model that fits one GPU many times over.
        let best = best_layout(&p, &links).expect("fits").best;
        assert_eq!((best.data_parallel, best.pipeline_parallel, best.tensor_parallel), (48.0, 1.0, 1.0), "{best:?}");
        let carried = best.data_parallel * best.micro_batch * best.micro_batches;
        assert!((carried / 488.28 - 1.0).abs() < 0.05, "{carried} sequences per step");
        // Whole micro-batches nearest by ratio: 10.17 → 10, 1.49 → 2 (1.34× against 1.49×), 1.4 → 1.
        assert_eq!([10.17, 1.49, 1.4, 0.3].map(whole_micro_batches), [10.0, 2.0, 1.0, 1.0]);
    }

    #[test]
    fn a_fine_tuning_batch_smaller_than_the_cluster_is_not_doubled_by_idle_ranks() {
        let links = h100_nodes(50e9);
        let model = preset("llama-3.1-8b");
        let mut p = problem(&model, 128.0, Some(80.0), false);
        // 64 sequences per step on 128 GPUs: 128 data-parallel ranks of one sequence each carry
        // twice the batch, and by throughput alone they won.
        p.global_batch_tokens = 64.0 * 4096.0;
        let best = best_layout(&p, &links).expect("fits").best;
        let carried = best.data_parallel * best.micro_batch * best.micro_batches;
        assert_eq!(carried, 64.0, "{best:?}");
        assert!(best.tensor_parallel * best.pipeline_parallel >= 2.0, "{best:?}");
    }

    #[test]
    fn a_frozen_base_sharded_by_zero_3_is_gathered_for_every_micro_batch() {
        // Two 8-GPU nodes with 25 Gb/s per GPU between them.
        let links = h100_nodes(3.125e9);
        let model = preset("llama-3.1-70b");
        let at_stage = |zero: u8| {
            let mut p = problem(&model, 16.0, None, true);
            (p.method, p.zero_stage, p.tensor, p.pipeline, p.micro_batch) =
                (Method::Lora { rank: 16.0 }, zero, Some(1.0), Some(1.0), Some(1.0));
            best_layout(&p, &links).expect("fits").best
        };
        let (sharded, replicated) = (at_stage(3), at_stage(1));
        // ZeRO-3 holds a sixteenth of the frozen 70B; it was also timed as if those weights
        // never crossed the network (the same step as ZeRO-1's).
        assert!(sharded.memory_per_gpu_gib < replicated.memory_per_gpu_gib / 2.0, "{sharded:?}");
        assert!(sharded.parts.data_parallel_exposed_s > 1.0, "{sharded:?}");
        assert!(sharded.step_seconds > replicated.step_seconds * 1.2, "{sharded:?} {replicated:?}");
    }

    #[test]
    fn zero_2_reduces_its_gradient_shards_after_every_micro_batch() {
        let links = h100_nodes(3.125e9);
        let model = llama8b();
        let at_stage = |zero: u8, micro_batches: f64| {
            let mut p = problem(&model, 16.0, None, true);
            (p.zero_stage, p.tensor, p.pipeline, p.micro_batch) = (zero, Some(1.0), Some(1.0), Some(1.0));
            p.global_batch_tokens = 16.0 * micro_batches * p.seq;
            best_layout(&p, &links).expect("fits").best
        };
        // One micro-batch per step: ZeRO-2's collectives are ZeRO-1's.
        assert_eq!(at_stage(2, 1.0).step_seconds, at_stage(1, 1.0).step_seconds);
        // Eight: ZeRO-2 reduces eight times where ZeRO-1 reduces once (it was timed as ZeRO-1);
        // most of each reduction hides under its micro-batch, what is left adds up.
        let (two, one) = (at_stage(2, 8.0), at_stage(1, 8.0));
        assert!(two.parts.data_parallel_exposed_s > 1.5 * one.parts.data_parallel_exposed_s, "{two:?} {one:?}");
        assert!(two.step_seconds > 1.05 * one.step_seconds, "{two:?} {one:?}");
    }

    #[test]
    fn gemm_share_falls_for_thin_gemms() {
        let big = GemmShape::new(8192.0, 8192.0, 8192.0, 2.0, 295.0).share(0.7);
        let thin = GemmShape::new(512.0, 4096.0, 512.0, 2.0, 295.0).share(0.7);
        assert!((big - 0.7).abs() < 1e-12 && thin < big * 0.8, "{big} {thin}");
    }
}
