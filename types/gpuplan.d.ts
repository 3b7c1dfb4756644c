// Derived from the engine's Rust types by `cargo test --test typescript` (ts-rs); do not edit.

/** Thrown by every call on bad input: `field` is the path of the bad value;
 *  errors in an imported file also give the 1-based `line` and the `column` name. */
export interface GpuplanError extends Error {
  field: string;
  /** Stable: out-of-range (params min, max, got), not-finite, required, unknown-field, invalid-type,
   *  unknown-value, invalid-value, too-deep, too-large, too-long, cycle, unreadable, not-data, file, invalid. */
  code: string;
  params: Record<string, number>;
  line?: number;
  column?: string;
}

export type AcceleratorInfo = { key: string, fullName: string, vendor: string, kind: AcceleratorKind, memoryGib: number | null, offerCount: number, 
/**
 * Other names sources use for this chip.
 */
aliases: Array<string>, 
/**
 * How far the spec row was verified: `high`, `medium`, `low`, or `none`.
 */
confidence: string, architecture: string, memoryBandwidthGbs: number | null, 
/**
 * Dense peak TFLOPS (TOPS for INT8); `null` where the chip lacks the format or no source says.
 */
fp64Tflops: number | null, fp32Tflops: number | null, bf16Tflops: number | null, fp8Tflops: number | null, int8Tops: number | null, tdpWatts: number | null, interconnect: string, graphics: boolean | null, sources: string, };

export type AcceleratorKind = "gpu" | "tpu" | "asic" | "fpga";

/**
 * `apiBreakEven` of a candidate.
 */
export type ApiBreakEven = { 
/**
 * Tokens per month above which self-hosting is cheaper; `null` when the API is free.
 */
tokensPerMonth: number | null, 
/**
 * Both costs at the user's volume.
 */
apiUsdPerMonth: number, selfHostUsdPerMonth: number, };

/**
 * `pricing.apiPrice`: the API's list price per million tokens.
 */
export type ApiPrice = { inputUsdPerMTok: number, outputUsdPerMTok: number, };

/**
 * One assumption the estimate used, with where it comes from.
 */
export type Assumption = { name: string, value: AssumptionValue, source: string, 
/**
 * `source` in Simplified Chinese.
 */
sourceZh: string, };

/**
 * An assumption's value: a number, a name, or a low–expected–high range.
 */
export type AssumptionValue = number | string | Range;

/**
 * How a replica's GPUs share the layers outside the routed experts.
 *
 * - `Tensor`: every GEMM is split over the replica's GPUs, every GPU sees
 *   every token, two all-reduces per layer (Megatron-style tensor parallelism).
 * - `Data` (TensorRT-LLM `enable_attention_dp`, vLLM's data-parallel attention
 *   with expert parallelism): "all GEMM weights are replicated on every GPU"
 *   and "the KV-cache is partitioned, because different user requests are
 *   routed to different DP ranks" (TensorRT-LLM's guide "Parallelism in TensorRT LLM");
 *   the attention, dense MLP and shared-expert layers run unsplit on each GPU
 *   (`overridden_tp_size=1`, tensorrt_llm/_torch/models/modeling_llama.py);
 *   only the routed experts are spread over the GPUs, and each MoE layer
 *   gathers the tokens to them and scatters the results back. Each GPU
 *   schedules its own requests up to the engine's batch limit. vLLM's
 *   `--data-parallel-size` with `--enable-expert-parallel` is the same
 *   layout: "each DP rank is deployed as a separate core engine process",
 *   forward passes aligned across ranks, its default expert exchange an
 *   all-gather and a reduce-scatter (vLLM docs, "Data Parallel Deployment"
 *   and "Expert Parallel Deployment").
 */
export type AttentionParallelism = "tensor" | "data";

/**
 * The rent reference for `tco`, from the ranking.
 */
export type BuyVsRentStart = { 
/**
 * For `tco({ rentOfferId })`.
 */
rentOfferId: string, 
/**
 * The top candidate's accelerator key and GPUs per instance (`tco`'s `server.accelerator`, `server.gpus`).
 */
accelerator: string, gpus: number, 
/**
 * Its on-demand price per GPU-hour, with your prices applied.
 */
rentUsdPerGpuHour: number, };

export type Candidate = { rank: number, offer: Offer, fit: FitView, 
/**
 * Wall-clock hours (equals `fit.hours`).
 */
hours: number, 
/**
 * Every plan side by side (`null` where a price is unknown) and the one the ranking used.
 */
cost: Costs, 
/**
 * Inference with `pricing.apiPrice`: the monthly tokens above which self-hosting is cheaper.
 */
apiBreakEven: ApiBreakEven | null, footprint: Footprint | null, 
/**
 * Data-quality doubt about this offer, shown beside its price; `null`
 * when none. It orders only `rank: "risk-adjusted"`, never `cheapest`.
 */
doubt: Doubt | null, 
/**
 * Lower is better under the chosen priority.
 */
score: number, pareto: boolean, reasons: Array<string>, reasonsZh: Array<string>, softwareStack: string, lockIn: string, lockInZh: string, scorecard: Scorecard, 
/**
 * 0 may lead the answer; a higher tier is ranked below every lower one
 * (desktop hosting unknown, a marketplace host in a regulated answer, no
 * mainland-China licence, users far away), with the reason in `reasons`.
 */
tier: number, 
/**
 * What the provider can host and who operates it, each with its source; `null` when the file has no row.
 */
capabilities: CapabilitiesView | null, 
/**
 * With `constraints.usersCountry`: the estimated round trip from the users to the region, ms.
 */
usersRttMs: number | null, };

/**
 * A candidate as the results table reads it (`recommendRows`): its offer and
 * the row's figures and words, without what only its details show (every plan
 * with its lines, the scorecard, the provider's capabilities, the footprint).
 * Those are three quarters of a candidate's size, and turning a 100-candidate
 * answer into JS objects cost more than ranking it (docs/PERFORMANCE.md, round 21).
 * The offer is apart from the figures so that the boundary can hand out one JS
 * object per offer across answers (src/wasm_api.rs `OfferObjects`).
 */
export type CandidateRow = { offer: Offer, rank: number, fit: FitView, 
/**
 * Wall-clock hours (equals `fit.hours`).
 */
hours: number, 
/**
 * The plan the ranking used and its figures, as in `Candidate.cost`.
 */
cost: ChosenPlan, doubt: Doubt | null, score: number, pareto: boolean, reasons: Array<string>, reasonsZh: Array<string>, tier: number, usersRttMs: number | null, };

/**
 * A provider's capabilities as `data/provider_capabilities.csv` states them:
 * each value is a checked word (`unknown` where no source was read) beside its source.
 */
export type CapabilitiesView = { 
/**
 * `operated`, `marketplace`, `aggregator` or `unknown`.
 */
operatorKind: string, operatorKindSource: string, 
/**
 * `yes`, `yes (secondary)`, `no` or `unknown`.
 */
desktopHosting: string, desktopHostingSource: string, 
/**
 * `included`, `billed-by-provider`, `customer` or `unknown`.
 */
vgpuLicence: string, vgpuLicenceSource: string, 
/**
 * `yes`, `yes (secondary)`, `no` or `unknown`.
 */
cnLicensedOperator: string, cnLicensedOperatorSource: string, 
/**
 * The published MLPS (等保) status; `unknown` when none was found.
 */
mlps: string, mlpsSource: string, };

