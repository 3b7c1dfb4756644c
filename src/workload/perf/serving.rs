//! Serving under continuous batching (vLLM, TensorRT-LLM, SGLang all batch
//! this way): one replica of `tp` GPUs holds the weights, the serving engine's
//! reserve and a KV cache; sequences join and leave the running batch every
//! step.
//!
//! - **Memory**: the engine takes `gpu_memory_utilization` (0.9) of each GPU,
//!   less the weights (split over TP), the activation reserve its profiling
//!   pass measures for one prefill chunk, the sampler's FP32 logits and the
//!   CUDA context; the rest is KV cache. The batch can never exceed what that
//!   KV cache holds, nor the engine's sequence limit.
//! - **Prefill** is compute-bound: 2·N_active FLOPs per prompt token over TP ×
//!   peak × prefill efficiency, plus the TP all-reduces.
//! - **Decode** is bandwidth-bound: each step reads the weights the batch
//!   touches (or does 2·N_active·batch FLOPs when that takes longer) and then
//!   every sequence's KV cache in the attention kernel, over TP × HBM
//!   bandwidth × decode efficiency, plus two all-reduces per layer.
//! - **At an offered load** λ (requests/s per replica) prefill takes
//!   ρ = λ·prefill time of the GPU's time, so each decode step stretches by
//!   1/(1 − ρ) (chunked prefill shares the steps); the sequences in flight
//!   are B = λ·(TTFT + output·ITL) (Little's law), solved by fixed point; TTFT
//!   adds the M/D/1 wait ρ/(2(1 − ρ)) prefills to the prefill itself.
//! - **The bandwidth floor** of a replica is weights / (HBM bandwidth × TP):
//!   no batch, engine or kernel decodes a token faster.

use crate::workload::compute::Range;
use crate::workload::memory::{self, GIB};
use crate::workload::model::ModelSpec;

/// What the serving engine keeps for itself and what it costs per step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Engine {
    /// Share of GPU memory the engine uses: of the whole GPU (vLLM
    /// `gpu_memory_utilization`), or of the memory left after weights and
    /// reserve when `share_of_free` (TensorRT-LLM `kv_cache_free_gpu_mem_fraction`).
    pub memory_utilization: f64,
    pub share_of_free: bool,
    /// Sequences in one running batch at most (vLLM `max_num_seqs`, TensorRT-LLM `max_batch_size`).
    pub max_sequences: f64,
    /// Tokens of one prefill chunk whose activations the profiling pass reserves.
    pub chunk_tokens: f64,
    /// Host (CPU) time per sequence per decode step that the GPU waits for:
    /// scheduling, input preparation, sampling and detokenization not overlapped
    /// with the GPU's work.
    pub host_s_per_sequence: f64,
    /// Batch sizes the engine captures CUDA graphs for, padding a decode batch
    /// up to the next one (empty: no padding worth counting).
    pub graph_batches: &'static [f64],
}

/// vLLM as released now (≥ 0.14): `gpu_memory_utilization` 0.9, `max_num_seqs`
/// 256; the prefill chunk of 8,192 tokens is assumed. Its host work overlaps the
/// GPU's: the scheduler runs one step ahead of the model (async scheduling,
/// vllm-project/vllm #19970, on by default from v0.14.0, January 2026): no
/// exposed host time assumed.
pub const VLLM: Engine = Engine {
    memory_utilization: 0.9,
    share_of_free: false,
    max_sequences: 256.0,
    chunk_tokens: 8192.0,
    host_s_per_sequence: 0.0,
    graph_batches: &[],
};

/// vLLM's V0 engine (≤ 0.5, and the V0 builds after it that schedule each step
/// in turn) ran its scheduler, sampler and detokenizer between GPU steps:
/// Llama 3 8B on one H100 spent 62% of the time off the GPU (API server 33%,
/// scheduling 29%; vLLM blog "vLLM v0.6.0: 2.7x Throughput Improvement",
/// 2024-09-05). The host time per sequence per step, 0.165 ms, is *fitted*
/// from Lambda's Llama 3.1 8B FP8 row on one H100 (vLLM 0.5.4, 3,400 tokens/s
/// at 19.75 ms), jointly with the CUDA decode share (data/achieved_efficiency.csv).
pub const VLLM_0_5: Engine = Engine { host_s_per_sequence: 0.165e-3, ..VLLM };

/// vLLM's V1 engine before async scheduling was the default (v0.8 – v0.13):
/// each step runs schedule → model → update from output in turn, so the
/// scheduler's and input preparation's work per running request, and the
/// broadcast of the step to the TP workers, leave the GPU idle (async scheduling
/// was opt-in, `--async-scheduling`, experimental from v0.10.0). The host time per
/// sequence per step is *fitted* from AMD's Llama 3.1 70B FP8 row on 8 × MI300X
/// (vLLM 0.10.2, 128/2048 at 3,200 sequences, 13,212.5 tokens/s: the step model
/// leaves 95 ms of its 242 ms step unexplained); the same table's seven other
/// rows test it (docs/ACCURACY.md).
pub const VLLM_V1_SYNC: Engine = Engine { host_s_per_sequence: 30e-6, ..VLLM };

/// TensorRT-LLM (PyTorch backend, `trtllm-bench`): the KV cache takes 0.9 of the
/// memory left after weights (`kv_cache_free_gpu_mem_fraction`), up to
/// `max_batch_size` 2,048 sequences and `max_num_tokens` 8,192 per step
/// (LLM API defaults); the C++ batch manager overlaps its host work. Its
/// published throughput tables run with `cuda_graph_config: enable_padding:
/// true` and graphs for batches 1, 2, 4 … 256, 384, 512, 1024 … 8192
/// (`llm_options.yml` in docs/source/performance/perf-overview.md, v1.0): a
/// running batch of 406 decodes as 512. vLLM pads to multiples of 8 (not counted).
pub const TENSORRT_LLM: Engine = Engine {
    memory_utilization: 0.9,
    share_of_free: true,
    max_sequences: 2048.0,
    chunk_tokens: 8192.0,
    host_s_per_sequence: 0.0,
    graph_batches: &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 384.0, 512.0, 1024.0, 2048.0, 4096.0, 8192.0],
};

/// Latency of one all-reduce of a small message, seconds: assumed 10 µs over
/// NVLink/NVSwitch and 30 µs over PCIe (NCCL small-message latencies are of
/// this order; a decode step runs two per layer).
pub const ALL_REDUCE_LATENCY_NVLINK_S: f64 = 10e-6;
pub const ALL_REDUCE_LATENCY_PCIE_S: f64 = 30e-6;
/// PCIe Gen4 x16 per direction, bytes/s, when a GPU states no link figure.
pub const PCIE_BYTES_PER_S: f64 = 32e9;

