//! LLM architectures: presets from `data/models.csv` (each row cites its
//! config source), a custom model given by its dimensions, or a Hugging Face
//! `config.json` read locally.

use crate::error::Error;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The numbers the estimators need; counts are whole, sizes in elements.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
#[derive(ts_rs::TS)]
pub struct ModelSpec {
    pub id: String,
    pub name: String,
    /// All parameters (memory); for MoE models every expert.
    pub params_b: f64,
    /// Parameters used per token (compute); equals `params_b` for dense models.
    pub active_params_b: f64,
    pub layers: u32,
    pub hidden_size: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub head_dim: u32,
    pub vocab: u32,
    pub context_tokens: u32,
    pub experts: u32,
    /// Routed experts each token uses (top-k); 0 for dense models.
    pub experts_per_token: u32,
    /// Hidden size of one routed expert's MLP.
    pub moe_intermediate_size: u32,
    /// MLA (DeepSeek): the cached latent per token per layer is `kv_lora_rank + qk_rope_head_dim`.
    pub kv_lora_rank: u32,
    pub qk_rope_head_dim: u32,
    /// MLA: the query/key head size without the rotary part, and the value head size.
    pub qk_nope_head_dim: u32,
    pub v_head_dim: u32,
    /// Sliding-window attention: window length and how many layers use it.
    pub sliding_window: u32,
    pub sliding_layers: u32,
    /// Layers with routed experts, where a MoE has dense layers too (Llama 4
    /// Maverick every other layer, DeepSeek-V3 all but the first three); 0: every layer.
    pub moe_layers: u32,
    /// Group-limited routing (DeepSeek-V2 and V3, `n_group` and `topk_group` of their
    /// config.json): the experts fall in this many equal groups and a token's experts come
    /// from at most `routing_groups_per_token` of them; 0 without it.
    pub routing_groups: u32,
    pub routing_groups_per_token: u32,
    pub intermediate_size: u32,
    /// Input embedding and output layer share one matrix.
    pub tied_embeddings: bool,
    pub source: String,
}

impl ModelSpec {
    pub fn is_moe(&self) -> bool {
        self.experts > 1
    }

    /// Layers whose MLP routes tokens to experts: none for a dense model.
    pub fn moe_layer_count(&self) -> f64 {
        match (self.is_moe(), self.moe_layers) {
            (false, _) => 0.0,
            (true, 0) => f64::from(self.layers),
            (true, n) => f64::from(n.min(self.layers)),
        }
    }

    /// Query/key and value widths of one attention head: MLA (DeepSeek) scores
    /// with `qk_nope + qk_rope` dimensions and mixes `v_head_dim`; others use `head_dim`.
    pub fn attention_head_dims(&self) -> (f64, f64) {
        if self.kv_lora_rank > 0 && self.qk_nope_head_dim + self.qk_rope_head_dim > 0 {
            let v = if self.v_head_dim > 0 { self.v_head_dim } else { self.qk_nope_head_dim };
            (f64::from(self.qk_nope_head_dim + self.qk_rope_head_dim), f64::from(v))
        } else {
            let d = if self.head_dim > 0 { self.head_dim } else { self.hidden_size / self.heads.max(1) };
            (f64::from(d), f64::from(d))
        }
    }

    /// Routed experts per token, with the top-2 default for a MoE that does not say.
    pub fn routed_per_token(&self) -> f64 {
        match (self.is_moe(), self.experts_per_token) {
            (false, _) => 0.0,
            (true, 0) => f64::from(DEFAULT_EXPERTS_PER_TOKEN),
            (true, k) => f64::from(k.min(self.experts)),
        }
    }
}