export type CatalogInfo = { offerCount: number, acceleratorCount: number, regionCount: number, providerCount: number, 
/**
 * Newest and oldest dated snapshot among all sources (yyyy-mm-dd).
 */
newestSnapshot: string | null, oldestSnapshot: string | null, 
/**
 * Size of the embedded catalog in the module, in bytes.
 */
embeddedBytes: number, 
/**
 * Offers whose source gives no date: their age cannot be shown.
 */
undatedOfferCount: number, 
/**
 * Undated offers per provider: no public dated copy of their price was found.
 */
undatedByProvider: { [key in string]: number }, 
/**
 * Offers whose price is older than `staleAfterDays` before `ageReference`.
 */
staleOfferCount: number, staleAfterDays: number, 
/**
 * The day ages are counted from: the reader's today where the caller gives
 * it (the page passes its clock), else `newestSnapshot`.
 */
ageReference: string | null, ageReferenceIsToday: boolean, 
/**
 * Every offer in exactly one age bucket, counted from `ageReference`.
 */
offersByAge: OffersByAge, 
/**
 * Which mainland-China clouds the catalog prices, and which it cannot.
 */
chinaClouds: Array<ChinaCloud>, providers: Array<ProviderInfo>, accelerators: Array<AcceleratorInfo>, 
/**
 * Offers carrying each flag code.
 */
flagCounts: { [key in string]: number }, 
/**
 * Rates used to convert prices published in other currencies.
 */
exchangeRates: Array<ExchangeRate>, 
/**
 * Rates the page can show every figure at, each cited and dated: the
 * catalog's own (`exchangeRates`) first, then the display defaults of
 * `data/cost_exchange_rates.csv` (EUR). USD is the base and not listed.
 */
displayRates: Array<ExchangeRate>, };

/**
 * A cloud a team whose data must stay in mainland China may buy from.
 */
export type ChinaCloud = { id: string, nameEn: string, nameZh: string, 
/**
 * Offers in the catalog (0: the China filter cannot price this cloud).
 */
offerCount: number, 
/**
 * Why it is or is not priced, English and Chinese.
 */
noteEn: string, noteZh: string, };

/**
 * `Candidate.cost.chosen` and that plan's figures, without its lines.
 */
export type ChosenPlan = { 
/**
 * `null` when no plan has a price.
 */
chosen: PlanKind | null, 
/**
 * `null` when no plan has a price.
 */
plan: PlanFigures | null, };

/**
 * The kind of HPC code, which decides which peak or bandwidth bounds it.
 */
export type CodeClass = "dense" | "stencil" | "sparse";

/**
 * A reservation as the commitment it is: billed for whole terms, whether or
 * not the work uses them.
 */
export type Commitment = { 
/**
 * Calendar months billed (whole terms: 12 or 36, or a multiple).
 */
months: number, 
/**
 * USD paid for the reserved capacity over those months (compute, virtualization and idle lines).
 */
totalUsd: number, 
/**
 * `totalUsd` ÷ `months`.
 */
usdPerMonth: number, 
/**
 * Share of the committed instance-hours the work uses.
 */
shareUsed: number | null, };

export type ComputeEstimate = { 
/**
 * Floating-point operations of the whole job (hardware FLOPs).
 */
totalFlops: number | null, 
/**
 * The format the math runs in on the chosen accelerator.
 */
mathPrecision: Precision | null, peakTflops: number | null, 
/**
 * Training: GPU-hours including the cluster-scale loss of `scalingEfficiency`.
 */
gpuHours: Range | null, 
/**
 * Training: GPU-hours at perfect scaling. Another cluster's time is this
 * divided by that cluster's scaling efficiency (not `gpuHours`, which has
 * this estimate's loss in it already).
 */
idealGpuHours: Range | null, 
/**
 * Training: the scaling efficiency `gpuHours` already includes.
 */
scalingEfficiency: number | null, wallClockHours: Range | null, tokensPerSecond: Range | null, ttftMs: Range | null, itlMs: Range | null, decodeBound: string | null, 
/**
 * Inference: GPUs per model replica and replicas to meet the target.
 */
gpusPerReplica: number | null, replicas: number | null, 
/**
 * GPUs the workload needs on this accelerator (memory and throughput).
 * Infinite inside the engine when no count fits (the fit reads that); `null` in JSON.
 */
gpusNeeded: number | null, 
/**
 * `false` when a latency target cannot be met on this accelerator at all.
 */
latencyFeasible: boolean | null, 
/**
 * Why, in numbers, when the demand cannot be met on this accelerator.
 */
infeasible: Infeasible | null, 
/**
 * Training: the best data × tensor × pipeline (× expert) layout found and the
 * runner-up, with their step times (`perf::training::best_layout`).
 */
trainingLayout: LayoutChoice | null, 
/**
 * Training: steady-state tokens/s per GPU of that layout (no restarts), low–high.
 */
steadyTokensPerSecondPerGpu: Range | null, };

export type Constraints = { providers?: Array<string>, 
/**
 * Region ids, e.g. `eastus`, `europe-west4`.
 */
regions?: Array<string>, jurisdictions?: Array<Jurisdiction>, 
/**
 * `hipaa`, `soc2`, `iso27001`, `gdpr`, `pcidss`, `fedramp`, `mlps`.
 */
compliance?: Array<string>, 
/**
 * Keep offers whose compliance status is not known ("unknown" shown), instead of excluding them.
 */
allowUnknownCompliance?: boolean, confidentialComputing?: boolean, bareMetal?: boolean, 
/**
 * `nvidia`, `amd`, `google`, `aws`, …
 */
vendors?: Array<string>, 
/**
 * `cuda`, `rocm`, `xla`, `neuron`.
 */
softwareStacks?: Array<string>, accelerators?: Array<string>, 
/**
 * Finish within this many hours.
 */
deadlineHours?: number | null, 
/**
 * Spend at most this much (USD, on the ranked plan).
 */
budgetUsd?: number | null, 
/**
 * Rank offers whose price our data marks as doubtful or a placeholder (left out by default).
 */
includeDoubtfulPrices?: boolean, 
/**
 * Where the users are (ISO 3166 alpha-2, e.g. `DE`): virtual desktops are
 * ranked and bounded by the estimated round trip to each region.
 */
usersCountry?: string | null, 
/**
 * A production service (online inference) ranks marketplaces, aggregators
 * and providers not known to run their own machines below known operators;
 * `true` ranks them all by cost alone.
 */
allowMarketplace?: boolean, };

/**
 * How the context-parallel ranks exchange keys and values (Transformer Engine's
 * `cp_comm_type`): round a ring, each step's transfer hidden behind the attention of the
 * block in hand (`p2p`, Megatron-Core's default; Liu et al. 2023, Ring Attention), or
 * gathered whole before the attention, the transfer exposed (`all_gather`: Llama 3's, arXiv
 * 2407.21783 §3.3.2, for its document masks). Both move the same bytes: the all-gather
 * gathers the keys and values again for the backward pass and reduce-scatters their
 * gradients (`AttnFuncWithCPAndKVAllGather`), as the ring passes both.
 */
export type ContextParallelExchange = "ring" | "all-gather";

/**
 * One line of a breakdown or one warning.
 */
export type CostLine = { code: string, 
/**
 * USD; `null` where the price is unknown (then it is not in the total).
 */
usd: number | null, params: { [key in string]: number }, text: string, textZh: string, };

/**
 * `cost` of a candidate: every plan side by side and the one chosen.
 */
export type Costs = { onDemand: PlanCost | null, reserved1y: PlanCost | null, reserved3y: PlanCost | null, spot: PlanCost | null, blended: PlanCost | null, 
/**
 * The plan the ranking used (`best` resolved); `null` when no plan has a price.
 */
chosen: PlanKind | null, mix: Mix | null, warnings: Array<CostLine>, };

export type Counts = { considered: number, candidates: number, excluded: number, excludedByReason: { [key in string]: number }, };

/**
 * One offer of a custom catalog: the documented schema of CSV and JSON imports.
 */
export type CustomOffer = { provider: string, instance: string, region: string, 
/**
 * A catalog accelerator key or alias; other names are kept as given, without specs.
 */
accelerator: string, gpuCount: number, 
/**
 * Memory per GPU; defaults to the accelerator's.
 */
memoryPerGpuGib?: number | null, vcpus?: number | null, memoryGib?: number | null, 
/**
 * Prices per instance-hour in `currency` (USD unless stated).
 */
onDemand?: number | null, spot?: number | null, reserved1y?: number | null, reserved3y?: number | null, currency?: string | null, 
/**
 * Where the prices come from (a quote, a contract) and when.
 */
source?: string | null, date?: string | null, 
/**
 * The network between instances, as the owner declares it: `infiniband`,
 * `roce`, `efa` or `rdma` (RDMA-class, for multi-node training), `ethernet`
 * or `none`. Left out, a multi-node cluster of it is `rdma-unknown`.
 */
interconnect?: string, };

/**
 * The layouts the ranking chose for a deadline, one per accelerator.
 */