/// The efficiencies a software stack reaches on an accelerator.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Efficiency {
    /// Share of HBM bandwidth a decode step reaches (MBU).
    pub decode_bandwidth: Range,
    /// Share of dense peak prefill reaches.
    pub prefill: Range,
    /// Share of the rate above (the decode step's bandwidth and FLOPs) that a
    /// decode step's routed experts reach: their grouped GEMMs and the
    /// permutation, quantization, activation and combine kernels around them
    /// (1 for a dense model, which has none).
    pub routed_experts: Range,
}

/// One GPU of a replica, as the figures that bound serving.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gpu {
    /// Peak of the GEMMs at the precision served.
    pub peak_tflops: f64,
    /// Peak of the attention core, at the KV cache's precision: with an FP8
    /// cache the engines compute attention in FP8 (vLLM's FlashAttention 3
    /// backend quantizes the queries too, its docs' “Quantized KV Cache”;
    /// TensorRT-LLM's FP8 context FMHA, which its FP8-KV checkpoints run),
    /// with a 16-bit cache at the 16-bit peak, whatever the weights.
    pub attention_peak_tflops: f64,
    /// Peak of a decode step's attention: the 16-bit peak whatever the cache
    /// (FlashMLA, the kernel where decode attention is compute-bound, reads an
    /// FP8 cache and “performs attention computation in bfloat16”, its README).
    pub decode_attention_peak_tflops: f64,
    pub bandwidth_gbs: f64,
    pub memory_gib: f64,
    /// Bytes/s per direction between GPUs of one instance.
    pub link_bytes_per_s: f64,
    pub nvlink: bool,
    /// Usable bytes/s per direction of each direct link when the GPUs form a
    /// fully connected mesh without a switch (AMD Instinct xGMI); `None` for a
    /// switch (NVSwitch) or a shared bus, where one ring sees `link_bytes_per_s`.
    pub mesh_link_bytes_per_s: Option<f64>,
}

impl Gpu {
    /// Seconds to move the data of one all-reduce of `bytes` among `tp` GPUs
    /// (latency apart).
    pub fn all_reduce_transfer_s(&self, bytes: f64, tp: f64) -> f64 {
        if tp <= 1.0 {
            return 0.0;
        }
        match self.mesh_link_bytes_per_s {
            Some(link) => super::mesh_all_reduce_s(bytes, tp, link),
            // Through a switch: ring all-reduce, 2(n − 1)/n of the message over each link.
            None => 2.0 * (tp - 1.0) / tp * bytes / self.link_bytes_per_s,
        }
    }
}

/// The model as serving sees it.
#[derive(Debug, Clone, Copy)]
pub struct Served<'a> {
    pub model: &'a ModelSpec,
    pub weight_bytes: f64,
    /// Bytes of all routed experts (MoE), part of `weight_bytes`.
    pub expert_bytes: f64,
    /// KV bytes of one sequence of `context` tokens.
    pub kv_bytes_per_sequence: f64,
    /// A decode step's attention FLOPs per KV-cache byte it reads
    /// (`memory::decode_attention_flops_per_kv_byte`).
    pub decode_attention_flops_per_kv_byte: f64,
    pub prompt_tokens: f64,
    /// Of `prompt_tokens`, the leading ones already in the prefix cache: not
    /// prefilled. A sequence still holds its whole prompt's KV cache (a
    /// conversation's earlier turns are its own; blocks shared by many
    /// sequences, a common system prompt, are counted for each: an upper bound).
    pub cached_prompt_tokens: f64,
    pub output_tokens: f64,
    pub context_tokens: f64,
    /// CUDA context and allocator reserve per GPU, GiB.
    pub overhead_gib: f64,
}

/// Forward attention FLOPs of one prompt of `prompt` tokens: each token's
/// query·key and attention·value products over the keys before it, the
/// causal half of the full score matrix (FlashAttention skips the masked
/// blocks): `attention_flops_per_token` (forward and backward, ×3) ÷ 3 ×
/// `CAUSAL_SHARE` per token. Quadratic in the prompt: for Llama 3.1 8B,
/// 8% of a 5,000-token prompt's FLOPs over the 2·N of its GEMMs, 33% at
/// 20,000 and 2.1× at 128k; left out, a long prompt's prefill and time to
/// first token came out short by as much.
pub fn prefill_attention_flops(m: &ModelSpec, prompt: f64) -> f64 {
    prompt * crate::workload::compute::attention_flops_per_token(m, prompt) / 3.0 * super::training::CAUSAL_SHARE
}

impl Served<'_> {
    /// The prompt's tokens a prefill computes: those after its cached prefix.
    pub fn prefilled_tokens(&self) -> f64 {
        self.prompt_tokens - self.cached_prompt_tokens
    }
}

/// How a replica's GPUs share the layers outside the routed experts.
///
/// - `Tensor`: every GEMM is split over the replica's GPUs, every GPU sees
///   every token, two all-reduces per layer (Megatron-style tensor parallelism).
/// - `Data` (TensorRT-LLM `enable_attention_dp`, vLLM's data-parallel attention
///   with expert parallelism): "all GEMM weights are replicated on every GPU"
///   and "the KV-cache is partitioned, because different user requests are
///   routed to different DP ranks" (TensorRT-LLM's guide "Parallelism in TensorRT LLM");
///   the attention, dense MLP and shared-expert layers run unsplit on each GPU
///   (`overridden_tp_size=1`, tensorrt_llm/_torch/models/modeling_llama.py);
///   only the routed experts are spread over the GPUs, and each MoE layer
///   gathers the tokens to them and scatters the results back. Each GPU
///   schedules its own requests up to the engine's batch limit. vLLM's
///   `--data-parallel-size` with `--enable-expert-parallel` is the same
///   layout: "each DP rank is deployed as a separate core engine process",
///   forward passes aligned across ranks, its default expert exchange an
///   all-gather and a reduce-scatter (vLLM docs, "Data Parallel Deployment"
///   and "Expert Parallel Deployment").
#[derive(serde::Deserialize, serde::Serialize, Debug, Clone, Copy, PartialEq, Eq, Default, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum AttentionParallelism {
    #[default]
    Tensor,
    Data,
}

impl AttentionParallelism {
    pub fn name(self) -> &'static str {
        match self {
            AttentionParallelism::Tensor => "tensor",
            AttentionParallelism::Data => "data",
        }
    }
}

