// The Chinese page, walked panel by panel and state by state: every word in
// Latin script it shows must be a name (a product, provider, instance type,
// model, region id, cited source), a unit or an abbreviation of the trade.
// Any other English word fails the test with where it was seen.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, startSession } from './browser.mjs';

let session;
before(async () => { session = await startSession(); });
after(async () => { await session?.close(); });

/** Units, abbreviations and names of the trade, and the sources the engine cites by name. */
const ALLOWED = `
GiB GB MB kB TB MiB kW kWh W ms s h TFLOPS TFLOP TFLOPs FLOPs FLOP TOPS GB/s gCO2e CO2e kg USD CNY EUR US$ API CSV JSON
GPU GPUs CPU vCPU vCPUs RAM HBM PUE MFU TTFT ITL KV LoRA QLoRA NF4 MoE MLA FP8 FP16 BF16 FP32 FP64 INT8 INT4 TF32 bf16 fp8 fp16 int8 int4 fp32 fp64
Adam SGD ZeRO FSDP FULL_SHARD PyTorch CUDA ROCm XLA Neuron NVLink NVLink3 NVLink4 NVLink5 PCIe InfiniBand RDMA RoCE Ethernet vGPU vWS RTX NVIDIA AMD Intel
HIPAA BAA SOC ISO GDPR DPA PCI DSS FedRAMP MLPS CAD DirectX OpenGL Vulkan VDI HPC CFD HPL ND SXM PCIe TPU ASIC FPGA
gpuplan Hugging Face config.json vLLM NIM llm-analysis llm-compressor lm_head EleutherAI cookbook Korthikanti Megatron-LM Megatron-Core Megatron-Bridge DeepEP MosaicML NeMo PaLM torchtitan torchao bitsandbytes
DeepSeek-V3 Llama LLaMA BLOOM MPT Qwen Mistral Mixtral Gemma Phi Ampere Hopper Blackwell Volta Ada Lovelace Turing
Epoch AI CBRE Viperatech agoradigest.com Spheron DGX Cloud Carbon Footprint GCP AWS Azure Google Alibaba Cyclenerd google-cloud-pricing-cost-calculator SKU SKUs
estimation_formulas.md calibration.csv gpu_memory_utilization scalingEfficiency overrides server_TDP_fraction idle max pricing.yml
DP TP PP EP GEMM arXiv achieved_efficiency.csv serving_calibration.csv max_num_seqs globalBatchTokens
attentionParallelism enable_attention_dp data-parallel-size enable-expert-parallel v1.0
NCCL all-to-all HybridEP
AWQ GPTQ Marlin W4A16 W8A8 Kurtic ACL precision
TensorRT-LLM kv_cache_free_gpu_mem_fraction max_batch_size engine vllm vllm-0.10 vllm-0.5 tensorrt-llm Lambda agoradigest.com Spheron
Arm Graviton Grace x86 arm64 Windows token tokens tokens/s req/s e.g. x h½ N D h Q K V O MLP ID HTML Type II Spot English Language B num_hidden_layers hidden_size
`.split(/\s+/).filter(Boolean);

/** A word in Latin script: not glued to a number before it ("200M", "1T", "4x-…" are figures and names). */
const WORD = String.raw`(?<![A-Za-z0-9_])[A-Za-z][A-Za-z0-9_.'½-]*`;