export type DeadlineAnswer = { deadlineHours: number, 
/**
 * In ranking order: the first candidate of each accelerator.
 */
layouts: Array<DeadlineLayout>, };

export type DeadlineLayout = { 
/**
 * Accelerator key, as `estimate`'s `accelerator`.
 */
accelerator: string, offerId: string, gpus: number, instances: number, 
/**
 * Hours to finish on this layout (within the deadline).
 */
hours: number, 
/**
 * GPUs × hours: the GPU-hours paid on this layout.
 */
gpuHours: number, };

export type Devtest = { hoursPerMonth: number, minGpuMemoryGib?: number | null, };

/**
 * One dimension: a 0–5 score and the facts behind it.
 */
export type Dimension = { score: number, facts: Array<string>, 
/**
 * `facts` in Simplified Chinese, one for one.
 */
factsZh: Array<string>, };

/**
 * Why the data behind an offer's price is less sure, and what it would weigh
 * under `rank: "risk-adjusted"`.
 */
export type Doubt = { 
/**
 * The doubt flags (`marketplace-sample`, `undated`, `stale`, `partial-provider`, `memory-mismatch`, `placeholder-price`).
 */
flags: Array<string>, 
/**
 * 1 + 0.25 per flag (an assumption, docs/API.md).
 */
weight: number, 
/**
 * The chosen plan's total × weight: the figure `risk-adjusted` ranks by.
 */
riskAdjustedTotal: number, };

export type EstimateRequest = { 
/**
 * `{ kind, … }`: the kind selects the variant, the other keys are its fields.
 */
workload: Workload, 
/**
 * Canonical accelerator key (`H100`, `A100-80GB`, `L4`) or alias.
 */
accelerator?: string | null, overrides?: Overrides, 
/**
 * The Amdahl/PCIe check: does this job gain from a GPU at all?
 */
gpuCheck?: GpuCheckInput | null, };

export type EstimateResponse = { kind: string, model: ModelSpec | null, accelerator: string | null, 
/**
 * Memory per GPU for the parallel layout in `gpus`.
 */
memory: MemoryBreakdown, 
/**
 * GPUs the memory figure assumes.
 */
gpus: number, 
/**
 * Memory for the whole job across GPUs, GiB.
 */
totalMemoryGib: number, 
/**
 * Inference: the longest context per sequence whose KV cache fits the accelerator.
 */
longestContextTokens: number | null, compute: ComputeEstimate, 
/**
 * Inference on an accelerator: every layout that serves the load, precision
 * × GPUs per replica in the order tried (the precision searched when the
 * request leaves it open); empty otherwise.
 */
servingLayouts: Array<ServingLayout>, 
/**
 * Graphics APIs the workload needs (render, VDI): shared with the
 * request, not copied into each accelerator's estimate.
 */
graphicsApis: Array<string>, hours: number | null, 
/**
 * Host vCPUs and RAM (GiB) each desktop needs (VDI).
 */
hostPerDesktop: HostDemand | null, assumptions: Array<Assumption>, notes: Array<string>, 
/**
 * `notes` in Simplified Chinese, one for one.
 */
notesZh: Array<string>, gpuCheck: GpuCheck | null, };

export type ExchangeRate = { currency: string, unitsPerUsd: number, date: string, source: string, };

export type Excluded = { offer: OfferRef, code: string, 
/**
 * The numbers behind the reason, by name: the page writes its own words from `code` and these.
 */
params: Record<string, number>, reason: string, reasonZh: string, };

/**
 * How a mixture-of-experts layer's all-to-all crosses nodes when its expert-parallel group
 * spans them. `per-expert`: an NCCL all-to-all sends each token's hidden state once per routed
 * expert on another GPU, so k × (nodes − 1)/nodes copies cross the network (Megatron-Core's
 * default `alltoall` dispatcher). `per-node`: the dispatch sends it once per other node holding
 * any of its experts and forwards it there over the node's own links (DeepEP, HybridEP,
 * DeepSeek-V3's stack, §3.2.2). Left out, the estimate expects `per-expert` and its range's
 * fast end `per-node` (`perf::ALL_TO_ALL_PER_NODE_UNSTATED`).
 */
export type ExpertAllToAll = "per-expert" | "per-node";

/**
 * How a mixture-of-experts layer hands its tokens to the experts. Megatron-Core's
 * dropless all-to-all dispatcher reads the token counts on the host once per MoE
 * layer (its `cuda_sync_point`), which drains the host's queue of kernels, and the
 * layer's per-expert work is then launched while the GPU waits: a fixed host time
 * per local expert (`EXPERT_HOST_S_PER_LOCAL_EXPERT`). DeepSeek-V3's own stack
 * (DeepEP, grouped kernels), one kernel for all the experts (ScatterMoE) and static
 * shapes with CUDA graphs keep it on the device. Left out, the estimate expects the
 * host's wait and its range's fast end has none (`perf::EXPERT_HOST_S_UNSTATED`).
 */
export type ExpertDispatch = "host-synchronized" | "device";

export type FinetuneMethod = "full" | "lora" | "qlora";

/**
 * How an offer meets the demand, as returned.
 */
export type FitView = { instances: number, 
/**
 * GPUs in use: instances × GPUs per instance (fractions for vGPU slices).
 */
gpus: number, 
/**
 * Wall-clock hours, including scaling losses and virtualization overhead.
 */
hours: number, gpuHours: number, memoryNeededGib: number, memoryPerGpuGib: number, scalingEfficiency: number, 
/**
 * How the GPUs talk: one node over NVLink/PCIe, or several over RDMA.
 */
interconnect: string, 
/**
 * `interconnect` in Simplified Chinese.
 */
interconnectZh: string, peakTflops: number, 
/**
 * The notices' English and Chinese words, in order (kept for callers of v0.1).
 */
warnings: Array<string>, warningsZh: Array<string>, notices: Array<Message>, 
/**
 * Inference: the serving layout chosen on this offer and the runner-up, with their numbers.
 */
serving: ServingView | null, };

/**
 * A visible mark on an offer: a value that was corrected, doubted or is missing.
 */
export type Flag = { 
/**
 * Stable machine-readable code, e.g. `spot-above-on-demand`.
 */
code: string, message: string, };

/**
 * Energy and emissions of the run: GPUs × board power × 80% load × hours × PUE.
 */
export type Footprint = { kwh: number, 
/**
 * `null` when the region's grid intensity is unknown.
 */
co2Kg: number | null, pue: number, assumptions: string, };

/**
 * Which kernels run an FP8 training step's linear layers. Transformer Engine (NeMo,
 * Megatron-Core) fuses each FP8 cast and transpose into the neighbouring kernels; torchao's
 * float8 linears (torchtitan, OLMo-core) scale each tensor dynamically and run the absolute
 * maximum, the cast and the transpose as kernels of their own that torch.compile generates
 * (torchao's README, "Derivation"; pytorch/pytorch issue 133242), so less of the FP8 GEMMs'
 * gain reaches the step (`perf::TORCHAO_FP8_RELATIVE`).
 */
export type Fp8Recipe = "transformer-engine" | "torchao";

export type GpuCheck = { speedup: number, 
/**
 * The most any GPU could give: 1 / serial fraction; `null` when nothing is serial (no limit).
 */
speedupLimit: number | null, transferSecondsPerStep: number, gpuSecondsPerStep: number, worthIt: boolean, verdict: string, verdictZh: string, };

export type GpuCheckInput = { 
/**
 * Share of the CPU run time that can run in parallel on a GPU (0–1).
 */
parallelFraction: number, 
/**
 * Seconds one step takes on the CPU today.
 */
cpuSecondsPerStep?: number | null, 
/**
 * How much faster the GPU runs the parallel part (default 20×).
 */
parallelSpeedup?: number | null, 
/**
 * Data copied between host and GPU per step, GiB.
 */
transferGibPerStep?: number | null, 
/**
 * Effective host↔GPU bandwidth, GB/s (default 25: PCIe 4.0 x16 in practice).
 */
pcieGbPerS?: number | null, };

/**
 * The fields of a Hugging Face `config.json` the estimators use, under the
 * names common architectures give them. Other fields are ignored (a config
 * has dozens); integers are range-checked when read, never cast.
 */
