//! GPU memory: weights, gradients, optimizer state, activations, KV cache and
//! overhead, each by a cited formula (see `data/estimation_formulas.md`).

use super::model::ModelSpec;
use super::precision::Precision;
use serde::{Deserialize, Serialize};

pub const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
#[derive(ts_rs::TS)]
pub enum Recompute {
    /// Every activation kept (the attention's score matrix is never stored: FlashAttention).
    None,
    /// Attention core recomputed: one more attention forward in the backward; its memory is
    /// `None`'s, without Korthikanti's 5·a·s/h score term (recomputed here; never stored by
    /// FlashAttention).
    #[default]
    Selective,
    /// Only each layer's input kept (gradient checkpointing).
    Full,
    /// torchtitan's per-op selective checkpointing: the outputs of attention and of every
    /// other matrix multiply kept, the rest recomputed ("Saves output of all compute ops,
    /// except every second mm": pytorch/torchtitan, torchtitan/distributed/activation_checkpoint.py
    /// at cfb9326). Half the forward's linear FLOPs again, and its elementwise work.
    #[serde(rename = "selective-op")]
    #[ts(rename = "selective-op")]
    SelectiveOp,
}

impl Recompute {
    /// Forward passes of the linear layers repeated in the backward: all of them with
    /// full recomputation, every other one with per-op selective checkpointing.
    pub fn repeated_linear_passes(self) -> f64 {
        match self {
            Recompute::Full => 1.0,
            Recompute::SelectiveOp => 0.5,
            Recompute::None | Recompute::Selective => 0.0,
        }
    }

    /// Whether the attention core runs again in the backward (selective and full
    /// recomputation; per-op checkpointing keeps attention's output).
    pub fn repeats_attention(self) -> bool {
        matches!(self, Recompute::Selective | Recompute::Full)
    }
}

#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub enum Optimizer {
    /// Mixed-precision Adam/AdamW: FP32 master weights + m + v = 12 B/param.
    #[default]
    Adam,
    /// bitsandbytes 8-bit Adam: 2 B/param of states.
    Adam8bit,
    /// SGD with momentum: FP32 master + momentum = 8 B/param.
    Sgd,
}

impl Optimizer {
    /// Bytes of optimizer state per trained parameter (ZeRO paper's K; EleutherAI cookbook
    /// `calc_transformer_mem.py`: AdamW 12, SGD-momentum 8, 8-bit Adam 2).
    pub fn bytes_per_param(self, precision: Precision) -> f64 {
        match (self, precision) {
            // Pure FP32 training keeps no separate master copy.
            (Optimizer::Adam, Precision::Fp32) => 8.0,
            (Optimizer::Sgd, Precision::Fp32) => 4.0,
            (Optimizer::Adam, _) => 12.0,
            (Optimizer::Adam8bit, _) => 2.0,
            (Optimizer::Sgd, _) => 8.0,
        }
    }
}

/// Per-GPU memory, GiB.
#[derive(Serialize, Debug, Clone, Copy, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct MemoryBreakdown {
    pub total_gib: f64,
    pub weights_gib: f64,
    pub gradients_gib: f64,
    pub optimizer_gib: f64,
    pub activations_gib: f64,
    pub kv_cache_gib: f64,
    pub overhead_gib: f64,
}

impl MemoryBreakdown {
    pub fn summed(mut self) -> Self {
        self.total_gib = self.weights_gib
            + self.gradients_gib
            + self.optimizer_gib
            + self.activations_gib
            + self.kv_cache_gib
            + self.overhead_gib;
        self
    }
}

/// How the model is split across GPUs for training.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parallelism {
    pub gpus: f64,
    pub tensor: f64,
    pub pipeline: f64,
    /// ZeRO stage 0–3 (FSDP: NO_SHARD, -, SHARD_GRAD_OP, FULL_SHARD).
    pub zero_stage: u8,
}

impl Parallelism {
    /// Data-parallel (sharding) degree.
    pub fn data(&self) -> f64 {
        (self.gpus / (self.tensor * self.pipeline)).max(1.0)
    }
}

/// Model states per GPU, bytes: weights, gradients, optimizer, for `trained`
/// parameters of `params` (LoRA trains few). ZeRO: stage ≥1 shards optimizer
/// states, ≥2 gradients, 3 weights; TP·PP divide everything first
/// (estimation_formulas.md §3.2, llm-analysis and the EleutherAI cookbook).
/// With a `frozen_base` (LoRA, QLoRA) only the base weights shard; the small
/// adapter states stay replicated on every GPU.
pub struct States {
    pub params: f64,
    pub trained: f64,
    pub weight_bytes: f64,
    pub grad_bytes: f64,
    pub optimizer_bytes: f64,
    pub frozen_base: bool,
}

pub fn model_states(s: &States, par: &Parallelism) -> (f64, f64, f64) {
    let split = par.tensor * par.pipeline;
    let nd = par.data();
    let shard = |stage: u8| if par.zero_stage >= stage { nd } else { 1.0 };
    let weights = s.params * s.weight_bytes / split / shard(3);
    if s.frozen_base {
        return (weights, s.trained * s.grad_bytes, s.trained * s.optimizer_bytes);
    }
    let grads = s.trained * s.grad_bytes / split / shard(2);
    let optimizer = s.trained * s.optimizer_bytes / split / shard(1);
    (weights, grads, optimizer)
}