/// `model` as an object: a custom model by its dimensions, or a pasted
/// `config.json` under `hfConfig` (one or the other).
#[derive(Deserialize, Debug, Clone, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[derive(ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct ModelObject {
    pub hf_config: Option<HfConfig>,
    pub params_b: Option<f64>,
    pub layers: Option<u32>,
    pub hidden_size: Option<u32>,
    pub heads: Option<u32>,
    pub kv_heads: Option<u32>,
    pub head_dim: Option<u32>,
    pub vocab: Option<u32>,
    pub context_tokens: Option<u32>,
    pub experts: Option<u32>,
    /// Routed experts each token goes to (top-k), 1 to `experts`; default 2.
    pub experts_per_token: Option<u32>,
    pub active_params_b: Option<f64>,
    pub name: Option<String>,
}

/// The fields of a Hugging Face `config.json` the estimators use, under the
/// names common architectures give them. Other fields are ignored (a config
/// has dozens); integers are range-checked when read, never cast.
#[derive(Deserialize, Debug, Clone, Default, ts_rs::TS)]
#[ts(optional_fields = nullable)]
pub struct HfConfig {
    num_hidden_layers: Option<u64>,
    n_layer: Option<u64>,
    num_layers: Option<u64>,
    hidden_size: Option<u64>,
    n_embd: Option<u64>,
    d_model: Option<u64>,
    num_attention_heads: Option<u64>,
    n_head: Option<u64>,
    num_key_value_heads: Option<u64>,
    multi_query_group_num: Option<u64>,
    head_dim: Option<u64>,
    vocab_size: Option<u64>,
    padded_vocab_size: Option<u64>,
    intermediate_size: Option<u64>,
    ffn_hidden_size: Option<u64>,
    n_inner: Option<u64>,
    n_routed_experts: Option<u64>,
    num_local_experts: Option<u64>,
    num_experts: Option<u64>,
    num_experts_per_tok: Option<u64>,
    moe_topk: Option<u64>,
    experts_per_token: Option<u64>,
    moe_intermediate_size: Option<u64>,
    /// The MLP width of a MoE's dense layers where it differs (Llama 4).
    intermediate_size_mlp: Option<u64>,
    /// Every n-th layer has experts (Llama 4, Qwen2-MoE); DeepSeek keeps its first k layers dense.
    interleave_moe_layer_step: Option<u64>,
    decoder_sparse_step: Option<u64>,
    first_k_dense_replace: Option<u64>,
    /// Group-limited routing: expert groups, and the groups a token's experts may come from.
    n_group: Option<u64>,
    topk_group: Option<u64>,
    /// Shared experts every token uses: DeepSeek's count of the experts' width, Qwen2-MoE's width.
    n_shared_experts: Option<u64>,
    shared_expert_intermediate_size: Option<u64>,
    max_position_embeddings: Option<u64>,
    n_positions: Option<u64>,
    seq_length: Option<u64>,
    kv_lora_rank: Option<u64>,
    qk_rope_head_dim: Option<u64>,
    qk_nope_head_dim: Option<u64>,
    v_head_dim: Option<u64>,
    sliding_window: Option<u64>,
    use_sliding_window: Option<bool>,
    tie_word_embeddings: Option<bool>,
    #[serde(rename = "_name_or_path")]
    name_or_path: Option<String>,
    model_type: Option<String>,
    /// Some multimodal configs nest the language model here.
    text_config: Option<Box<HfConfig>>,
}

/// `model` in a request: a preset id, or an object (custom or `hfConfig`).
#[derive(Debug, Clone, ts_rs::TS)]
#[ts(untagged)]
pub enum ModelInput {
    Preset(String),
    Object(Box<ModelObject>),
}

impl<'de> Deserialize<'de> for ModelInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Shape;
        impl<'de> serde::de::Visitor<'de> for Shape {
            type Value = ModelInput;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a preset id, a custom model object, or { hfConfig: … }")
            }
            fn visit_str<E: serde::de::Error>(self, id: &str) -> Result<ModelInput, E> {
                Ok(ModelInput::Preset(id.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ModelInput, A::Error> {
                let object = ModelObject::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(ModelInput::Object(Box::new(object)))
            }
        }
        deserializer.deserialize_any(Shape)
    }
}