export type HfConfig = { num_hidden_layers?: number | null, n_layer?: number | null, num_layers?: number | null, hidden_size?: number | null, n_embd?: number | null, d_model?: number | null, num_attention_heads?: number | null, n_head?: number | null, num_key_value_heads?: number | null, multi_query_group_num?: number | null, head_dim?: number | null, vocab_size?: number | null, padded_vocab_size?: number | null, intermediate_size?: number | null, ffn_hidden_size?: number | null, n_inner?: number | null, n_routed_experts?: number | null, num_local_experts?: number | null, num_experts?: number | null, num_experts_per_tok?: number | null, moe_topk?: number | null, experts_per_token?: number | null, moe_intermediate_size?: number | null, 
/**
 * The MLP width of a MoE's dense layers where it differs (Llama 4).
 */
intermediate_size_mlp?: number | null, 
/**
 * Every n-th layer has experts (Llama 4, Qwen2-MoE); DeepSeek keeps its first k layers dense.
 */
interleave_moe_layer_step?: number | null, decoder_sparse_step?: number | null, first_k_dense_replace?: number | null, 
/**
 * Group-limited routing: expert groups, and the groups a token's experts may come from.
 */
n_group?: number | null, topk_group?: number | null, 
/**
 * Shared experts every token uses: DeepSeek's count of the experts' width, Qwen2-MoE's width.
 */
n_shared_experts?: number | null, shared_expert_intermediate_size?: number | null, max_position_embeddings?: number | null, n_positions?: number | null, seq_length?: number | null, kv_lora_rank?: number | null, qk_rope_head_dim?: number | null, qk_nope_head_dim?: number | null, v_head_dim?: number | null, sliding_window?: number | null, use_sliding_window?: boolean | null, tie_word_embeddings?: boolean | null, _name_or_path?: string | null, model_type?: string | null, 
/**
 * Some multimodal configs nest the language model here.
 */
text_config?: HfConfig | null, };

export type HostDemand = { vcpus: number, memoryGib: number, };

export type Hpc = { precision?: Precision | null, 
/**
 * Total floating-point work, TFLOP.
 */
workTflop?: number | null, 
/**
 * Or a measured runtime on a reference accelerator.
 */
referenceHours?: number | null, referenceAccelerator?: string | null, memoryGibPerJob?: number | null, jobs?: number | null, 
/**
 * `dense` (HPL-like), `stencil` (CFD, the default) or `sparse`: which peak or bandwidth bounds the code.
 */
codeClass?: CodeClass | null, };

/**
 * A demand this accelerator cannot meet, with the figures that say so.
 */
export type Infeasible = { "code": "ttft", bestMs: number, targetMs: number, } | { "code": "itl", bestMs: number, targetMs: number, } | { "code": "memory", needGib: number, gpus: number, } | { "code": "itl-floor", floorMs: number, targetMs: number, gpus: number, };

export type Inference = { model: ModelInput, mode?: InferenceMode, 
/**
 * Weight precision. Left open, the layout search compares BF16, FP8 (on
 * GPUs with FP8 tensor cores) and INT4 weight-only (where the engine has
 * its kernels) by cost per token; the memory estimate without an
 * accelerator assumes BF16.
 */
precision?: Precision | null, 
/**
 * KV-cache precision (default BF16).
 */
kvPrecision?: Precision | null, promptTokens?: number | null, 
/**
 * The leading tokens of each prompt already in the serving engine's
 * prefix cache (a shared system prompt, a conversation's earlier turns,
 * a document asked about again): not prefilled again (vLLM's automatic
 * prefix caching, SGLang's RadixAttention, TensorRT-LLM's KV cache reuse).
 * Default 0; at most one fewer than `promptTokens` (the last token is
 * always computed for its logits).
 */
cachedPromptTokens?: number | null, outputTokens?: number | null, 
/**
 * Tokens held in the KV cache per sequence (default prompt + output).
 */
contextTokens?: number | null, concurrency?: number | null, requestsPerSecond?: number | null, 
/**
 * Batch mode: output tokens or requests per day.
 */
tokensPerDay?: number | null, requestsPerDay?: number | null, ttftTargetMs?: number | null, itlTargetMs?: number | null, 
/**
 * GPUs per replica (tensor parallel); default: the fewest that fit.
 */
gpus?: number | null, 
/**
 * The serving engine whose defaults and per-step costs apply (default `vllm`).
 */
engine?: ServingEngine | null, 
/**
 * Sequences in one running batch at most (vLLM `max_num_seqs`,
 * TensorRT-LLM `max_batch_size`); default: the engine's.
 */
maxSequences?: number | null, 
/**
 * How a replica's GPUs share the attention and other non-expert layers:
 * `tensor` (split, every GPU sees every token) or `data` (replicated, each
 * GPU its own requests, the routed experts spread over the GPUs:
 * TensorRT-LLM `enable_attention_dp`). Default: `data` for a mixture of
 * experts on more than one GPU (the layout its serving rows test) where
 * it fits, meets the targets and needs no more replicas than `tensor`,
 * `tensor` otherwise; a replica of one GPU is `tensor` (the two are the
 * same layout there).
 */
attentionParallelism?: AttentionParallelism | null, };

export type InferenceMode = "batch" | "online";

export type Jurisdiction = "EU" | "US" | "CN" | "UK" | "other" | "unknown";

/**
 * One layout and its step time.
 */
export type Layout = { 
/**
 * ZeRO stage of the data-parallel sharding (1: optimizer states, 3: everything).
 */
zeroStage: number, dataParallel: number, 
/**
 * GPUs sharing each sequence (1: none); the data-parallel ranks are counted apart.
 */
contextParallel: number, tensorParallel: number, pipelineParallel: number, expertParallel: number, 
/**
 * Each expert's tensor-parallel degree: the layout's tensor-parallel degree, or 1 with
 * experts whole (expert parallelism then spans tensor × data parallel).
 */
expertTensorParallel: number, microBatch: number, 
/**
 * Micro-batches per pipeline per step (gradient accumulation).
 */
microBatches: number, 
/**
 * Virtual pipeline stages per GPU (interleaved 1F1B); 1 without interleaving.
 */
virtualStages: number, stepSeconds: number, 
/**
 * Steady-state tokens per second per GPU (no restarts or evaluation).
 */
tokensPerSecondPerGpu: number, 
/**
 * Model FLOPs (6·N + attention, or the method's) per GPU-second over the GEMM format's peak.
 */
mfu: number, memoryPerGpuGib: number, parts: StepParts, };

/**
 * The best layout and the runner-up.
 */
export type LayoutChoice = { best: Layout, runnerUp: Layout | null, };

export type LoadProfile = { 
/**
 * Instances that run all the time (0 = scale to zero when idle).
 */
baseInstances: number, 
/**
 * Instances running at the peak, base included.
 */
peakInstances: number, peakHoursPerDay: number, 
/**
 * Days per month with a peak (default 730 / 24 ≈ 30.4: every day).
 */
daysPerMonth?: number | null, 
/**
 * Months the profile lasts (default 1).
 */
months?: number | null, 
/**
 * The extra peak instances survive evictions (stateless replicas), so the
 * blend may run them on spot even when the base must not be interrupted.
 */
peakInterruptible?: boolean, };

/**
 * Per-GPU memory, GiB.
 */
export type MemoryBreakdown = { totalGib: number, weightsGib: number, gradientsGib: number, optimizerGib: number, activationsGib: number, kvCacheGib: number, overheadGib: number, };

/**
 * A caution about a candidate: a stable code, its numbers, and words in en and zh.
 */
export type Message = { code: string, params: Record<string, number>, message: string, messageZh: string, };

/**
 * How the blended plan serves the base and the peak.
 */
export type Mix = { basePlan: PlanKind, baseUsd: number, peakPlan: PlanKind | null, peakUsd: number, text: string, textZh: string, };

/**
 * `model` in a request: a preset id, or an object (custom or `hfConfig`).
 */
export type ModelInput = string | ModelObject;

/**
 * `model` as an object: a custom model by its dimensions, or a pasted
 * `config.json` under `hfConfig` (one or the other).
 */
export type ModelObject = { hfConfig?: HfConfig | null, paramsB?: number | null, layers?: number | null, hiddenSize?: number | null, heads?: number | null, kvHeads?: number | null, headDim?: number | null, vocab?: number | null, contextTokens?: number | null, experts?: number | null, 
/**
 * Routed experts each token goes to (top-k), 1 to `experts`; default 2.
 */
expertsPerToken?: number | null, activeParamsB?: number | null, name?: string | null, };