/// A replica: the model on `tp` GPUs under an engine.
#[derive(Debug, Clone, Copy)]
pub struct Replica<'a> {
    pub served: Served<'a>,
    pub gpu: Gpu,
    pub tp: f64,
    pub attention: AttentionParallelism,
    pub engine: Engine,
    pub efficiency: Efficiency,
    /// Active parameters per token outside and inside the routed experts, of
    /// `served.model`: read by every step the load searches
    /// evaluate, thousands per answer, so computed once.
    active: (f64, f64),
    /// Forward attention FLOPs of one prompt (its score and value products,
    /// causal: `prefill_attention_flops`), computed once for the same reason.
    prompt_attention_flops: f64,
}

/// How a replica runs at one load.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Sequences in flight.
    pub batch: f64,
    pub ttft_ms: Range,
    pub itl_ms: Range,
    /// Output tokens per second of the replica.
    pub tokens_per_second: Range,
    /// Share of the GPUs' time spent in prefill.
    pub prefill_share: f64,
    pub decode_bound: &'static str,
}

/// How requests reach a replica's schedulers.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Arrivals {
    /// A benchmark's closed loop: each finished request is replaced at once by
    /// one of the same lengths, so the schedulers admit their prompts in step.
    Replaced,
    /// Requests arriving at random (Poisson) at a rate, each scheduler
    /// prefilling the prompts it is handed when they come.
    Random,
}

/// Expected largest of `n` independent Poisson counts of mean `mean`, and
/// its derivative in the mean: E = Σ_k P(max > k) = Σ_k (1 − F(k)^n) and
/// dE/dmean = Σ_k n·F(k)^(n−1)·P(K = k) (as dF(k)/dmean = −P(K = k)), summed
/// from where F is still negligible (12 standard deviations below the mean)
/// until the terms are. `n` is a count of GPUs (a whole number).
fn expected_max_poisson_summed(mean: f64, n: f64) -> (f64, f64) {
    if mean <= 0.0 {
        return (0.0, n);
    }
    let whole = n.round().clamp(1.0, 64.0) as i32;
    let sd = mean.sqrt();
    let first = (mean - 12.0 * sd).floor().max(0.0);
    // ln P(K = first), with ln k! by Stirling's series beyond 20.
    let ln_factorial = |k: f64| {
        if k < 20.0 {
            (2..=k as u32).map(|i| f64::from(i).ln()).sum::<f64>()
        } else {
            k * k.ln() - k + 0.5 * (2.0 * std::f64::consts::PI * k).ln() + 1.0 / (12.0 * k)
        }
    };
    let mut p = (-mean + first * mean.ln() - ln_factorial(first)).exp();
    let (mut cdf, mut sum, mut slope, mut k) = (p, first, 0.0, first);
    loop {
        let below = cdf.min(1.0).powi(whole - 1);
        let term = 1.0 - below * cdf.min(1.0);
        sum += term;
        slope += n * below * p;
        // Past the mean the terms only fall: stop once they are negligible.
        if k > mean && term < 1e-9 * sum.max(1e-9) || k > mean + 12.0 * sd + 30.0 {
            return (sum, slope);
        }
        k += 1.0;
        p *= mean / k;
        cdf += p;
    }
}

/// Grid of the table below: means 2^(i/8 − 16), i = 0 … 256.
const MAX_POISSON_STEPS: usize = 256;

/// `expected_max_poisson_summed(mean, n) / mean` on the grid, for n = 1 … 8
/// GPUs: the load searches ask for it thousands of times per answer, the sum
/// takes tens of terms, a lookup two (built once, on first use).
fn max_poisson_table() -> &'static [[f64; MAX_POISSON_STEPS + 1]; 8] {
    static TABLE: std::sync::OnceLock<[[f64; MAX_POISSON_STEPS + 1]; 8]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0.0; MAX_POISSON_STEPS + 1]; 8];
        for (n, row) in table.iter_mut().enumerate() {
            for (i, ratio) in row.iter_mut().enumerate() {
                let mean = (i as f64 / 8.0 - 16.0).exp2();
                *ratio = expected_max_poisson_summed(mean, n as f64 + 1.0).0 / mean;
            }
        }
        table
    })
}

/// `expected_max_poisson_summed`, read from the table (linear in the log of
/// the mean, within 0.1% of the sum) for 1 … 8 GPUs and means in its range.
fn expected_max_poisson(mean: f64, n: f64) -> (f64, f64) {
    let x = (mean.log2() + 16.0) * 8.0;
    if !(1.0..=8.0).contains(&n) || !(0.0..MAX_POISSON_STEPS as f64).contains(&x) {
        return expected_max_poisson_summed(mean, n);
    }
    let row = &max_poisson_table()[n.round() as usize - 1];
    let i = x as usize;
    let (r0, r1) = (row[i], row[i + 1]);
    let ratio = r0 + (x - i as f64) * (r1 - r0);
    // d(ratio·mean)/dmean = ratio + mean·dratio/dmean, with dx/dmean = 8 / (mean·ln 2).
    (ratio * mean, ratio + (r1 - r0) * 8.0 / std::f64::consts::LN_2)
}

/// One end of the efficiency range at a load: (TTFT s, ITL s, prefill share, memory-bound).
type End = (f64, f64, f64, bool);

impl<'a> Replica<'a> {
    pub fn new(
        served: Served<'a>,
        gpu: Gpu,
        tp: f64,
        attention: AttentionParallelism,
        engine: Engine,
        efficiency: Efficiency,
    ) -> Self {
        let m = served.model;
        let routed = memory::routed_expert_params(m) * m.routed_per_token() / f64::from(m.experts.max(1));
        let active = m.active_params_b * 1e9;
        Replica {
            served,
            gpu,
            tp,
            attention,
            engine,
            efficiency,
            active: ((active - routed).max(0.0), routed.min(active)),
            // The prompt's tokens after its cached prefix attend to every key before them.
            prompt_attention_flops: prefill_attention_flops(m, served.prompt_tokens)
                - prefill_attention_flops(m, served.cached_prompt_tokens),
        }
    }

    /// Activation reserve per GPU, bytes: one layer's working set for a
    /// prefill chunk (gate and up projections, 2·intermediate, and four
    /// hidden-wide buffers, 16-bit), split over TP, plus the sampler's FP32
    /// logits for a full batch.
    pub fn reserve_bytes_per_gpu(&self) -> f64 {
        let m = self.served.model;
        let h = f64::from(m.hidden_size);
        let ff = if m.intermediate_size > 0 { f64::from(m.intermediate_size) } else { 4.0 * h };
        let chunk = self.engine.chunk_tokens * (2.0 * ff + 4.0 * h) * 2.0 / self.split();
        let logits = self.engine.max_sequences * f64::from(m.vocab) * 4.0;
        chunk + logits
    }

    /// GPUs each non-expert GEMM is split over: the replica's under tensor
    /// parallelism, one under data-parallel attention.
    fn split(&self) -> f64 {
        match self.attention {
            AttentionParallelism::Tensor => self.tp,
            AttentionParallelism::Data => 1.0,
        }
    }