impl From<&str> for ModelInput {
    fn from(id: &str) -> Self {
        ModelInput::Preset(id.to_string())
    }
}

/// Experts per token when a MoE model does not say: top-2, as GShard and Mixtral route.
pub const DEFAULT_EXPERTS_PER_TOKEN: u32 = 2;

static MODELS_CSV: &str = include_str!("../../data/models.csv");

/// The presets, read once from the embedded CSV.
pub fn presets() -> &'static [ModelSpec] {
    static PRESETS: OnceLock<Vec<ModelSpec>> = OnceLock::new();
    // The CSV is part of the build; the preset test proves it parses, so an
    // error here can only be a build defect, and yields no presets rather than a panic.
    PRESETS.get_or_init(|| read_presets(MODELS_CSV).unwrap_or_default())
}

fn read_presets(text: &str) -> Result<Vec<ModelSpec>, String> {
    let (cols, rows) = crate::catalog::sources::fields::records("models.csv", text)?;
    let mut out = Vec::new();
    for r in &rows {
        let n = |name: &str| -> Result<u32, String> { Ok(cols.number(r, name)?.unwrap_or(0.0) as u32) };
        let params_b = cols.required_number(r, "total_params_b")?;
        let layers = n("num_hidden_layers")?;
        let sliding_window = n("sliding_window").unwrap_or(0);
        let heads = n("num_attention_heads")?;
        out.push(ModelSpec {
            id: cols.text(r, "id")?.to_string(),
            name: cols.text(r, "name")?.to_string(),
            params_b,
            active_params_b: cols.number(r, "active_params_b")?.unwrap_or(params_b),
            layers,
            hidden_size: n("hidden_size")?,
            heads,
            kv_heads: n("num_key_value_heads")?.max(1),
            head_dim: n("head_dim")?,
            vocab: n("vocab_size")?,
            context_tokens: n("max_position_embeddings")?,
            experts: n("n_routed_experts")?,
            experts_per_token: n("experts_per_token")?,
            moe_intermediate_size: n("moe_intermediate_size")?,
            kv_lora_rank: n("kv_lora_rank")?,
            qk_rope_head_dim: n("qk_rope_head_dim")?,
            qk_nope_head_dim: n("qk_nope_head_dim")?,
            v_head_dim: n("v_head_dim")?,
            sliding_window,
            sliding_layers: if sliding_window > 0 {
                sliding_layer_count(cols.text(r, "sliding_window_layers")?, layers)
            } else {
                0
            },
            moe_layers: n("moe_layers")?,
            routing_groups: n("n_group")?,
            routing_groups_per_token: n("topk_group")?,
            intermediate_size: n("intermediate_size")?,
            tied_embeddings: cols.text(r, "tie_word_embeddings")?.trim().eq_ignore_ascii_case("true"),
            source: format!(
                "{} {} @{}",
                cols.text(r, "source_repo")?,
                cols.text(r, "source_path")?,
                cols.text(r, "source_commit")?.get(..8).unwrap_or_default()
            ),
        });
    }
    Ok(out)
}

/// "even layers 0,2,...,40 (21 local)" → 21; "all layers …" → every layer.
fn sliding_layer_count(text: &str, layers: u32) -> u32 {
    if text.starts_with("all layers") {
        return layers;
    }
    let count = text.split('(').nth(1).and_then(|rest| rest.split_whitespace().next()).and_then(|n| n.parse().ok());
    count.unwrap_or(0)
}