/// Activation bytes per GPU for training, Korthikanti et al. 2022 (arXiv 2205.05198),
/// 16-bit activations: per layer s·b·h·34/t with no recomputation and with selective,
/// 2·s·b·h full; without sequence parallelism tensor parallel divides all but 10·s·b·h,
/// s·b·h·(10 + 24/t). Korthikanti's no-recomputation count adds 5·a·s/h for the attention's
/// score matrices, softmax and dropout mask; FlashAttention (Dao et al. 2022, §3.1: it does
/// not store the “large intermediate attention matrices” for the backward pass) and PyTorch's
/// scaled-dot-product attention, the default of every stack measured here, keep only a
/// row's softmax statistics, so that term is not counted: no recomputation then holds what
/// selective recomputation holds (which is why Korthikanti's selective set drops it too).
/// Layers / PP per stage × PP micro-batches in flight = L. Plus the LM head's FP32 logits and their gradient, s·b·V·4/t
/// each (both are live when the loss's backward runs: HF Transformers upcasts
/// logits to FP32 for the cross-entropy). With full recomputation, the layer
/// being recomputed holds its whole working set once more (selective: 34·s·b·h/t),
/// which is what fills long-context runs. Per-op selective checkpointing is counted as
/// selective (an upper bound).
pub fn training_activations(
    m: &ModelSpec,
    seq: f64,
    micro_batch: f64,
    recompute: Recompute,
    tensor: f64,
    sequence_parallel: bool,
) -> f64 {
    let (s, b, h) = (seq, micro_batch, f64::from(m.hidden_size));
    let sbh = s * b * h;
    let kept = if sequence_parallel { sbh * 34.0 / tensor } else { sbh * (10.0 + 24.0 / tensor) };
    let (per_layer, working_set) = match recompute {
        // Per-op checkpointing keeps fewer tensors than Korthikanti's selective set (the
        // outputs of half the matrix multiplies and of attention): selective's bytes are its bound.
        Recompute::None | Recompute::Selective | Recompute::SelectiveOp => (kept, 0.0),
        Recompute::Full => (2.0 * sbh, kept),
    };
    per_layer * f64::from(m.layers) + working_set + logits_bytes(m, seq, micro_batch, tensor)
}

/// FP32 logits and their gradient: 2 × s·b·V × 4 B, split by tensor parallelism
/// (the vocabulary-parallel LM head of Megatron-LM).
pub fn logits_bytes(m: &ModelSpec, seq: f64, micro_batch: f64, tensor: f64) -> f64 {
    2.0 * seq * micro_batch * f64::from(m.vocab) * 4.0 / tensor
}

/// KV-cache bytes per token for the whole model: 2 (K and V) × layers × KV
/// heads × head dim × bytes (estimation_formulas.md §4.2). MLA caches one
/// latent of `kv_lora_rank + qk_rope_head_dim` per layer (DeepSeek-V3).
/// Sliding-window layers hold at most `window` tokens: see `kv_cache_bytes`.
fn kv_bytes_per_token_per_layer(m: &ModelSpec, kv_bytes: f64) -> f64 {
    if m.kv_lora_rank > 0 {
        (f64::from(m.kv_lora_rank) + f64::from(m.qk_rope_head_dim)) * kv_bytes
    } else {
        2.0 * f64::from(m.kv_heads) * f64::from(m.head_dim) * kv_bytes
    }
}

/// FLOPs of one decode step's attention per KV-cache byte it reads: each
/// cached key meets every query head that shares it, the score over the
/// key's width and the value mix over the value's, 2 FLOPs per multiply-add.
/// Grouped-query attention: 4·d per query head over 2·d per KV head, so
/// 2·heads ÷ (KV heads × bytes) — 8 FLOPs per byte for Llama 3.1 70B's 16-bit
/// cache, far below any GPU's ridge: bandwidth-bound. MLA decodes in its
/// absorbed form (DeepSeek-V2 §2.1.2: at inference the key up-projection is
/// absorbed into the query's and the value's into the output's; FlashMLA's
/// and TensorRT-LLM's generation kernels run it so): all 128 heads
/// score the cached latent and rotary key (`kv_lora_rank + qk_rope_head_dim`)
/// and mix the latent (`kv_lora_rank`) — 2·128·(512 + 64 + 512) FLOPs over
/// 576 × 2 bytes, 242 per byte for DeepSeek-V3, near H100's 295 BF16 ridge:
/// at a 16-bit cache its decode attention is about as compute-bound as
/// bandwidth-bound, and compute-bound at an FP8 cache (FlashMLA's README, its
/// “MQA mode”: `head_dim_k` 576, `head_dim_v` 512; 660 TFLOPS compute-bound and
/// 3,000 GB/s memory-bound on H800).
pub fn decode_attention_flops_per_kv_byte(m: &ModelSpec, kv_bytes: f64) -> f64 {
    let heads = f64::from(m.heads);
    if m.kv_lora_rank > 0 {
        let (latent, rope) = (f64::from(m.kv_lora_rank), f64::from(m.qk_rope_head_dim));
        2.0 * heads * (2.0 * latent + rope) / ((latent + rope) * kv_bytes)
    } else {
        2.0 * heads / (f64::from(m.kv_heads.max(1)) * kv_bytes)
    }
}

