// The attributes <gpu-plan> reads (docs/EMBED.md), shared by the element
// (www/widget.js, which observes them) and the code that turns them into an
// answer (www/js/widget-view.js, in a Worker or in the page). No imports and
// no work at load, so the element's module loads on any host page.

/** Attributes that name a constraint or priority. */
export const CONSTRAINTS = ['rank', 'providers', 'regions', 'jurisdictions', 'compliance', 'deadline-hours', 'budget-usd'];
/**
 * Attributes that name a workload field (docs/API.md), so a host page's own
 * attributes (`class`, `tabindex`, `role`, …) never reach the engine. The
 * serving `mode` is set through `scenario`: `mode` is the widget's layout.
 */
export const WORKLOAD = ['model', 'tokens', 'method', 'precision', 'context-tokens', 'micro-batch', 'recompute',
  'zero-stage', 'gpus', 'tensor-parallel', 'pipeline-parallel', 'context-parallel', 'context-parallel-exchange', 'expert-parallel', 'expert-tensor-parallel', 'expert-dispatch', 'expert-all-to-all', 'pipeline-schedule', 'tensor-parallel-overlap', 'sequence-parallel',
  'fp8-recipe', 'global-batch-tokens', 'optimizer', 'lora-rank', 'interconnect', 'gpus-per-node', 'inter-node-gbps-per-gpu', 'engine', 'max-sequences', 'attention-parallelism', 'kv-precision', 'prompt-tokens', 'cached-prompt-tokens', 'output-tokens', 'concurrency', 'requests-per-second',
  'tokens-per-day', 'requests-per-day', 'ttft-target-ms', 'itl-target-ms', 'work-tflop', 'reference-hours',
  'reference-accelerator', 'memory-gib-per-job', 'jobs', 'code-class', 'frames', 'minutes-per-frame', 'memory-gib', 'desktops',
  'profile-gib', 'graphics-apis', 'vcpus-per-desktop', 'memory-gib-per-desktop', 'hours-per-month', 'min-gpu-memory-gib', 'gpu-memory-gib', 'gpu-count', 'hours', 'spread',
  'accelerator'];
/** Every attribute the widget reads; each is observed, and each has a property of the same name in camelCase. */
export const ATTRIBUTES = ['scenario', 'preset', 'workload', 'mode', 'limit', 'lang', 'theme', 'currency', 'currency-rate',
  ...CONSTRAINTS, ...WORKLOAD];

/** kebab-case → camelCase: `requests-per-second` → `requestsPerSecond`. */
export const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/** The element's language from its `lang` attribute: zh-CN or en. */
export const languageOf = (lang) => ((lang ?? '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en');