/// Resolves and checks a request's model. `field` is its path (`workload.model`).
pub fn resolve(input: &ModelInput, field: &str) -> Result<ModelSpec, Error> {
    let spec = match input {
        ModelInput::Preset(id) => {
            let id = id.trim().to_ascii_lowercase();
            presets().iter().find(|m| m.id == id).cloned().ok_or_else(|| {
                let ids: Vec<&str> = presets().iter().map(|m| m.id.as_str()).collect();
                Error::new(field, format!("unknown model preset `{id}`; presets: {}", ids.join(", ")))
            })?
        }
        ModelInput::Object(o) => match &o.hf_config {
            Some(_) if o.params_b.is_some() || o.layers.is_some() || o.hidden_size.is_some() => {
                return Err(Error::new(
                    format!("{field}.hfConfig"),
                    "give either hfConfig or the model's dimensions, not both",
                ))
            }
            Some(cfg) => from_hf_config(cfg, &format!("{field}.hfConfig"))?,
            None => custom(o, field)?,
        },
    };
    check(&spec, field)?;
    Ok(spec)
}

fn required<T: Copy>(value: Option<T>, field: &str, name: &str) -> Result<T, Error> {
    value.ok_or_else(|| Error::new(format!("{field}.{name}"), "is required for a custom model"))
}

fn custom(c: &ModelObject, field: &str) -> Result<ModelSpec, Error> {
    let params_b = required(c.params_b, field, "paramsB")?;
    let layers = required(c.layers, field, "layers")?;
    let hidden_size = required(c.hidden_size, field, "hiddenSize")?;
    let heads = required(c.heads, field, "heads")?;
    if heads == 0 {
        return Err(Error::new(format!("{field}.heads"), "must be at least 1"));
    }
    let head_dim = match c.head_dim {
        Some(d) => d,
        None if hidden_size % heads != 0 => {
            return Err(Error::new(
                format!("{field}.heads"),
                format!("{heads} heads do not divide the hidden size {hidden_size}; give headDim"),
            ));
        }
        None => hidden_size / heads,
    };
    let experts = c.experts.unwrap_or(0);
    let experts_per_token = match c.experts_per_token {
        Some(k) if experts <= 1 => {
            return Err(Error::new(
                format!("{field}.expertsPerToken"),
                format!("needs `experts` (routed experts, at least 2) to route {k} of"),
            ))
        }
        Some(k) if k == 0 || k > experts => {
            return Err(Error::new(
                format!("{field}.expertsPerToken"),
                format!("must be between 1 and the {experts} experts, got {k}"),
            ))
        }
        Some(k) => k,
        // Top-2 routing (GShard, Mixtral) when a custom MoE does not say.
        None if experts > 1 => DEFAULT_EXPERTS_PER_TOKEN,
        None => 0,
    };
    Ok(ModelSpec {
        id: "custom".into(),
        name: c.name.clone().unwrap_or_else(|| "custom model".into()),
        params_b,
        active_params_b: c.active_params_b.unwrap_or(params_b),
        layers,
        hidden_size,
        heads,
        kv_heads: c.kv_heads.unwrap_or(heads),
        head_dim,
        vocab: c.vocab.unwrap_or(0),
        context_tokens: c.context_tokens.unwrap_or(0),
        experts,
        experts_per_token,
        moe_intermediate_size: 0,
        kv_lora_rank: 0,
        qk_rope_head_dim: 0,
        qk_nope_head_dim: 0,
        v_head_dim: 0,
        sliding_window: 0,
        sliding_layers: 0,
        moe_layers: 0,
        routing_groups: 0,
        routing_groups_per_token: 0,
        intermediate_size: 0,
        tied_embeddings: false,
        source: "given in the request".into(),
    })
}

/// The first of `values` given, as a dimension: at most 2^32 − 1, never cast.
fn dimension(values: &[(Option<u64>, &str)], field: &str) -> Result<Option<u32>, Error> {
    let Some((value, name)) = values.iter().find_map(|(v, n)| v.map(|v| (v, *n))) else { return Ok(None) };
    u32::try_from(value)
        .map(Some)
        .map_err(|_| Error::new(format!("{field}.{name}"), format!("must be at most {}, got {value}", u32::MAX)))
}