    /// Weights outside the routed experts (attention, dense MLPs, shared
    /// experts, embeddings), bytes.
    fn non_expert_bytes(&self) -> f64 {
        (self.served.weight_bytes - self.served.expert_bytes).max(0.0)
    }

    /// Weight bytes each GPU holds: the non-expert weights split by `split()`,
    /// the routed experts over all the replica's GPUs.
    pub fn weight_bytes_per_gpu(&self) -> f64 {
        self.non_expert_bytes() / self.split() + self.served.expert_bytes / self.tp
    }

    /// Copies of each KV head the replica keeps: tensor parallelism over more
    /// GPUs than the model has KV heads gives each GPU a whole head, so heads
    /// repeat ("if num_heads < tensor_parallel_size, the KV-cache is replicated
    /// on every GPU", the same guide; vLLM replicates
    /// them the same way). MLA's one latent repeats on every GPU.
    pub fn kv_copies(&self) -> f64 {
        let m = self.served.model;
        match self.attention {
            AttentionParallelism::Data => 1.0,
            AttentionParallelism::Tensor if m.kv_lora_rank > 0 => self.tp,
            AttentionParallelism::Tensor => (self.tp / f64::from(m.kv_heads.max(1))).max(1.0),
        }
    }

    /// KV-cache room of the whole replica, bytes (0 when the weights do not fit).
    pub fn kv_room_bytes(&self) -> f64 {
        let held = self.weight_bytes_per_gpu() + self.reserve_bytes_per_gpu() + self.served.overhead_gib * GIB;
        let memory = self.gpu.memory_gib * GIB;
        let per_gpu = if self.engine.share_of_free {
            (memory - held) * self.engine.memory_utilization
        } else {
            memory * self.engine.memory_utilization - held
        };
        (per_gpu * self.tp).max(0.0)
    }

    /// Sequences of the requested context the KV cache holds, at most the engine's limit.
    pub fn max_batch(&self) -> f64 {
        let per_sequence = self.served.kv_bytes_per_sequence * self.kv_copies();
        let fit = (self.kv_room_bytes() / per_sequence.max(1.0)).floor();
        fit.min(self.engine.max_sequences * self.schedulers())
    }

    /// Schedulers of the replica, each running up to the engine's batch
    /// limit: one, or one per GPU under data-parallel attention.
    fn schedulers(&self) -> f64 {
        self.tp / self.split()
    }

    /// Milliseconds per output token below which no batch decodes: the
    /// weights a GPU must read for one step over its HBM bandwidth — the
    /// layers outside the routed experts, and of the routed experts only
    /// those one sequence's token reaches, as `step_s` reads them at a batch
    /// of one.
    /// Every expert was counted before, which is not a floor: DeepSeek-V3 at
    /// one sequence decodes in about half that time, and a per-token target
    /// between the two was left out as below the floor.
    pub fn bandwidth_floor_ms(&self) -> f64 {
        let s = self.served;
        let experts_read = s.expert_bytes * memory::expert_coverage(s.model, 1.0);
        (self.non_expert_bytes() / self.split() + experts_read / self.tp) / (self.gpu.bandwidth_gbs * 1e9) * 1000.0
    }

    /// The collectives of one forward pass over `tokens` hidden-wide 16-bit
    /// vectors, seconds: under tensor parallelism two all-reduces per layer;
    /// under data-parallel attention, on each MoE layer the all-gather of the
    /// tokens to the experts and the reduce-scatter back (together the volume
    /// of one all-reduce, with two latencies).
    fn collectives_s(&self, tokens: f64) -> f64 {
        if self.tp <= 1.0 {
            return 0.0;
        }
        let latency = if self.gpu.nvlink { ALL_REDUCE_LATENCY_NVLINK_S } else { ALL_REDUCE_LATENCY_PCIE_S };
        let bytes = tokens * f64::from(self.served.model.hidden_size) * 2.0;
        let transfer = self.gpu.all_reduce_transfer_s(bytes, self.tp);
        match self.attention {
            AttentionParallelism::Tensor => 2.0 * f64::from(self.served.model.layers) * (latency + transfer),
            AttentionParallelism::Data => self.served.model.moe_layer_count() * (2.0 * latency + transfer),
        }
    }

    /// GPU time of one prompt's prefill, seconds, at prefill efficiency `eff`:
    /// the replica's GPUs share its FLOPs (under data-parallel attention the
    /// other GPUs prefill other prompts meanwhile).
    fn prefill_s(&self, eff: f64) -> f64 {
        let active = self.served.model.active_params_b * 1e9;
        let prefilled = self.served.prefilled_tokens();
        let flops = 2.0 * active * prefilled;
        flops / (self.gpu.peak_tflops * 1e12 * self.tp * eff)
            + self.prompt_attention_s(eff) / self.tp
            + self.collectives_s(prefilled)
    }

    /// One prompt's attention core on one GPU, seconds: its FLOPs at the
    /// peak of the KV cache's precision (`Gpu::attention_peak_tflops`) and the
    /// prefill efficiency scaled as the training step scales attention
    /// (`ATTENTION_RELATIVE`). Heads split over tensor
    /// parallelism like the GEMMs; under data-parallel attention one GPU
    /// runs a prompt's attention alone.
    fn prompt_attention_s(&self, eff: f64) -> f64 {
        self.prompt_attention_flops
            / (self.gpu.attention_peak_tflops * 1e12 * eff * super::training::ATTENTION_RELATIVE)
    }

    /// Wall time of one prompt's prefill, seconds, given its GPU time
    /// `gpu_s` (`prefill_s`): the same under tensor parallelism; under
    /// data-parallel attention its non-expert layers run on one GPU.
    fn prefill_latency_s(&self, eff: f64, gpu_s: f64) -> f64 {
        match self.attention {
            AttentionParallelism::Tensor => gpu_s,
            AttentionParallelism::Data => {
                let (one_gpu, shared) = self.data_parallel_prefill_s(eff);
                one_gpu + shared
            }
        }
    }

    /// One prompt's prefill under data-parallel attention, seconds: its
    /// non-expert layers on the one GPU that serves it, and the part every
    /// GPU shares (the routed experts, spread over them, and the collectives).
    fn data_parallel_prefill_s(&self, eff: f64) -> (f64, f64) {
        let (dense, routed) = self.active;
        let prompt = self.served.prefilled_tokens();
        let flops_per_s = self.gpu.peak_tflops * 1e12 * eff;
        (
            2.0 * prompt * dense / flops_per_s + self.prompt_attention_s(eff),
            2.0 * prompt * routed / (flops_per_s * self.tp) + self.collectives_s(prompt),
        )
    }