/**
 * The numbers the estimators need; counts are whole, sizes in elements.
 */
export type ModelSpec = { id: string, name: string, 
/**
 * All parameters (memory); for MoE models every expert.
 */
paramsB: number, 
/**
 * Parameters used per token (compute); equals `params_b` for dense models.
 */
activeParamsB: number, layers: number, hiddenSize: number, heads: number, kvHeads: number, headDim: number, vocab: number, contextTokens: number, experts: number, 
/**
 * Routed experts each token uses (top-k); 0 for dense models.
 */
expertsPerToken: number, 
/**
 * Hidden size of one routed expert's MLP.
 */
moeIntermediateSize: number, 
/**
 * MLA (DeepSeek): the cached latent per token per layer is `kv_lora_rank + qk_rope_head_dim`.
 */
kvLoraRank: number, qkRopeHeadDim: number, 
/**
 * MLA: the query/key head size without the rotary part, and the value head size.
 */
qkNopeHeadDim: number, vHeadDim: number, 
/**
 * Sliding-window attention: window length and how many layers use it.
 */
slidingWindow: number, slidingLayers: number, 
/**
 * Layers with routed experts, where a MoE has dense layers too (Llama 4
 * Maverick every other layer, DeepSeek-V3 all but the first three); 0: every layer.
 */
moeLayers: number, 
/**
 * Group-limited routing (DeepSeek-V2 and V3, `n_group` and `topk_group` of their
 * config.json): the experts fall in this many equal groups and a token's experts come
 * from at most `routing_groups_per_token` of them; 0 without it.
 */
routingGroups: number, routingGroupsPerToken: number, intermediateSize: number, 
/**
 * Input embedding and output layer share one matrix.
 */
tiedEmbeddings: boolean, source: string, };

/**
 * Cumulative cash paid by the end of `month` (month 0: the purchase).
 */
export type MonthPoint = { month: number, ownedUsd: number, onDemandUsd: number | null, reserved1yUsd: number | null, reserved3yUsd: number | null, };

export type Offer = { 
/**
 * `provider/instance/region`, unique in the catalog.
 */
id: string, provider: string, instance: string, family: string, region: Region, accelerator: string, acceleratorName: string, acceleratorKind: AcceleratorKind, gpuCount: number, memoryPerGpuGib: number | null, 
/**
 * The instance's total GPU memory (all its GPUs); kept for callers of 0.1.
 */
gpuMemoryGib: number | null, 
/**
 * The same total, named as one.
 */
gpuMemoryTotalGib: number | null, 
/**
 * Memory of each GPU (a vGPU slice: the slice's); what fit rules compare with.
 */
gpuMemoryPerGpuGib: number | null, vcpus: number | null, memoryGib: number | null, prices: Prices, source: OfferSource, flags: Array<Flag>, };

/**
 * What `listOffers(filter)` accepts. Every field is optional.
 */
export type OfferFilter = { 
/**
 * One provider id (`azure`, `aws`, …) …
 */
provider?: string | null, 
/**
 * … or several.
 */
providers?: Array<string>, family?: string | null, 
/**
 * Canonical accelerator key, e.g. `H100`, `A100-80GB`.
 */
accelerator?: string | null, 
/**
 * Minimum GPU memory of the whole instance.
 */
minGpuMemoryGib?: number | null, 
/**
 * Minimum memory of each GPU device.
 */
minMemoryPerGpuGib?: number | null, 
/**
 * Exact GPU count (fractions for vGPU slices).
 */
gpuCount?: number | null, minGpuCount?: number | null, maxGpuCount?: number | null, region?: string | null, jurisdiction?: Jurisdiction | null, 
/**
 * The price to sort by (on-demand when absent); offers without it list last.
 */
priceKind?: PriceKind | null, 
/**
 * Keep only offers that have a known `priceKind` price.
 */
hasPrice?: boolean, 
/**
 * Case-insensitive words matched against provider, instance, accelerator and region.
 */
text?: string | null, sort?: SortKey | null, descending?: boolean, 
/**
 * At most this many offers (default 100, at most 10,000).
 */
limit?: number | null, offset?: number | null, 
/**
 * Your own prices: discounts, overrides, exchange rates, custom offers.
 */
userPrices?: UserPrices, 
/**
 * The day price ages are counted on (yyyy-mm-dd): prices more than 365
 * days older are flagged `stale`. The module fills in the reader's today
 * (`Date.now()`); give it for a reproducible answer.
 */
today?: string | null, };

/**
 * What `listOffers` returns: the matching count and one page of offers.
 */
export type OfferList = { 
/**
 * Offers matching the filter, before `limit`/`offset`.
 */
total: number, offers: Array<Offer>, };

/**
 * An offer left out, in brief, and why.
 */
export type OfferRef = { id: string, provider: string, instance: string, region: string, accelerator: string, };

export type OfferSource = { name: string, path: string, commit: string, 
/**
 * Snapshot date (yyyy-mm-dd), `null` when the source is undated.
 */
date: string | null, dateNote: string, 
/**
 * Price kinds computed from a discount level rather than published.
 */
derived: Array<PriceKind>, };

export type OffersByAge = { within90Days: number, within365Days: number, over365Days: number, undated: number, };

export type Optimizer = "adam" | "adam8bit" | "sgd";

export type OriginalPrice = { currency: string, onDemand: number, 
/**
 * Units of `currency` per USD used for `onDemand` in USD.
 */
unitsPerUsd: number, rateDate: string, rateSource: string, };

/**
 * Assumptions a user may replace; each is echoed back under `assumptions`.
 */
export type Overrides = { 
/**
 * Training: fraction of dense peak reached (MFU-like), replacing the generation default.
 */
utilization?: number | null, 
/**
 * Inference: fraction of peak reached in prefill.
 */
prefillEfficiency?: number | null, 
/**
 * Inference: fraction of memory bandwidth reached in decode (MBU).
 */
bandwidthEfficiency?: number | null, 
/**
 * Multi-GPU scaling efficiency (0–1).
 */
scalingEfficiency?: number | null, 
/**
 * Framework and CUDA memory per GPU, GiB.
 */
overheadGib?: number | null, 
/**
 * Your measured throughput: training tokens/s per GPU, or inference output tokens/s per replica.
 */
measuredTokensPerSecond?: number | null, 
/**
 * The accelerator the measurement ran on. Other accelerators scale it by
 * peak TFLOPS (training) or memory bandwidth (inference); without it the
 * measurement applies as given.
 */
measuredAccelerator?: string | null, 
/**
 * HPC: fraction of FP64/FP32 peak the code reaches.
 */
hpcEfficiency?: number | null, };

export type Owned = { totalUsd: number, 
/**
 * The purchase price written off within the horizon.
 */
capexUsd: number, colocationUsd: number, electricityUsd: number, staffUsd: number, 
/**
 * Total ÷ GPU-hours of useful work; `null` at 0% utilization.
 */
usdPerUsedGpuHour: number | null, usdPerGpuHourAtFullUse: number, };

export type ParsedCatalog = { 
/**
 * Offers in the documented schema, ready for `userPrices.customOffers`.
 */
offers: Array<CustomOffer>, };

/**
 * One `phases[]` entry. `W` is the workload type of the request layer.
 */
export type Phase<W> = { name: string, workload: W, 
/**
 * The plan for this phase; default the request's plan.
 */
plan?: PlanKind | null, 
/**
 * Services: months in this phase (default the request's `pricing.months`); jobs run until done.
 */
months?: number | null, };

export type PhaseAnswer = { name: string, 
/**
 * The phase's top candidate (`null` when no offer meets every constraint).
 */
offerId: string | null, plan: PlanKind | null, 
/**
 * The chosen plan's total over the phase (USD) and its wall-clock hours.
 */
cost: PhaseCost, 
/**
 * The phase's own `excludedTotal` and candidate count, to judge it by.
 */
candidates: number, };

/**
 * What one phase costs on one candidate set.
 */
export type PhaseCost = { 
/**
 * USD; `null` when the phase's plan has no price.
 */
total: number | null, 
/**
 * Wall-clock hours of the phase.
 */
hours: number, };