/** Names the catalog itself holds: providers, instance types, accelerators, regions, families, models, sources. */
async function catalogWords(page) {
  return page.evaluate(async (pattern) => {
    const engine = await import('/pkg/gpuplan.js');
    const info = engine.catalogInfo();
    const words = new Set();
    const add = (text) => { for (const m of String(text ?? '').matchAll(new RegExp(pattern, 'g'))) words.add(m[0].replace(/[.'-]+$/, '')); };
    for (const p of info.providers) { add(p.id); for (const s of p.sources ?? []) add(`${s.name} ${s.path} ${s.commit}`); }
    for (const a of info.accelerators) { add(a.key); add(a.fullName); add(a.architecture); add(a.interconnect); add((a.aliases ?? []).join(' ')); }
    for (const m of engine.listModels()) { add(m.id); add(m.name); }
    const offers = [];
    for (let offset = 0; ; offset += 10000) {
      const page = engine.listOffers({ limit: 10000, offset });
      offers.push(...page.offers);
      if (!page.offers.length || offers.length >= page.total) break;
    }
    for (const o of offers) {
      add(o.instance); add(o.family); add(o.region.id); add(o.region.nameZh); add(o.region.nameEn); add(o.acceleratorName); add(o.source.name); add(o.source.path); add(o.region.carbonSource); add(o.region.pueSource);
    }
    return [...words];
  }, WORD);
}

/**
 * Every word in Latin script the page shows now: rendered text, titles, placeholders and options;
 * with `selector`, the whole text of that part of the page, shown or folded.
 */
function latinWords(page, selector = null) {
  return page.evaluate(([pattern, selector]) => {
    // A part read whole: its text nodes one by one, so neighbouring cells do not run together.
    const whole = (el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const parts = [];
      while (walker.nextNode()) parts.push(walker.currentNode.data);
      return parts.join(' ');
    };
    const texts = [selector ? whole(document.querySelector(selector)) : document.body.innerText];
    for (const el of document.querySelectorAll('[title], [placeholder], [aria-label]')) {
      if (el.closest('[hidden]')) continue;
      texts.push(el.getAttribute('title') ?? '', el.getAttribute('placeholder') ?? '', el.getAttribute('aria-label') ?? '');
    }
    for (const option of document.querySelectorAll('select option')) texts.push(option.textContent);
    for (const t of document.querySelectorAll('svg title, svg text')) texts.push(t.textContent);
    const found = [];
    for (const text of texts) {
      for (const m of text.matchAll(new RegExp(pattern, 'g'))) {
        const word = m[0].replace(/[.'-]+$/, '');
        found.push([word, text.slice(Math.max(0, m.index - 30), m.index + word.length + 30).replace(/\s+/g, ' ')]);
      }
    }
    return found;
  }, [WORD, selector]);
}

async function settle(page) {
  await page.waitForFunction(() => document.querySelector('#recommend-summary').textContent !== '' || !document.querySelector('#recommend-error').hidden);
}

test('the Chinese page shows no English word outside names, units and abbreviations, in every panel and state', async () => {
  const { page, problems } = await openPage(session, '/?v=1&lang=zh-CN&w.kind=finetune&w.model=qwen2.5-7b&w.tokens=200M&w.accelerator=L4',
    { viewport: { width: 1400, height: 900 } });
  const allowed = new Set([...ALLOWED, ...(await catalogWords(page))].map((w) => w.toLowerCase()));
  const unexpected = new Map();
  const look = async (state, selector = null) => {
    for (const [word, context] of await latinWords(page, selector)) {
      // A commit hash is a name too.
      if (allowed.has(word.toLowerCase()) || /^[0-9a-f]{7,40}$/.test(word)) continue;
      if (!unexpected.has(word)) unexpected.set(word, `${state}: …${context}…`);
    }
  };
  const openAll = () => page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
  for (const preset of ['lora', 'serve70b', 'pretrain7b', 'cfd', 'render', 'vdi', 'devbox']) {
    await page.click(`[data-scenario="${preset}"]`);
    await settle(page);
    await openAll();
    await look(preset);
  }
  // A mixture of experts served on several GPUs: its note and its attention layout.
  await page.click('[data-scenario="serve70b"]');
  await settle(page);
  await page.selectOption('#w-model', 'llama-4-maverick');
  await page.waitForFunction(() => document.querySelector('#estimate-details').textContent.includes('混合专家（MoE）推理'));
  await settle(page);
  await openAll();
  await look('MoE serving');
  // Its notes and assumptions, read whole (the estimate's details are folded on this view).
  await look('MoE serving, the estimate\'s details', '#estimate-details');
  await page.click('#candidates tbody tr:first-child td:nth-child(2)');
  await page.waitForSelector('#offer-detail[open]');
  await look('MoE serving, candidate details');
  await page.keyboard.press('Escape');
  // Two candidates side by side, an offer's details, a listed offer's details.
  await page.click('[data-scenario="serve70b"]');
  await settle(page);
  const boxes = page.locator('#candidates tbody input[type="checkbox"]');
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await look('compare');
  await page.click('#candidates tbody tr:first-child td:nth-child(2)');
  await page.waitForSelector('#offer-detail[open]');
  await look('candidate details');
  await page.keyboard.press('Escape');
  await page.click('#offers tbody tr:first-child');
  await page.waitForSelector('#offer-detail[open]');
  await look('offer details');
  await page.keyboard.press('Escape');
  // Buy or rent, and errors: a word where a number belongs, a number out of range, a config.json that is not JSON.
  await openAll();
  await page.fill('#tco-price', '250k');
  await page.waitForSelector('#tco-result svg');
  await look('buy or rent');
  await page.click('[data-scenario="lora"]');
  await settle(page);
  await page.fill('#w-tokens', 'abc');
  await page.waitForFunction(() => document.querySelector('[data-error-for="workload.tokens"]').textContent !== '');
  await look('error: not a number');
  await page.fill('#w-tokens', '-5');
  await look('error: out of range');
  await page.fill('#w-tokens', '200M');
  await page.selectOption('#w-model', '(config.json)');
  await page.fill('#w-hf', '{"num_hidden_layers": 32, …');
  await page.waitForFunction(() => document.querySelector('[data-error-for="workload.model.hfConfig"]').textContent !== '');
  await look('error: config.json');
  const report = [...unexpected].map(([word, where]) => `${word} — ${where}`);
  assert.deepEqual(report, [], `${report.length} English words on the Chinese page:\n${report.join('\n')}`);
  assert.deepEqual(problems, []);
});