    /// One decode step for `batch` sequences, seconds: for each class of GEMM
    /// the bytes it reads or its FLOPs, whichever is slower, then the attention
    /// the same way (its KV read or its FLOPs).
    /// `experts_slowdown` is 1 / the routed experts' share of the dense rate
    /// (`Efficiency::routed_experts`), passed as a factor: a division here,
    /// in the searches' innermost step, made a dense request 5% slower.
    fn step_s(&self, batch: f64, mbu: f64, eff: f64, experts_slowdown: f64) -> (f64, bool) {
        let s = self.served;
        let untouched = 1.0 - memory::expert_coverage(s.model, batch);
        // The roofline holds per kernel (Williams, Waterman & Patterson 2009),
        // so each class of GEMM takes the longer of reading its weights and
        // its FLOPs, and the classes add. A mixture of experts has two: the
        // layers outside the routed experts see every token of the batch (a
        // GEMM of `batch` rows, compute-bound at a few hundred), each routed
        // expert only the tokens sent to it (batch × experts per token ÷
        // experts rows, tens to about a hundred: bandwidth-bound).
        // One max over the whole step let the first class's FLOPs hide under
        // the second's reads. A dense model has only the first class.
        // Bytes read per step over the replica: each GPU reads its own copy of
        // the non-expert weights under data-parallel attention.
        let non_expert_bytes = self.non_expert_bytes() * (self.tp / self.split());
        let expert_bytes = s.expert_bytes * (1.0 - untouched);
        // A sequence in decode holds its prompt and, on average, half its output.
        let held = (s.prompt_tokens + s.output_tokens / 2.0) / s.context_tokens.max(1.0);
        let kv_held = s.kv_bytes_per_sequence * held.min(1.0) * batch;
        let kv = kv_held * self.kv_copies();
        // The attention kernel that reads the KV cache (PagedAttention,
        // FlashDecoding, FlashMLA) runs between the GEMMs and does not overlap
        // them: it adds, and takes the longer of its read and its FLOPs (the
        // same roofline per kernel). Grouped-query attention does a few FLOPs
        // per byte and is read-bound; MLA's absorbed form does about 242 per
        // byte of a 16-bit cache, near the ridge, each GPU computing its share
        // of the heads (tensor parallelism) or of the sequences (data-parallel
        // attention), at the prefill efficiency scaled as prefill attention is.
        let bandwidth = self.gpu.bandwidth_gbs * 1e9 * self.tp * mbu;
        let attention_compute_s = kv_held * s.decode_attention_flops_per_kv_byte
            / (self.gpu.decode_attention_peak_tflops * 1e12 * self.tp * eff * super::training::ATTENTION_RELATIVE);
        let kv_s = (kv / bandwidth).max(attention_compute_s);
        // The GEMMs and collectives run the padded batch of each scheduler's CUDA graph.
        let per_scheduler = batch / self.schedulers();
        let padded = self.engine.graph_batches.iter().copied().find(|&b| b >= per_scheduler).unwrap_or(per_scheduler)
            * self.schedulers();
        let flops_per_s = self.gpu.peak_tflops * 1e12 * self.tp * eff;
        let (non_expert_params, routed_params) = self.active;
        let non_expert_flops_s = 2.0 * non_expert_params * padded / flops_per_s;
        let expert_flops_s = 2.0 * routed_params * padded / flops_per_s;
        // The routed experts run at their share of the dense rate (`Efficiency::routed_experts`).
        let gemms_s = (non_expert_bytes / bandwidth).max(non_expert_flops_s)
            + (expert_bytes / bandwidth).max(expert_flops_s) * experts_slowdown;
        let host_s = self.engine.host_s_per_sequence * per_scheduler;
        let memory_bound = (non_expert_bytes + expert_bytes + kv) / bandwidth
            >= non_expert_flops_s + expert_flops_s + attention_compute_s;
        (gemms_s + kv_s + self.collectives_s(padded) + host_s, memory_bound)
    }

    /// The share of a step's time spent in prefill when requests reach the
    /// schedulers of data-parallel attention at random: each GPU prefills its
    /// own prompts, and every MoE layer waits for all of them, so a step takes
    /// as long as its busiest GPU's prefill ("the iteration time is dominated
    /// by the slowest rank": TensorRT-LLM's blog "ADP Balance Strategy", whose
    /// baseline, requests handed out round-robin, ran at 54% average balance and
    /// 35% below its balanced throughput, DeepSeek-V3 on 8 GPUs). The prompts a
    /// GPU receives during a step of `itl` seconds are Poisson with mean
    /// rps·itl / GPUs; the non-expert layers cost the largest count's prefill,
    /// the experts (spread over all GPUs) and collectives every prompt's. The
    /// step is the fixed point itl = decode step + that prefill; `None` when
    /// none exists below a thousand decode steps (prefill outgrows the GPUs).
    // Out of line: `end` runs for every step of every layout, dense ones too,
    // and this is only for data-parallel attention at a rate.
    #[inline(never)]
    fn unbalanced_prefill_share(&self, rps: f64, step: f64, eff: f64, gpu_s: f64) -> Option<f64> {
        let (busiest, shared) = self.data_parallel_prefill_s(eff);
        let gpus = self.schedulers();
        // Newton's method on f(itl) = step + prefill(itl) − itl, from the
        // balanced step, which is shorter than the root.
        let mut itl = step / (1.0 - (rps * gpu_s).min(0.999));
        for _ in 0..50 {
            let (most, slope) = expected_max_poisson(rps * itl / gpus, gpus);
            let f = step + most * busiest + rps * itl * shared - itl;
            let df = slope * busiest * rps / gpus + rps * shared - 1.0;
            // A slope at or past 1: prefill grows faster than the step, no root ahead.
            if df >= 0.0 {
                return None;
            }
            let next = itl - f / df;
            if !next.is_finite() || next > 1000.0 * step {
                return None;
            }
            if (next - itl).abs() <= 1e-6 * next {
                return Some(1.0 - step / next);
            }
            itl = next;
        }
        Some(1.0 - step / itl)
    }

    /// One end of the efficiency range with `batch` sequences in flight and
    /// `rps` requests/s arriving.
    fn end(&self, batch: f64, rps: f64, mbu: f64, eff: f64, experts_slowdown: f64, arrivals: Arrivals) -> End {
        let gpu_s = self.prefill_s(eff);
        let prefill = self.prefill_latency_s(eff, gpu_s);
        let (step, memory_bound) = self.step_s(batch, mbu, eff, experts_slowdown);
        let balanced = (rps * gpu_s).min(0.999);
        let rho = match arrivals {
            Arrivals::Random if self.schedulers() > 1.0 => {
                // Never below the balanced share, which the table's rounding could cross.
                self.unbalanced_prefill_share(rps, step, eff, gpu_s).map_or(0.999, |r| r.clamp(balanced, 0.999))
            }
            _ => balanced,
        };
        let itl = step / (1.0 - rho);
        let ttft = prefill * (1.0 + rho / (2.0 * (1.0 - rho))) + step;
        (ttft, itl, rho, memory_bound)
    }