/**
 * A phased project: each phase's top candidate, then the sum.
 */
export type PhasesAnswer = { phases: Array<PhaseAnswer>, 
/**
 * Phases run one after another: hours add up; the total is `null` when any phase's is unknown.
 */
project: ProjectCost, };

/**
 * How pipeline stages take turns: Megatron-Core's interleaved 1F1B, each GPU
 * holding several virtual stages, divides the bubble by their number
 * (Narayanan et al. 2021 §2.2); plain 1F1B (DeepSpeed's pipeline engine,
 * Megatron-LM without `--num-layers-per-virtual-pipeline-stage`) leaves
 * (stages − 1) / micro-batches of each step idle.
 */
export type PipelineSchedule = "interleaved" | "1f1b";

/**
 * A plan's cost as the API returns it.
 */
export type PlanCost = { 
/**
 * USD for the whole horizon (the job, or `months` of service).
 */
total: number, 
/**
 * Fleet cost per wall-clock hour: total ÷ hours; for a reservation
 * longer than the work, per hour of the committed term.
 */
usdPerHour: number, 
/**
 * Wall-clock hours to finish, or in service over the horizon.
 */
hours: number, 
/**
 * Services only: total ÷ months.
 */
usdPerMonth: number | null, gpuHoursPerMonth: number | null, 
/**
 * Reserved: the share of committed hours above which it beats on-demand.
 */
breakEvenUtilization: number | null, 
/**
 * Reserved: the share of committed hours the load uses.
 */
commitmentUtilization: number | null, 
/**
 * Reserved, steady service: months of service from which the reservation
 * beats on-demand (`null`: it never does within its term, or a job).
 */
breakEvenMonths: number | null, 
/**
 * Reserved: what is committed to, whatever the work uses of it.
 */
commitment: Commitment | null, breakdown: Array<CostLine>, };

/**
 * A plan's figures as `PlanCost` gives them.
 */
export type PlanFigures = { total: number, usdPerHour: number, hours: number, 
/**
 * Services only.
 */
usdPerMonth: number | null, };

/**
 * The plan a ranking uses (`pricing.plan`).
 */
export type PlanKind = "onDemand" | "reserved1y" | "reserved3y" | "spot" | "blended" | "best";

/**
 * `new Planner(options)`.
 */
export type PlannerOptions = { 
/**
 * Your prices, applied once to every answer of this planner.
 */
userPrices?: UserPrices, 
/**
 * The day price ages are counted on (yyyy-mm-dd) for every call that
 * gives none; the module fills in the reader's today (`Date.now()`).
 */
today?: string | null, };

export type Precision = "fp64" | "fp32" | "bf16" | "fp16" | "fp8" | "int8" | "int4";

export type PriceKind = "onDemand" | "spot" | "reserved1y" | "reserved3y";

/**
 * USD per instance-hour; a field left out keeps the catalog's price.
 */
export type PriceOverride = { onDemand?: number | null, spot?: number | null, reserved1y?: number | null, reserved3y?: number | null, };

/**
 * USD per instance-hour; `null` when unknown.
 */
export type Prices = { onDemand: number | null, spot: number | null, reserved1y: number | null, reserved3y: number | null, currency: string, 
/**
 * The price as published where that was not USD, and the rate used.
 */
original: OriginalPrice | null, };

export type Pricing = { userPrices?: UserPrices, 
/**
 * Extra run time from virtualization, 0–0.15 (default 0.05).
 */
virtualizationOverhead?: number | null, 
/**
 * Hours a month a service runs (inference online; default 730 = always on).
 */
serviceHours?: number | null, 
/**
 * The plan the ranking uses (default `best`: the cheapest plan that fits the load).
 */
plan?: PlanKind, 
/**
 * Months a service is costed for: its horizon (default 12).
 */
months?: number | null, 
/**
 * A load profile for the blended plan, in units of the fitted deployment.
 */
load?: LoadProfile | null, 
/**
 * Reserved capacity the work leaves idle serves other work: charge only the hours used.
 */
capacityReused?: boolean, 
/**
 * Spot evictions per instance-hour, replacing the provider default.
 */
evictionPerHour?: number | null, checkpointHours?: number | null, restartHours?: number | null, 
/**
 * Share of paid time the GPUs do useful work (default 1).
 */
utilization?: number | null, 
/**
 * An API's price, to compare self-hosting with (inference).
 */
apiPrice?: ApiPrice | null, storage?: Array<StorageItem>, egressGbPerMonth?: number | null, managedSurchargePct?: number | null, staffUsdPerMonth?: number | null, delayCostUsdPerDay?: number | null, 
/**
 * Shared GPU desktops on a provider where you bring the NVIDIA vGPU
 * licences: your price per concurrent desktop per month (RTX vWS), USD.
 * Without it the list price of `data/vgpu_licence_prices.csv` is used, or the line is unknown.
 */
vgpuLicenceUsdPerDesktopMonth?: number | null, };

export type Priorities = { rank?: Rank, 
/**
 * Candidates returned (default 50, at most 1,000): the page's size.
 */
limit?: number | null, 
/**
 * Candidates skipped before the first returned (default 0): with
 * `limit`, pages through every candidate (`counts.candidates` of them).
 */
offset?: number | null, 
/**
 * "Why not" entries returned with the answer (default 100, at most 10,000);
 * `whyNot` pages through the rest.
 */
excludedLimit?: number | null, };

/**
 * The project over its whole horizon.
 */
export type ProjectCost = { 
/**
 * USD; `null` when any phase's cost is unknown (never a partial sum).
 */
total: number | null, 
/**
 * Phases run one after another: hours add up.
 */
hours: number, };

export type ProofOfConcept = { offerId: string, hours: number, costUsd: number, advice: string, adviceZh: string, };

export type ProviderInfo = { id: string, offerCount: number, pricedOfferCount: number, families: Array<string>, jurisdictions: Array<Jurisdiction>, sources: Array<SourceInfo>, };

/**
 * An estimate or assumption: its expected value and its low–high range.
 */
export type Range = { low: number, expected: number, high: number, };

export type Rank = "cheapest" | "risk-adjusted" | "fastest" | "balanced" | "greenest";

export type Raw = { gpuMemoryGib: number, gpuCount?: number | null, hours?: number | null, precision?: Precision | null, 
/**
 * Any case: `infiniband`, `roce`, `efa`, `rdma` require RDMA between instances;
 * `ethernet`, `nvlink`, `pcie`, `none` do not.
 */
interconnect?: string | null, 
/**
 * Allow the GPUs to be spread over several instances (default: one instance holds them all).
 */
spread?: boolean, };

export type RecommendRequest = { 
/**
 * As in `estimate`: `{ kind, … }`.
 */
workload: Workload, constraints?: Constraints, pricing?: Pricing, priorities?: Priorities, overrides?: Overrides, 
/**
 * The day price ages are counted on (yyyy-mm-dd): prices more than 365
 * days older are `stale` and weigh as doubtful data. The module fills in
 * the reader's today (`Date.now()`); give it for a reproducible answer.
 */
today?: string | null, 
/**
 * A project in phases ("train, then serve"): each phase is ranked with
 * this request's constraints and pricing, and the answer's `phases` sums
 * the top candidate of each (at most 20).
 */
phases?: Array<Phase<Workload>>, 
/**
 * As in `estimate`: "does this need a GPU?" (Amdahl's law with the PCIe
 * copies). When it says a GPU will not pay off, the answer's `verdict`
 * says so first and labels the candidates "if you use a GPU anyway".
 */
gpuCheck?: GpuCheckInput | null, };

/**
 * `recommend`'s answer; `recommendRows` answers the same with each candidate
 * as a `CandidateRow`.
 */