/// KV cache for `sequences` sequences of `context` tokens each, bytes.
pub fn kv_cache_bytes(m: &ModelSpec, context: f64, sequences: f64, kv_bytes: f64) -> f64 {
    let per_layer = kv_bytes_per_token_per_layer(m, kv_bytes);
    let full_layers = f64::from(m.layers - m.sliding_layers.min(m.layers));
    let window_tokens = if m.sliding_window > 0 { context.min(f64::from(m.sliding_window)) } else { context };
    let tokens = full_layers * context + f64::from(m.sliding_layers.min(m.layers)) * window_tokens;
    per_layer * tokens * sequences
}

/// Peak activation memory at inference: one layer's working set for a prefill
/// chunk, s·b·h·(16·β + 2) (EleutherAI cookbook; llm-analysis PR #4).
pub fn inference_activations(m: &ModelSpec, chunk_tokens: f64, sequences: f64) -> f64 {
    chunk_tokens * sequences * f64::from(m.hidden_size) * (16.0 * 2.0 + 2.0) + chunk_tokens * f64::from(m.vocab) * 4.0
}

/// Input embedding and output layer parameters: vocab × hidden, once if tied.
pub fn embedding_params(m: &ModelSpec) -> f64 {
    let one = f64::from(m.vocab) * f64::from(m.hidden_size);
    (if m.tied_embeddings { one } else { 2.0 * one }).min(m.params_b * 1e9)
}

/// Bytes of a checkpoint in `p`. Quantized checkpoints (FP8, INT8, INT4) keep the
/// embeddings and the output layer in BF16: llm-compressor's recipes quantize
/// `targets="Linear"` with `ignore=["lm_head"]`, and the embedding is no Linear.
pub fn weight_bytes(m: &ModelSpec, p: Precision) -> f64 {
    let params = m.params_b * 1e9;
    if p.bytes() >= 2.0 {
        return params * p.bytes();
    }
    let embeddings = embedding_params(m);
    (params - embeddings) * p.bytes() + embeddings * 2.0
}

/// Parameters of all routed experts, from total and active counts: with S
/// shared parameters and P per expert, total = S + E·P and active = S + k·P.
pub fn routed_expert_params(m: &ModelSpec) -> f64 {
    let (e, k) = (f64::from(m.experts), m.routed_per_token());
    if !m.is_moe() || e <= k {
        return 0.0;
    }
    let per_expert = ((m.params_b - m.active_params_b) * 1e9 / (e - k)).max(0.0);
    per_expert * e
}

/// Expected share of a layer's routed experts that `batch` tokens touch, each
/// choosing k of E uniformly: 1 − (1 − k/E)^batch (so E·(1 − (1 − k/E)^B) distinct experts).
pub fn expert_coverage(m: &ModelSpec, batch: f64) -> f64 {
    let (e, k) = (f64::from(m.experts), m.routed_per_token());
    if !m.is_moe() || e <= 0.0 {
        return 1.0;
    }
    1.0 - (1.0 - (k / e).min(1.0)).powf(batch.max(1.0))
}

/// LoRA adapter parameters: rank × (d_in + d_out) for Q, K, V, O and the
/// three MLP matrices of every layer (the QLoRA paper adapts all linear layers).
pub fn lora_params(m: &ModelSpec, rank: f64) -> f64 {
    let h = f64::from(m.hidden_size);
    let q = f64::from(m.heads) * f64::from(m.head_dim);
    let kv = f64::from(m.kv_heads) * f64::from(m.head_dim);
    let ff = if m.intermediate_size > 0 { f64::from(m.intermediate_size) } else { 4.0 * h };
    let attention = (h + q) + 2.0 * (h + kv) + (q + h);
    let mlp = 3.0 * (h + ff);
    rank * (attention + mlp) * f64::from(m.layers)
}

/// Share of GPU memory a serving engine uses: vLLM's default
/// `gpu_memory_utilization` 0.9 leaves the rest to other processes.
pub const SERVING_MEMORY_FRACTION: f64 = 0.9;

/// Longest context whose KV cache fits in `free_bytes` for `sequences` sequences.
pub fn longest_context(m: &ModelSpec, free_bytes: f64, sequences: f64, kv_bytes: f64) -> f64 {
    if free_bytes <= 0.0 {
        return 0.0;
    }
    // Bytes grow piecewise-linearly with context: bisect on whole tokens.
    let (mut lo, mut hi) = (0.0_f64, 1.0e8_f64);
    for _ in 0..64 {
        let mid = ((lo + hi) / 2.0).floor();
        if kv_cache_bytes(m, mid, sequences, kv_bytes) <= free_bytes {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1.0 {
            break;
        }
    }
    lo
}