    /// The three ends (fast, expected, slow) as a point.
    fn compose(batch: f64, fast: End, mid: End, slow: End) -> Point {
        Point {
            batch,
            ttft_ms: Range::new(fast.0 * 1000.0, mid.0 * 1000.0, slow.0 * 1000.0),
            itl_ms: Range::new(fast.1 * 1000.0, mid.1 * 1000.0, slow.1 * 1000.0),
            tokens_per_second: Range::new(batch / slow.1, batch / mid.1, batch / fast.1),
            prefill_share: mid.2,
            decode_bound: if mid.3 { "memory bandwidth" } else { "compute" },
        }
    }

    /// The replica with `batch` sequences in flight and `rps` requests/s arriving.
    fn point(&self, batch: f64, rps: f64) -> Point {
        let Efficiency { prefill: pe, decode_bandwidth: be, routed_experts: re } = self.efficiency;
        Self::compose(
            batch,
            self.end(batch, rps, be.high, pe.high, 1.0 / re.high, Arrivals::Random),
            self.end(batch, rps, be.expected, pe.expected, 1.0 / re.expected, Arrivals::Random),
            self.end(batch, rps, be.low, pe.low, 1.0 / re.low, Arrivals::Random),
        )
    }

    /// `batch` sequences kept in flight (a closed loop: each finished request
    /// is replaced at once), as benchmark tables run it.
    ///
    /// The load is the root of Little's law, rps · (TTFT(rps) + output ·
    /// ITL(rps)) = batch, for each end of the efficiency range (a faster GPU
    /// also takes requests faster): the left side grows with rps (prefill
    /// takes a share rps · prefill time of the steps), so the root is unique.
    /// A plain fixed-point iteration rps ← batch / time(rps)
    /// diverges into an oscillation once batch · prefill time / (output · step
    /// time) > 1, i.e. when prefill takes more than half of the GPUs' time
    /// (Llama 3.1 405B at TP 8, 1,000 tokens in and out), and then stopped on a
    /// load that prefill hardly slowed.
    ///
    /// In a closed loop the prefill share is balanced, ρ = rps · g (g one
    /// prompt's GPU time), and the step S and prompt latency P do not depend
    /// on the load, so with O output tokens the law is a quadratic in rps:
    /// g·(P/2 + S)·rps² − (P + S + O·S + B·g)·rps + B = 0, whose smaller root
    /// is the load (the larger lies past ρ = 1). It is solved so; the
    /// bisection stays for a root the 0.999 cap on ρ would cut (60 `end`
    /// calls each: a fifth of a serving request's first call natively,
    /// docs/PERFORMANCE.md, round 23).
    pub fn at_batch(&self, batch: f64) -> Point {
        let batch = batch.max(1.0);
        let output = self.served.output_tokens;
        let solve = |mbu: f64, eff: f64, experts_slowdown: f64| {
            let g = self.prefill_s(eff);
            let (p, (step, _)) = (self.prefill_latency_s(eff, g), self.step_s(batch, mbu, eff, experts_slowdown));
            let (a, b) = (g * (p / 2.0 + step), p + step + output * step + batch * g);
            // The smaller root as 2c / (b + √(b² − 4ac)): no cancellation when a·c is small.
            let root = 2.0 * batch / (b + (b * b - 4.0 * a * batch).sqrt());
            let end = |rps: f64| self.end(batch, rps, mbu, eff, experts_slowdown, Arrivals::Replaced);
            let in_flight = |(ttft, itl, _, _): End, rps: f64| rps * (ttft + output * itl);
            if root.is_finite() && root >= 0.0 && root * g < 0.999 {
                // The quadratic restates `end`'s closed-loop formulas; the law is checked on
                // `end` itself, so a change there that the quadratic misses falls back below.
                let at_root = end(root);
                if (in_flight(at_root, root) - batch).abs() <= 1e-9 * batch {
                    return at_root;
                }
            }
            // `end` caps the prefill share at 0.999, where the time per request
            // is a thousand times the unloaded one: the root lies below.
            let (mut lo, mut hi) = (0.0, 0.999 / g.max(1e-12));
            for _ in 0..60 {
                let mid = (lo + hi) / 2.0;
                if in_flight(end(mid), mid) < batch {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            end(lo)
        };
        let Efficiency { prefill: pe, decode_bandwidth: be, routed_experts: re } = self.efficiency;
        Self::compose(
            batch,
            solve(be.high, pe.high, 1.0 / re.high),
            solve(be.expected, pe.expected, 1.0 / re.expected),
            solve(be.low, pe.low, 1.0 / re.low),
        )
    }

    /// `rps` requests/s arriving (an open loop). `None` when the replica
    /// cannot carry them: prefill alone fills the GPUs, or the sequences in
    /// flight outgrow the KV cache.
    pub fn at_load(&self, rps: f64) -> Option<Point> {
        self.expected_at_load(rps).map(|(batch, _)| self.point(batch, rps))
    }

    /// The sequences in flight at `rps` and the expected end there: the fixed
    /// point of Little's law, batch = rps · (TTFT + output · ITL), on the
    /// expected end. The fixed point and `replicas_for`'s search read only
    /// this end; the fast and slow ones, two of every three `end` calls before,
    /// are computed once, for the answer's point.
    fn expected_at_load(&self, rps: f64) -> Option<(f64, End)> {
        let limit = self.max_batch();
        let Efficiency { prefill: pe, decode_bandwidth: be, routed_experts: re } = self.efficiency;
        if limit < 1.0 || rps * self.prefill_s(pe.expected) >= 0.95 {
            return None;
        }
        let slowdown = 1.0 / re.expected;
        let expected = |batch: f64| self.end(batch, rps, be.expected, pe.expected, slowdown, Arrivals::Random);
        let mut batch: f64 = 1.0;
        let mut e = expected(batch);
        for _ in 0..24 {
            // In milliseconds, as a point states them: the same figures as before the search read only this end.
            let next = (rps * (e.0 * 1000.0 + self.served.output_tokens * (e.1 * 1000.0)) / 1000.0).max(1.0);
            if next > limit {
                return None;
            }
            if (next - batch).abs() < 0.01 {
                batch = next;
                break;
            }
            batch = next;
            e = expected(batch);
        }
        Some((batch, expected(batch)))
    }

    /// The fewest replicas that carry `rps` requests/s between them within the
    /// targets: the least n with `rps / n` met. `None` when even a trickle of
    /// requests misses them.
    ///
    /// Only the count is used, so the search is over whole replicas (doubling,
    /// then halving the gap): one test per bit of the count, where a bisection
    /// of the capacity to full precision took 41 (most of a serving request's
    /// first call, docs/PERFORMANCE.md, round 23). A load is met when it is at
    /// most the capacity, so the least n is ⌈rps / capacity⌉, as before.
    pub fn replicas_for(&self, rps: f64, ttft_target_ms: Option<f64>, itl_target_ms: Option<f64>) -> Option<f64> {
        let meets = |(ttft_s, itl_s, _, _): End| {
            ttft_target_ms.is_none_or(|t| ttft_s * 1000.0 <= t) && itl_target_ms.is_none_or(|t| itl_s * 1000.0 <= t)
        };
        let ok = |rps: f64| self.expected_at_load(rps).is_some_and(|(_, end)| meets(end));
        // The least load tested: a millionth of what prefill alone allows.
        let trickle = 1e-6 / self.prefill_s(self.efficiency.prefill.expected).max(1e-9);
        if !ok(trickle) {
            return None;
        }
        if ok(rps) {
            return Some(1.0);
        }
        // `fails` replicas miss the targets, `enough` carry the load.
        let (mut fails, mut enough) = (1.0_f64, 2.0_f64);
        while !ok(rps / enough) {
            if rps / enough < trickle {
                // Below the trickle, which is met: the targets are not monotone in the load.
                return Some((rps / trickle).ceil());
            }
            fails = enough;
            enough *= 2.0;
        }
        while enough - fails > 1.0 {
            let mid = ((fails + enough) / 2.0).floor();
            // Past 2^53 replicas whole numbers run out; the count is then as good as any.
            if mid <= fails || mid >= enough {
                break;
            }
            if ok(rps / mid) {
                enough = mid;
            } else {
                fails = mid;
            }
        }
        Some(enough)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpu(mesh: Option<f64>) -> Gpu {
        Gpu {
            peak_tflops: 1.0,
            attention_peak_tflops: 1.0,
            decode_attention_peak_tflops: 1.0,
            bandwidth_gbs: 1.0,
            memory_gib: 1.0,
            link_bytes_per_s: 448e9,
            nvlink: true,
            mesh_link_bytes_per_s: mesh,
        }
    }

    #[test]
    fn an_xgmi_mesh_all_reduce_uses_only_the_replicas_own_links() {
        let (mb, xgmi) = (1e6, 48e9);
        // Eight GPUs: seven 48 GB/s links each, 2·bytes / (8 × 48 GB/s).
        assert!((gpu(Some(xgmi)).all_reduce_transfer_s(mb, 8.0) - 2.0 * mb / (8.0 * xgmi)).abs() < 1e-12);
        // Two GPUs share one link: the whole message crosses it (half each way, twice).
        assert!((gpu(Some(xgmi)).all_reduce_transfer_s(mb, 2.0) - mb / xgmi).abs() < 1e-12);
        // Through a switch the ring sees the GPU's whole per-direction figure.
        assert!((gpu(None).all_reduce_transfer_s(mb, 2.0) - mb / 448e9).abs() < 1e-12);
        assert_eq!(gpu(Some(xgmi)).all_reduce_transfer_s(mb, 1.0), 0.0);
    }

    fn replica(model: &ModelSpec, tp: f64, attention: AttentionParallelism) -> Replica<'_> {
        Replica::new(
            Served {
                model,
                weight_bytes: 8e9,
                expert_bytes: 0.0,
                kv_bytes_per_sequence: 1e6,
                decode_attention_flops_per_kv_byte: 1.0,
                prompt_tokens: 100.0,
                cached_prompt_tokens: 0.0,
                output_tokens: 100.0,
                context_tokens: 200.0,
                overhead_gib: 0.0,
            },
            Gpu {
                memory_gib: 80.0,
                bandwidth_gbs: 3350.0,
                peak_tflops: 989.0,
                attention_peak_tflops: 989.0,
                decode_attention_peak_tflops: 989.0,
                ..gpu(None)
            },
            tp,
            attention,
            Engine { max_sequences: 1e9, ..TENSORRT_LLM },
            Efficiency {
                decode_bandwidth: Range::new(0.8, 0.8, 0.8),
                prefill: Range::new(0.5, 0.5, 0.5),
                routed_experts: Range::new(1.0, 1.0, 1.0),
            },
        )
    }

    #[test]
    fn more_gpus_than_kv_heads_keep_each_head_more_than_once() {
        let base = crate::workload::model::presets().iter().find(|m| m.id == "llama-3.1-8b").unwrap();
        let four_heads = ModelSpec { kv_heads: 4, ..base.clone() };
        let (eight, four) =
            (replica(base, 8.0, AttentionParallelism::Tensor), replica(&four_heads, 8.0, AttentionParallelism::Tensor));
        assert_eq!((eight.kv_copies(), four.kv_copies()), (1.0, 2.0));
        // The same KV bytes per sequence, kept twice: half the sequences (to the one rounded off).
        assert!(
            (four.max_batch() - (eight.max_batch() / 2.0).floor()).abs() <= 1.0,
            "{} {}",
            four.max_batch(),
            eight.max_batch()
        );
        // Data-parallel attention partitions sequences, not heads: no copies.
        assert_eq!(replica(&four_heads, 8.0, AttentionParallelism::Data).kv_copies(), 1.0);
    }

    #[test]
    fn data_parallel_attention_holds_the_non_expert_weights_whole_and_one_batch_limit_per_gpu() {
        let model = crate::workload::model::presets().iter().find(|m| m.id == "llama-3.1-8b").unwrap();
        let mut moe = replica(model, 4.0, AttentionParallelism::Data);
        moe.served.expert_bytes = 6e9;
        let tensor = Replica { attention: AttentionParallelism::Tensor, ..moe };
        // 2 GB outside the experts whole, 6 GB of experts over four GPUs.
        assert!((moe.weight_bytes_per_gpu() - (2e9 + 1.5e9)).abs() < 1.0);
        assert!((tensor.weight_bytes_per_gpu() - 2e9).abs() < 1.0);
        let limit = Engine { max_sequences: 10.0, ..moe.engine };
        assert_eq!(Replica { engine: limit, ..moe }.max_batch(), 40.0, "each GPU schedules its own batch");
        assert_eq!(Replica { engine: limit, ..tensor }.max_batch(), 10.0);
    }

    #[test]
    fn a_moe_steps_non_expert_flops_and_expert_reads_add_rather_than_hide_one_another() {
        let model = crate::workload::model::presets().iter().find(|m| m.id == "llama-4-maverick").unwrap();
        let expert_bytes = memory::routed_expert_params(model);
        let mut moe = replica(model, 8.0, AttentionParallelism::Data);
        moe.gpu.peak_tflops = 1979.0;
        // FP8: a byte per parameter.
        moe.served.weight_bytes = model.params_b * 1e9;
        moe.served.expert_bytes = expert_bytes;
        moe.engine.graph_batches = &[];
        let (mbu, eff, batch) = (0.8, 0.5, 2048.0);
        let bandwidth = moe.gpu.bandwidth_gbs * 1e9 * 8.0 * mbu;
        let flops_per_s = moe.gpu.peak_tflops * 1e12 * 8.0 * eff;
        let (non_expert, routed) = moe.active;
        // Each GPU reads its whole copy of the non-expert weights; the batch touches every expert.
        let non_expert_s = (8.0 * moe.non_expert_bytes() / bandwidth).max(2.0 * non_expert * batch / flops_per_s);
        let expert_s =
            (expert_bytes * memory::expert_coverage(model, batch) / bandwidth).max(2.0 * routed * batch / flops_per_s);
        // At 256 sequences per GPU the non-expert GEMMs are compute-bound and the experts' bandwidth-bound.
        assert!(2.0 * non_expert * batch / flops_per_s > 8.0 * moe.non_expert_bytes() / bandwidth);
        assert!(expert_bytes / bandwidth > 2.0 * routed * batch / flops_per_s);
        let held = (100.0 + 50.0) / 200.0;
        let kv_s = 1e6 * held * batch / bandwidth;
        let (step, _) = moe.step_s(batch, mbu, eff, 1.0);
        let expected = non_expert_s + expert_s + kv_s + moe.collectives_s(batch);
        assert!((step - expected).abs() < 1e-9, "{step} {expected}");
        // One max over the step's bytes and FLOPs would have been shorter.
        let one_max = ((8.0 * moe.non_expert_bytes() + expert_bytes) / bandwidth)
            .max(2.0 * (non_expert + routed) * batch / flops_per_s);
        assert!(one_max + kv_s + moe.collectives_s(batch) < step);
        // The routed experts at a share of the dense rate: only their class's time grows.
        let (slower, _) = moe.step_s(batch, mbu, eff, 1.0 / 0.4);
        assert!((slower - (expected + expert_s * (1.0 / 0.4 - 1.0))).abs() < 1e-9, "{slower} {expected}");
    }

    #[test]
    fn the_expected_largest_of_poisson_counts() {
        // One count: its mean.
        for mean in [0.1, 3.0, 50.0, 400.0, 2000.0] {
            let e = expected_max_poisson_summed(mean, 1.0).0;
            assert!((e - mean).abs() < 1e-6 * mean.max(1.0), "{mean}: {e}");
        }
        // Small means, against the plain sum from zero.
        let plain = |mean: f64, n: f64| {
            let (mut p, mut cdf, mut sum) = ((-mean).exp(), 0.0, 0.0);
            for k in 0..400 {
                cdf += p;
                sum += 1.0 - f64::min(cdf, 1.0).powf(n);
                p *= mean / (f64::from(k) + 1.0);
            }
            sum
        };
        for (mean, n) in [(0.05, 8.0), (0.7, 8.0), (4.0, 4.0), (30.0, 2.0)] {
            let (e, want) = (expected_max_poisson_summed(mean, n).0, plain(mean, n));
            assert!((e - want).abs() < 1e-6 * want, "{mean} × {n}: {e} against {want}");
        }
        // Large means: the mean plus σ times the expected largest of eight standard normals, 1.4236.
        let mean = 10_000.0;
        let z = (expected_max_poisson_summed(mean, 8.0).0 - mean) / mean.sqrt();
        assert!((z - 1.4236).abs() < 0.02, "{z}");
        // The table reads within 0.1% of the sum, and its slope (which only steers Newton's method) within 3%.
        for n in [2.0, 4.0, 8.0] {
            let mut mean = 1e-4;
            while mean < 5e4 {
                let (read, slope) = expected_max_poisson(mean, n);
                let (sum, summed_slope) = expected_max_poisson_summed(mean, n);
                assert!((read - sum).abs() <= 1e-3 * sum, "{mean} × {n}: {read} against {sum}");
                assert!(
                    (slope - summed_slope).abs() <= 3e-2 * summed_slope,
                    "{mean} × {n}: {slope} against {summed_slope}"
                );
                mean *= 1.37;
            }
        }
    }

    #[test]
    fn random_arrivals_at_data_parallel_attention_wait_for_the_busiest_gpus_prefill() {
        let model = crate::workload::model::presets().iter().find(|m| m.id == "llama-4-maverick").unwrap();
        let mut moe = replica(model, 8.0, AttentionParallelism::Data);
        moe.gpu.peak_tflops = 1979.0;
        moe.served.weight_bytes = model.params_b * 1e9;
        moe.served.expert_bytes = memory::routed_expert_params(model);
        let (mbu, eff, batch) = (0.8, 0.5, 16.0);
        let share = |r: &Replica, rps: f64, arrivals: Arrivals| r.end(batch, rps, mbu, eff, 1.0, arrivals).2;
        // At one request a second a step seldom holds two prompts: each one holds
        // every GPU for as long as its non-expert layers take on one GPU.
        let (dense, routed) = moe.active;
        let prompt = moe.served.prompt_tokens;
        let one_prompt = 2.0 * prompt * dense / (1979e12 * eff)
            + 2.0 * prompt * routed / (1979e12 * eff * 8.0)
            + moe.collectives_s(prompt);
        let random = share(&moe, 1.0, Arrivals::Random);
        assert!((random - one_prompt).abs() < 0.02 * one_prompt, "{random} {one_prompt}");
        // Handed out in step (a benchmark's closed loop), the GPUs share the prefill:
        // Maverick's non-expert layers are most of a prompt's FLOPs, so about a third.
        let replaced = share(&moe, 1.0, Arrivals::Replaced);
        assert!((replaced - moe.prefill_s(eff)).abs() < 1e-12 && replaced < random / 3.0, "{replaced} {random}");
        // Under load the busiest GPU's prompts still cost more than the average's.
        assert!(share(&moe, 60.0, Arrivals::Random) > share(&moe, 60.0, Arrivals::Replaced) * 1.2);
        // Tensor parallelism splits every prompt over all the GPUs: no busiest one.
        let tensor = Replica { attention: AttentionParallelism::Tensor, ..moe };
        assert_eq!(share(&tensor, 20.0, Arrivals::Random), share(&tensor, 20.0, Arrivals::Replaced));
    }
}