export type RecommendResponse<C = Candidate> = { 
/**
 * With `gpuCheck`: whether a GPU pays off at all, said before the
 * candidates (which then are "if you use a GPU anyway"); else `null`.
 */
verdict: Verdict | null, 
/**
 * The workload's demand, independent of any offer.
 */
demand: EstimateResponse, 
/**
 * Best first, at most `priorities.limit`.
 */
candidates: Array<C>, 
/**
 * At most `priorities.excludedLimit` (default 100), in the order of `whyNot`.
 */
excluded: Array<Excluded>, 
/**
 * Every offer left out; `whyNot` pages through them.
 */
excludedTotal: number, 
/**
 * Ids of candidates no other candidate beats on both cost and time.
 */
paretoFront: Array<string>, proofOfConcept: ProofOfConcept | null, 
/**
 * Where buy vs rent (`tco`) starts for this answer: the cheapest ranked
 * offer comparable to the top candidate (same accelerator, same GPUs per
 * instance) with an on-demand price; `null` when none is in the embedded catalog.
 */
buyVsRent: BuyVsRentStart | null, 
/**
 * With `phases`: each phase's top candidate and the project's sum; else `null`.
 */
phases: PhasesAnswer | null, 
/**
 * With `constraints.deadlineHours`: the layout the ranking chose on each
 * accelerator to finish in time (its best-ranked candidate), so an
 * estimate on that accelerator shows the same GPUs and hours; else `null`.
 */
deadline: DeadlineAnswer | null, counts: Counts, notes: Array<string>, };

export type Recompute = "none" | "selective" | "full" | "selective-op";

export type Region = { id: string, nameEn: string, nameZh: string | null, city: string, country: string, continent: string, jurisdiction: Jurisdiction, 
/**
 * Grid carbon intensity (gCO2e/kWh) and its dataset; `null` when unknown.
 */
carbonGPerKwh: number | null, carbonSource: string, 
/**
 * Data-centre PUE and its source; `null` when unknown.
 */
pue: number | null, pueSource: string, };

export type Render = { frames: number, minutesPerFrame: number, referenceAccelerator: string, memoryGib?: number | null, };

export type RentPlan = { plan: PlanKind, usdPerGpuHour: number, 
/**
 * Over the horizon: on-demand pays used hours; reservations every hour of whole terms.
 */
totalUsd: number, usdPerUsedGpuHour: number | null, owningCheaper: boolean, };

export type Scorecard = { demandFit: Dimension, hardware: Dimension, cloudOffering: Dimension, cost: Dimension, softwareEcosystem: Dimension, securityCompliance: Dimension, };

/**
 * Whether tensor parallelism also splits the sequence in the regions between its GEMMs
 * (Korthikanti et al. 2022, arXiv 2205.05198 §4.2.2: Megatron-LM's `--sequence-parallel`,
 * Megatron-Core's recipes whenever TP > 1, torchtitan's tensor-parallel plan). Without it
 * (GPT-NeoX, which “does not currently support sequence parallelism”, EleutherAI/gpt-neox
 * issue 980, 2023; Megatron-DeepSpeed and SwissArmyTransformer, whose tensor-parallel layers
 * all-reduce after each GEMM) every tensor-parallel rank runs the layer norms, dropouts and
 * residual adds on the whole sequence and keeps their activations whole.
 */
export type SequenceParallel = "on" | "off";

/**
 * Serving engines with different defaults and host costs (`perf::serving`).
 */
export type ServingEngine = "vllm" | "vllm-0.5" | "vllm-0.10" | "tensorrt-llm";

/**
 * One serving layout on one accelerator: `gpus_per_replica` GPUs in tensor
 * parallel, `replicas` of them for the load, and how each runs.
 */
export type ServingLayout = { 
/**
 * Weight precision of the replica: the request's, or the one the search
 * chose when the request left it open (`serving_precisions`).
 */
precision: Precision, gpusPerReplica: number, 
/**
 * How the replica's GPUs share the attention and other non-expert
 * layers: split (`tensor`) or each GPU a whole copy serving its own
 * requests, the routed experts spread over them (`data`).
 */
attentionParallelism: AttentionParallelism, replicas: number, ttftMs: number, itlMs: number, 
/**
 * Output tokens per second of one replica at its share of the load.
 */
tokensPerSecond: number, 
/**
 * Sequences in flight per replica, and the most its KV cache holds.
 */
batch: number, maxBatch: number, 
/**
 * The weights one token reads (of a mixture of experts, the layers
 * outside the routed experts and the experts it is routed to) over HBM
 * bandwidth × GPUs per replica: no token is faster.
 */
bandwidthFloorMs: number, 
/**
 * GPU memory per GPU of this layout, GiB: its weights over the tensor-
 * parallel degree, the KV cache of its batch, the engine's reserve, the overhead.
 */
memoryPerGpuGib: number, 
/**
 * GPU-hours per million output tokens at the stated load (cost per token
 * before price; the offer's price per GPU-hour turns it into money).
 */
gpuHoursPerMillionTokens: number, };

/**
 * A serving layout on one offer: GPUs per replica (tensor parallel),
 * replicas, instances of the offer they need, and how a replica runs.
 */
export type ServingOption = { instances: number, 
/**
 * Weight precision of the replica: the request's, or the one the search
 * chose when the request left it open (`serving_precisions`).
 */
precision: Precision, gpusPerReplica: number, 
/**
 * How the replica's GPUs share the attention and other non-expert
 * layers: split (`tensor`) or each GPU a whole copy serving its own
 * requests, the routed experts spread over them (`data`).
 */
attentionParallelism: AttentionParallelism, replicas: number, ttftMs: number, itlMs: number, 
/**
 * Output tokens per second of one replica at its share of the load.
 */
tokensPerSecond: number, 
/**
 * Sequences in flight per replica, and the most its KV cache holds.
 */
batch: number, maxBatch: number, 
/**
 * The weights one token reads (of a mixture of experts, the layers
 * outside the routed experts and the experts it is routed to) over HBM
 * bandwidth × GPUs per replica: no token is faster.
 */
bandwidthFloorMs: number, 
/**
 * GPU memory per GPU of this layout, GiB: its weights over the tensor-
 * parallel degree, the KV cache of its batch, the engine's reserve, the overhead.
 */
memoryPerGpuGib: number, 
/**
 * GPU-hours per million output tokens at the stated load (cost per token
 * before price; the offer's price per GPU-hour turns it into money).
 */
gpuHoursPerMillionTokens: number, };

/**
 * The serving layout chosen on one offer and the runner-up.
 */
export type ServingView = { chosen: ServingOption, runnerUp: ServingOption | null, };

export type SortKey = "price" | "pricePerGpu" | "gpuMemory" | "gpuCount" | "provider" | "instance";

export type SourceInfo = { name: string, path: string, commit: string, date: string | null, dateNote: string, offerCount: number, };

/**
 * Seconds of one optimizer step, by part, on one GPU.
 */
export type StepParts = { gemmS: number, attentionS: number, elementwiseS: number, dequantS: number, tensorParallelS: number, 
/**
 * The context-parallel ring's key and value exchange beyond the attention it hides behind.
 */
contextParallelS: number, expertAllToAllS: number, 
/**
 * Host time of a synchronised MoE dispatcher (`EXPERT_HOST_S_PER_LOCAL_EXPERT`).
 */
expertHostS: number, pipelineBubbleS: number, dataParallelExposedS: number, optimizerS: number, };

/**
 * Storage the work keeps for the horizon.
 */
export type StorageItem = { 
/**
 * `object`, `objectCool`, `archive`, `blockSsd` or `blockHdd`.
 */
kind: string, gb: number, };

/**
 * A value the result used and where it came from.
 */
export type TcoAssumption = { name: string, 
/**
 * `null` when unknown.
 */
value: number | null, unit: string, source: string, 
/**
 * `source` in Simplified Chinese.
 */
sourceZh: string, };

/**
 * `tco(request)`. Every field is optional; defaults in docs/COST.md.
 */
export type TcoRequest = { server?: TcoServer, years?: number | null, 
/**
 * Share of hours the GPUs do useful work, 0–1.
 */
utilization?: number | null, rentUsdPerGpuHour?: number | null, rentReserved1yUsdPerGpuHour?: number | null, rentReserved3yUsdPerGpuHour?: number | null, 
/**
 * A catalog offer id (`provider/instance/region`) to rent instead.
 */
rentOfferId?: string | null, pue?: number | null, electricityUsdPerKwh?: number | null, colocationUsdPerKwMonth?: number | null, staffUsdPerYear?: number | null, 
/**
 * Years over which the purchase is written off (default: the horizon).
 */
depreciationYears?: number | null, 
/**
 * Share of maximum power drawn while busy.
 */
busyPowerFraction?: number | null, 
/**
 * Share of busy power drawn while idle.
 */
idlePowerFraction?: number | null, };