/// Reads the fields common architectures use in `config.json` and counts parameters.
fn from_hf_config(cfg: &HfConfig, field: &str) -> Result<ModelSpec, Error> {
    let int = |values: &[(Option<u64>, &str)]| dimension(values, field);
    let need = |values: &[(Option<u64>, &str)]| {
        int(values)?.ok_or_else(|| {
            let names: Vec<&str> = values.iter().map(|(_, n)| *n).collect();
            Error::new(format!("{field}.{}", names[0]), format!("config.json has no `{}`", names.join("` or `")))
        })
    };
    if cfg.num_hidden_layers.is_none() {
        if let Some(text) = &cfg.text_config {
            return from_hf_config(text, &format!("{field}.text_config"));
        }
    }
    let layers = need(&[
        (cfg.num_hidden_layers, "num_hidden_layers"),
        (cfg.n_layer, "n_layer"),
        (cfg.num_layers, "num_layers"),
    ])?;
    let hidden = need(&[(cfg.hidden_size, "hidden_size"), (cfg.n_embd, "n_embd"), (cfg.d_model, "d_model")])?;
    let heads = need(&[(cfg.num_attention_heads, "num_attention_heads"), (cfg.n_head, "n_head")])?;
    let kv_heads =
        int(&[(cfg.num_key_value_heads, "num_key_value_heads"), (cfg.multi_query_group_num, "multi_query_group_num")])?
            .unwrap_or(heads);
    let head_dim = int(&[(cfg.head_dim, "head_dim")])?.unwrap_or(hidden.checked_div(heads).unwrap_or(0));
    let vocab = need(&[(cfg.vocab_size, "vocab_size"), (cfg.padded_vocab_size, "padded_vocab_size")])?;
    let ff = int(&[
        (cfg.intermediate_size, "intermediate_size"),
        (cfg.ffn_hidden_size, "ffn_hidden_size"),
        (cfg.n_inner, "n_inner"),
    ])?
    .unwrap_or(hidden.saturating_mul(4));
    let experts = int(&[
        (cfg.n_routed_experts, "n_routed_experts"),
        (cfg.num_local_experts, "num_local_experts"),
        (cfg.num_experts, "num_experts"),
    ])?
    .unwrap_or(0);
    let per_token = int(&[
        (cfg.num_experts_per_tok, "num_experts_per_tok"),
        (cfg.moe_topk, "moe_topk"),
        (cfg.experts_per_token, "experts_per_token"),
    ])?
    .unwrap_or(if experts > 0 { DEFAULT_EXPERTS_PER_TOKEN } else { 0 });
    let moe_ff = int(&[(cfg.moe_intermediate_size, "moe_intermediate_size")])?.unwrap_or(ff);
    // Layers with experts: all, unless every n-th has them (Llama 4's `interleave_moe_layer_step`,
    // Qwen2-MoE's `decoder_sparse_step`) or the first k are dense (DeepSeek's `first_k_dense_replace`).
    let step = int(&[
        (cfg.interleave_moe_layer_step, "interleave_moe_layer_step"),
        (cfg.decoder_sparse_step, "decoder_sparse_step"),
    ])?
    .unwrap_or(1)
    .max(1);
    let first_dense = int(&[(cfg.first_k_dense_replace, "first_k_dense_replace")])?.unwrap_or(0).min(layers);
    let moe_layers = if experts > 0 { (layers - first_dense) / step } else { 0 };
    // Group-limited routing counts only when the groups divide the experts and a token may not
    // reach them all (`n_group` 1, GLM's and Kimi's, is none).
    let groups = int(&[(cfg.n_group, "n_group")])?.unwrap_or(0);
    let groups_per_token = int(&[(cfg.topk_group, "topk_group")])?.unwrap_or(0);
    let (groups, groups_per_token) = if groups > 1 && experts % groups == 0 && (1..groups).contains(&groups_per_token) {
        (groups, groups_per_token)
    } else {
        (0, 0)
    };
    // The dense layers' MLP, and the shared experts' width in each MoE layer (Llama 4 has one
    // shared expert of the experts' width; its config names none).
    let dense_ff = int(&[(cfg.intermediate_size_mlp, "intermediate_size_mlp")])?.unwrap_or(ff);
    let shared_ff = match (
        int(&[(cfg.n_shared_experts, "n_shared_experts")])?,
        int(&[(cfg.shared_expert_intermediate_size, "shared_expert_intermediate_size")])?,
    ) {
        (_, Some(width)) => f64::from(width),
        (Some(n), None) => f64::from(n) * f64::from(moe_ff),
        (None, None) if experts > 0 && cfg.model_type.as_deref() == Some("llama4_text") => f64::from(moe_ff),
        (None, None) => 0.0,
    };
    let tied = cfg.tie_word_embeddings.unwrap_or(false);
    if heads == 0 || kv_heads == 0 || heads % kv_heads != 0 {
        return Err(Error::new(
            format!("{field}.num_key_value_heads"),
            format!("{kv_heads} KV heads do not divide {heads} heads"),
        ));
    }
    // Parameters: attention (Q, K, V, O) + gated MLP (3 matrices) per layer, plus embeddings.
    let (h, l, v) = (f64::from(hidden), f64::from(layers), f64::from(vocab));
    let q_dim = f64::from(heads) * f64::from(head_dim);
    let kv_dim = f64::from(kv_heads) * f64::from(head_dim);
    let attention = h * q_dim * 2.0 + h * kv_dim * 2.0;
    let (mlp_total, mlp_active) = if experts > 0 {
        let (one, shared, dense) = (3.0 * h * f64::from(moe_ff), 3.0 * h * shared_ff, 3.0 * h * f64::from(dense_ff));
        let (moe, dense_layers) = (f64::from(moe_layers), l - f64::from(moe_layers));
        (
            moe * (one * f64::from(experts) + shared) + dense_layers * dense,
            moe * (one * f64::from(per_token) + shared) + dense_layers * dense,
        )
    } else {
        let dense = 3.0 * h * f64::from(ff);
        (l * dense, l * dense)
    };
    let embeddings = v * h * if tied { 1.0 } else { 2.0 };
    let total = l * attention + mlp_total + embeddings;
    let active = l * attention + mlp_active + embeddings;
    let name = cfg.name_or_path.as_deref().or(cfg.model_type.as_deref()).unwrap_or("config.json");
    Ok(ModelSpec {
        id: "custom".into(),
        name: name.to_string(),
        params_b: total / 1e9,
        active_params_b: active / 1e9,
        layers,
        hidden_size: hidden,
        heads,
        kv_heads,
        head_dim,
        vocab,
        context_tokens: int(&[
            (cfg.max_position_embeddings, "max_position_embeddings"),
            (cfg.n_positions, "n_positions"),
            (cfg.seq_length, "seq_length"),
        ])?
        .unwrap_or(0),
        experts,
        experts_per_token: per_token,
        moe_intermediate_size: if experts > 0 { moe_ff } else { 0 },
        kv_lora_rank: int(&[(cfg.kv_lora_rank, "kv_lora_rank")])?.unwrap_or(0),
        qk_rope_head_dim: int(&[(cfg.qk_rope_head_dim, "qk_rope_head_dim")])?.unwrap_or(0),
        qk_nope_head_dim: int(&[(cfg.qk_nope_head_dim, "qk_nope_head_dim")])?.unwrap_or(0),
        v_head_dim: int(&[(cfg.v_head_dim, "v_head_dim")])?.unwrap_or(0),
        sliding_window: if cfg.use_sliding_window == Some(false) {
            0
        } else {
            int(&[(cfg.sliding_window, "sliding_window")])?.unwrap_or(0)
        },
        sliding_layers: 0,
        moe_layers: if moe_layers < layers { moe_layers } else { 0 },
        routing_groups: if experts > 0 { groups } else { 0 },
        routing_groups_per_token: if experts > 0 { groups_per_token } else { 0 },
        intermediate_size: if experts > 0 && moe_layers < layers { dense_ff } else { ff },
        tied_embeddings: tied,
        source: "parameters counted from config.json (attention + gated MLP, routed and shared experts + embeddings)"
            .into(),
    })
}

