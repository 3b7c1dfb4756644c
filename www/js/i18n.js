// UI text in English and Simplified Chinese. Engine messages stay in English;
// labels, headings and notes are translated here.

const TEXT = {
  en: {
    tagline: 'GPU cloud server advisor and cost calculator',
    loading: 'Loading the catalog…',
    loadFailed: 'The calculator could not start: {message}',
    catalogStatus: '{offers} offers from {providers} providers · prices published {oldest} to {newest} · catalog {size}',
    catalogOld: 'Some prices in this catalog are {days} days old (oldest snapshot {date}). Check current prices with the provider before you commit.',
    any: 'Any',
    provider: 'Provider',
    accelerator: 'Accelerator',
    minMemoryPerGpu: 'Min memory per GPU (GiB)',
    minGpuMemory: 'Min total GPU memory (GiB)',
    gpuCount: 'GPU count',
    jurisdiction: 'Jurisdiction',
    'jurisdiction.EU': 'EU/EEA',
    'jurisdiction.US': 'United States',
    'jurisdiction.CN': 'Mainland China',
    'jurisdiction.UK': 'United Kingdom',
    'jurisdiction.other': 'Other',
    'jurisdiction.unknown': 'Unknown',
    priceKind: 'Price',
    'price.onDemand': 'On-demand',
    'price.spot': 'Spot',
    'price.reserved1y': '1-year reserved',
    'price.reserved3y': '3-year reserved',
    sort: 'Sort by',
    'sort.price': 'Price per hour',
    'sort.pricePerGpu': 'Price per GPU-hour',
    'sort.gpuMemory': 'GPU memory',
    'sort.gpuCount': 'GPU count',
    'sort.provider': 'Provider',
    search: 'Search',
    searchHint: 'instance, GPU or region, e.g. H100 eastus',
    resultCount: '{total} matching offers',
    resultCountShown: '{total} matching offers, first {shown} shown',
    fixField: 'Fix the highlighted field; the list shows the last valid result.',
    'col.provider': 'Provider',
    'col.instance': 'Instance',
    'col.accelerator': 'Accelerator',
    'col.gpus': 'GPUs',
    'col.gpuMemory': 'GPU memory',
    'col.vcpus': 'vCPUs',
    'col.ram': 'RAM',
    'col.region': 'Region',
    'col.price': '$/hour',
    'col.pricePerGpu': '$/GPU-hour',
    'col.notes': 'Notes',
    unknown: 'unknown',
    priceUnknown: 'price unknown',
    notesCount: '{count} notes',
    'detail.flags': 'Data notes',
    'detail.none': 'None.',
    'detail.accelerator': 'Accelerator',
    'detail.gpus': 'GPUs',
    'detail.memoryPerGpu': 'Memory per GPU',
    'detail.gpuMemory': 'GPU memory (instance)',
    'detail.vcpus': 'vCPUs',
    'detail.ram': 'RAM',
    'detail.region': 'Region',
    'detail.jurisdiction': 'Jurisdiction',
    'detail.family': 'Family',
    'detail.source': 'Source',
    'detail.date': 'Snapshot date',
    'detail.undated': 'undated',
    'detail.original': 'Published price',
    'detail.carbon': 'Grid carbon intensity',
    'detail.pue': 'Data-centre PUE',
    derived: '(derived)',
    derivedHint: 'Derived from a discount level, not a published price: see the offer details',
    originalPrice: '{price} per hour at {rate} {currency}/USD ({date})',
    footer: 'Runs entirely in your browser: nothing you enter leaves this page. Prices are list prices from public sources; each offer shows where and when its price was published.',
  },
  'zh-CN': {
    tagline: 'GPU 云服务器选型与成本计算器',
    loading: '正在加载实例目录…',
    loadFailed: '计算器无法启动：{message}',
    catalogStatus: '共 {offers} 个实例报价，来自 {providers} 家服务商 · 价格发布于 {oldest} 至 {newest} · 目录大小 {size}',
    catalogOld: '目录中部分价格已有 {days} 天（最早快照 {date}）。下单前请向服务商核实当前价格。',
    any: '不限',
    provider: '服务商',
    accelerator: '加速器',
    minMemoryPerGpu: '单卡最小显存 (GiB)',
    minGpuMemory: '实例最小总显存 (GiB)',
    gpuCount: 'GPU 数量',
    jurisdiction: '司法辖区',
    'jurisdiction.EU': '欧盟/欧洲经济区',
    'jurisdiction.US': '美国',
    'jurisdiction.CN': '中国大陆',
    'jurisdiction.UK': '英国',
    'jurisdiction.other': '其他',
    'jurisdiction.unknown': '未知',
    priceKind: '价格类型',
    'price.onDemand': '按需',
    'price.spot': '竞价（Spot）',
    'price.reserved1y': '1 年预留',
    'price.reserved3y': '3 年预留',
    sort: '排序',
    'sort.price': '每小时价格',
    'sort.pricePerGpu': '每 GPU 小时价格',
    'sort.gpuMemory': '显存',
    'sort.gpuCount': 'GPU 数量',
    'sort.provider': '服务商',
    search: '搜索',
    searchHint: '实例、GPU 或区域，例如 H100 eastus',
    resultCount: '共 {total} 个匹配报价',
    resultCountShown: '共 {total} 个匹配报价，显示前 {shown} 个',
    fixField: '请修正标出的字段；列表显示上一次有效的结果。',
    'col.provider': '服务商',
    'col.instance': '实例',
    'col.accelerator': '加速器',
    'col.gpus': 'GPU 数',
    'col.gpuMemory': '显存',
    'col.vcpus': 'vCPU',
    'col.ram': '内存',
    'col.region': '区域',
    'col.price': '美元/小时',
    'col.pricePerGpu': '美元/GPU·小时',
    'col.notes': '备注',
    unknown: '未知',
    priceUnknown: '价格未知',
    notesCount: '{count} 条备注',
    'detail.flags': '数据备注',
    'detail.none': '无。',
    'detail.accelerator': '加速器',
    'detail.gpus': 'GPU 数',
    'detail.memoryPerGpu': '单卡显存',
    'detail.gpuMemory': '实例显存',
    'detail.vcpus': 'vCPU',
    'detail.ram': '内存',
    'detail.region': '区域',
    'detail.jurisdiction': '司法辖区',
    'detail.family': '系列',
    'detail.source': '数据来源',
    'detail.date': '快照日期',
    'detail.undated': '无日期',
    'detail.original': '公布价格',
    'detail.carbon': '电网碳强度',
    'detail.pue': '数据中心 PUE',
    derived: '（推算）',
    derivedHint: '按折扣水平推算，并非公布价格：详见报价详情',
    originalPrice: '每小时 {price}，按 {rate} {currency}/USD 换算（{date}）',
    footer: '完全在浏览器中运行：您输入的任何内容都不会离开本页面。价格为公开来源的目录价；每个报价都注明其价格的来源与发布时间。',
  },
};

export const LANGUAGES = Object.keys(TEXT);
let current = 'en';

export function language() {
  return current;
}

export function setLanguage(lang) {
  current = LANGUAGES.includes(lang) ? lang : 'en';
  document.documentElement.lang = current;
}

/** The text for `key` in the current language, with `{name}` placeholders filled. */
export function t(key, vars = {}) {
  const text = TEXT[current][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
}

/** Sets the text of every element marked `data-i18n` (and placeholders). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  }
}

/** The language a visitor most likely reads: the URL's, else the browser's. */
export function preferredLanguage(params) {
  const asked = params.get('lang');
  if (asked && LANGUAGES.includes(asked)) return asked;
  return (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