export type TcoResponse = { assumptions: Array<TcoAssumption>, horizonHours: number, owned: Owned, rent: Array<RentPlan>, 
/**
 * Owning beats renting on demand above this utilization; `null` when it never does.
 */
breakEvenUtilization: number | null, 
/**
 * At the given utilization, the month the cumulative on-demand rent
 * passes the cumulative cost of owning (the purchase paid up front);
 * `null` when it never does. May lie beyond the horizon.
 */
breakEvenMonth: number | null, monthly: Array<MonthPoint>, notes: Array<string>, notesZh: Array<string>, };

export type TcoServer = { priceUsd?: number | null, gpus?: number | null, 
/**
 * Maximum power draw of the server, kW.
 */
powerKw?: number | null, 
/**
 * Its GPUs' catalog key (default `H100`): the default rent is the cheapest
 * catalog offer with this accelerator and as many GPUs.
 */
accelerator?: string | null, };

/**
 * Whether the framework hides the tensor-parallel all-reduces behind the
 * neighbouring GEMMs: Megatron-Core with Transformer Engine splits them to
 * overlap (Wang et al. 2022); Megatron-LM before it, Megatron-DeepSpeed and
 * GPT-NeoX all-reduce after each GEMM, so the whole reduction waits.
 */
export type TensorParallelOverlap = "overlapped" | "none";

export type Training = { model: ModelInput, 
/**
 * Training tokens.
 */
tokens: number, method?: FinetuneMethod | null, precision?: Precision | null, 
/**
 * Sequence length per sample (default 4096, or the model's context if shorter).
 */
contextTokens?: number | null, microBatch?: number | null, recompute?: Recompute | null, 
/**
 * ZeRO stage (FSDP FULL_SHARD = 3, PyTorch's default).
 */
zeroStage?: number | null, gpus?: number | null, tensorParallel?: number | null, pipelineParallel?: number | null, 
/**
 * GPUs sharing each sequence (Megatron-Core's `context_parallel_size`): each holds and
 * computes its share of every sequence and passes keys and values round a ring; a
 * power of two, the sequence split into 2 × this many equal chunks. Left out, the layout
 * search tries it wherever each GPU keeps at least 4,096 tokens.
 */
contextParallel?: number | null, 
/**
 * `ring` (default) or `all-gather`: how the context-parallel ranks exchange keys and
 * values (read only at CP > 1).
 */
contextParallelExchange?: ContextParallelExchange | null, 
/**
 * A mixture-of-experts model's routed experts split over this many GPUs of a pipeline
 * stage (it divides the experts; the data-parallel ranks are taken in whole groups of
 * it); left out, the layout search chooses it.
 */
expertParallel?: number | null, 
/**
 * Each expert's tensor-parallel degree (Megatron-Core's `expert_tensor_parallel_size`):
 * `1` keeps experts whole, expert parallelism then spanning tensor × data parallel, as
 * Megatron-Bridge's MoE recipes set it; the tensor-parallel degree splits each expert like
 * the dense layers (Megatron-Core's default). Left out, the layout search compares both.
 */
expertTensorParallel?: number | null, 
/**
 * `host-synchronized` (Megatron-Core's dropless dispatcher) or `device` (DeepSeek-V3's
 * stack, static shapes): whether a MoE layer's experts wait for the host. Left out, the
 * estimate expects the wait and its range's fast end has none.
 */
expertDispatch?: ExpertDispatch | null, 
/**
 * `per-expert` (an NCCL all-to-all, Megatron-Core's default dispatcher) or `per-node`
 * (DeepEP, HybridEP, DeepSeek-V3's stack): how often a token crosses the network when the
 * expert-parallel group spans nodes. Left out, `per-expert` expected, `per-node` at the
 * range's fast end.
 */
expertAllToAll?: ExpertAllToAll | null, 
/**
 * `transformer-engine` (default: NeMo, Megatron-Core) or `torchao` (torchtitan, OLMo-core):
 * whose kernels run the FP8 linear layers; read only when the precision is FP8.
 */
fp8Recipe?: Fp8Recipe | null, 
/**
 * `interleaved` (default) or `1f1b`: how pipeline stages take turns.
 */
pipelineSchedule?: PipelineSchedule | null, 
/**
 * `overlapped` (default) or `none`: whether the tensor-parallel all-reduces hide behind GEMMs.
 */
tensorParallelOverlap?: TensorParallelOverlap | null, 
/**
 * `on` (default) or `off`: whether tensor parallelism splits the layer norms, dropouts and
 * residual adds by sequence too (read only at TP > 1).
 */
sequenceParallel?: SequenceParallel | null, optimizer?: Optimizer | null, loraRank?: number | null, 
/**
 * The network between nodes, any case: `infiniband`, `roce`, `efa`, `rdma`; `ethernet` or
 * `none` (no RDMA); `nvlink` and `pcie` read as RDMA-class.
 */
interconnect?: string | null, gpusPerNode?: number | null, 
/**
 * The fabric between instances in Gb/s per GPU and direction (a p4d's 4 × 100 Gb/s
 * over 8 GPUs is 50). Left out, `recommend` reads each offer's stated fabric
 * and `estimate` assumes 400 (one NDR NIC per GPU), or `interconnect`'s.
 */
interNodeGbpsPerGpu?: number | null, 
/**
 * Tokens per optimizer step (default 4M for pre-training, 64 sequences for fine-tuning).
 */
globalBatchTokens?: number | null, };

/**
 * The `userPrices` part of a request.
 */
export type UserPrices = { 
/**
 * Percent off list prices per provider id (enterprise agreements), 0–100.
 * Applies to on-demand and reserved prices, not to spot.
 */
discounts?: { [key in string]: number }, 
/**
 * Prices you pay for particular offers, by offer id (`provider/instance/region`).
 */
overrides?: { [key in string]: PriceOverride }, 
/**
 * Units of a currency per US dollar, e.g. `{ "CNY": 7.2 }`, replacing the catalog's rate.
 */
exchangeRates?: { [key in string]: number }, 
/**
 * Offers from your own catalog; one with the id of a catalog offer replaces it.
 */
customOffers?: Array<CustomOffer>, };

export type Vdi = { desktops: number, 
/**
 * GPU memory per desktop, GiB (the vGPU profile).
 */
profileGib: number, graphicsApis?: Array<string>, hoursPerMonth?: number | null, 
/**
 * Host vCPUs each desktop needs (default 4).
 */
vcpusPerDesktop?: number | null, 
/**
 * Host RAM each desktop needs, GiB (default 16).
 */
memoryGibPerDesktop?: number | null, };

/**
 * The answer to "does this need a GPU?", leading the answer.
 */
export type Verdict = { 
/**
 * `no-gpu` (a GPU will not pay off) or `gpu` (it should).
 */
code: string, gpuPaysOff: boolean, 
/**
 * The check's verdict in words, English and Simplified Chinese.
 */
message: string, messageZh: string, 
/**
 * What the candidates are: "If you use a GPU anyway" under `no-gpu`.
 */
candidatesLabel: string, candidatesLabelZh: string, 
/**
 * The check's numbers (as `estimate`'s `gpuCheck`).
 */
check: GpuCheck, };

export type VersionInfo = { version: string, catalogFormat: number, };

/**
 * Which "why not" entries to return: one reason code or all, from `offset`.
 */
export type WhyNotPage = { code?: string | null, offset?: number | null, 
/**
 * Default 100, at most 10,000.
 */
limit?: number | null, };

export type WhyNotResponse = { 
/**
 * Excluded offers with this code (or all), before paging.
 */
total: number, offset: number, excluded: Array<Excluded>, };

/**
 * What the user wants to do, by `workload.kind`: `{ kind, … }`, the other
 * keys the fields of the kind (read by hand below, so that serde_json and the
 * crate's reader both accept the documented objects).
 */
export type Workload = { "kind": "pretrain" } & Training | { "kind": "finetune" } & Training | { "kind": "inference" } & Inference | { "kind": "hpc" } & Hpc | { "kind": "render" } & Render | { "kind": "vdi" } & Vdi | { "kind": "devtest" } & Devtest | { "kind": "raw" } & Raw;