/// Impossible dimensions are refused with the field at fault.
fn check(m: &ModelSpec, field: &str) -> Result<(), Error> {
    let f = |name: &str| format!("{field}.{name}");
    if !(m.params_b > 0.0 && m.params_b.is_finite() && m.params_b < 100_000.0) {
        return Err(Error::new(f("paramsB"), format!("must be a positive number of billions, got {}", m.params_b)));
    }
    if !(m.active_params_b > 0.0 && m.active_params_b <= m.params_b + 1e-9) {
        return Err(Error::new(f("activeParamsB"), "must be positive and at most paramsB"));
    }
    if m.layers == 0 {
        return Err(Error::new(f("layers"), "must be at least 1"));
    }
    if m.hidden_size == 0 {
        return Err(Error::new(f("hiddenSize"), "must be at least 1"));
    }
    if m.kv_heads == 0 || m.heads % m.kv_heads != 0 {
        return Err(Error::new(f("kvHeads"), format!("{} KV heads must divide {} heads", m.kv_heads, m.heads)));
    }
    // Bounds far above any real model keep every product of dimensions in range.
    for (name, value, max) in [
        ("layers", m.layers, 10_000),
        ("hiddenSize", m.hidden_size, 1_000_000),
        ("heads", m.heads, 65_536),
        ("headDim", m.head_dim, 65_536),
        ("vocab", m.vocab, 10_000_000),
        ("experts", m.experts, 65_536),
    ] {
        if value > max {
            return Err(Error::new(f(name), format!("must be at most {max}, got {value}")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_parses_with_its_source() {
        let all = read_presets(MODELS_CSV).unwrap();
        assert_eq!(all.len(), presets().len());
        assert!(all.len() >= 26);
        for m in &all {
            check(m, "model").unwrap_or_else(|e| panic!("{}: {e}", m.id));
            assert!(!m.source.is_empty());
        }
        let gemma = all.iter().find(|m| m.id == "gemma-2-9b").unwrap();
        assert_eq!((gemma.sliding_window, gemma.sliding_layers), (4096, 21));
        let phi = all.iter().find(|m| m.id == "phi-3-mini").unwrap();
        assert_eq!(phi.sliding_layers, phi.layers);
        let ds = all.iter().find(|m| m.id == "deepseek-v3").unwrap();
        assert_eq!((ds.kv_lora_rank, ds.qk_rope_head_dim, ds.active_params_b), (512, 64, 37.0));
    }

    #[test]
    fn a_hugging_face_config_counts_parameters() {
        // Llama 3.1 8B's published config.
        let cfg: HfConfig = crate::input::read_json(
            "cfg",
            r#"{ "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8,
                "vocab_size": 128256, "intermediate_size": 14336, "max_position_embeddings": 131072,
                "tie_word_embeddings": false, "model_type": "llama", "rope_scaling": { "factor": 8.0 } }"#,
        )
        .unwrap();
        let m = from_hf_config(&cfg, "model.hfConfig").unwrap();
        assert!((m.params_b - 8.03).abs() < 0.01, "{}", m.params_b);
        assert_eq!((m.head_dim, m.kv_heads), (128, 8));
        let bad: HfConfig = crate::input::read_json("cfg", r#"{ "hidden_size": 4096 }"#).unwrap();
        assert_eq!(from_hf_config(&bad, "model.hfConfig").unwrap_err().field, "model.hfConfig.num_hidden_layers");
        // 2^32 + 1 was once cast to 1.
        let huge: HfConfig = crate::input::read_json(
            "cfg",
            r#"{ "num_hidden_layers": 32, "hidden_size": 4294967297, "num_attention_heads": 32, "vocab_size": 1000 }"#,
        )
        .unwrap();
        assert_eq!(from_hf_config(&huge, "model.hfConfig").unwrap_err().field, "model.hfConfig.hidden_size");
    }
}
