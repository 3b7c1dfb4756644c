// The offers table and the details dialog. Built with DOM calls and textContent
// only: catalog text never becomes markup.
import { hasText, language, t } from './i18n.js';

/** A data note in the page language: the engine's message in English, the page's words for its code in Chinese. */
export function flagText(flag) {
  if (language() === 'zh-CN') return hasText('zh-CN', `flag.${flag.code}`) ? t(`flag.${flag.code}`) : t('flag.other');
  return flag.message;
}
import { gib, listPrice, money, plain, rate, regionName, usd } from './format.js';

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

export function renderOffers(tbody, offers, priceKind, onOpen) {
  const rows = offers.map((offer) => {
    const tr = document.createElement('tr');
    tr.tabIndex = 0;
    tr.dataset.offerId = offer.id;
    const price = offer.prices[priceKind];
    cell(tr, offer.provider);
    cell(tr, offer.instance, 'instance');
    cell(tr, offer.accelerator);
    cell(tr, plain(offer.gpuCount), 'num');
    cell(tr, gib(offer.gpuMemoryGib), 'num secondary');
    cell(tr, plain(offer.vcpus), 'num secondary');
    cell(tr, gib(offer.memoryGib), 'num secondary');
    cell(tr, regionName(offer.region), 'region secondary').title = offer.region.id;
    const priceCell = cell(tr, usd(price), price == null ? 'num unknown' : 'num price');
    const titles = [];
    if (offer.source.derived.includes(priceKind)) {
      priceCell.textContent += ' *';
      titles.push(t('derivedHint'));
    }
    // A price listed in another currency (CNY): the published figure under the converted one.
    const list = priceKind === 'onDemand' ? listPrice(offer) : null;
    if (list) {
      if (list.differs) priceCell.textContent += `\n${list.text}`;
      titles.push(list.title);
    }
    if (titles.length) priceCell.title = titles.join('\n');
    cell(tr, usd(price == null ? null : price / offer.gpuCount), 'num secondary');
    const notes = cell(tr, offer.flags.length ? t('notesCount', { count: offer.flags.length }) : '', 'notes secondary');
    notes.title = offer.flags.map(flagText).join('\n');
    tr.addEventListener('click', () => onOpen(offer));
    tr.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      // Without preventDefault the same key press would reach the dialog's close button and shut it.
      e.preventDefault();
      onOpen(offer);
    });
    return tr;
  });
  tbody.replaceChildren(...rows);
}

/** A price with "(derived)" when computed from a discount level rather than published. */
function priceText(offer, kind) {
  const text = usd(offer.prices[kind]);
  return offer.source.derived.includes(kind) ? `${text} ${t('derived')}` : text;
}

function originalText(original) {
  if (!original) return null;
  return t('originalPrice', {
    price: money(original.onDemand, original.currency),
    rate: rate(original.unitsPerUsd),
    currency: original.currency,
    date: original.rateDate,
  });
}

function regionFootprint(region) {
  const carbon = region.carbonGPerKwh == null ? t('unknown') : `${plain(region.carbonGPerKwh)} gCO2e/kWh (${region.carbonSource})`;
  const pue = region.pue == null ? t('unknown') : `${region.pue} (${region.pueSource})`;
  return [['detail.carbon', carbon], ['detail.pue', pue]];
}

/** The chip's figures from catalogInfo, as one line; "unknown" where no source gives one. */
function specText(spec) {
  if (!spec) return null;
  const f = (v, unit) => (v == null ? `— ${unit}` : `${plain(v)} ${unit}`);
  return [
    `${spec.architecture}`,
    f(spec.memoryBandwidthGbs, 'GB/s'),
    `BF16 ${f(spec.bf16Tflops, 'TFLOPS')}`,
    `FP8 ${f(spec.fp8Tflops, 'TFLOPS')}`,
    `FP64 ${f(spec.fp64Tflops, 'TFLOPS')}`,
    f(spec.tdpWatts, 'W'),
    spec.interconnect,
    `${t('detail.confidence')}: ${hasText('en', `confidence.${spec.confidence}`) ? t(`confidence.${spec.confidence}`) : spec.confidence}`,
  ].filter(Boolean).join(' · ');
}

export function openDetail(dialog, offer, spec) {
  dialog.querySelector('#detail-title').textContent = `${offer.provider} · ${offer.instance} · ${offer.region.id}`;
  const list = dialog.querySelector('#detail-list');
  const source = offer.source;
  const entries = [
    ['detail.accelerator', `${offer.acceleratorName} (${offer.accelerator})`],
    ['detail.specs', specText(spec)],
    ['detail.gpus', plain(offer.gpuCount)],
    ['detail.memoryPerGpu', gib(offer.memoryPerGpuGib)],
    ['detail.gpuMemory', gib(offer.gpuMemoryGib)],
    ['detail.vcpus', plain(offer.vcpus)],
    ['detail.ram', gib(offer.memoryGib)],
    ['detail.family', offer.family || '—'],
    ['detail.region', `${regionName(offer.region)} (${offer.region.id})`],
    ['detail.jurisdiction', t(`jurisdiction.${offer.region.jurisdiction}`)],
    ['price.onDemand', usd(offer.prices.onDemand)],
    ['detail.original', originalText(offer.prices.original)],
    ['price.spot', usd(offer.prices.spot)],
    ['price.reserved1y', priceText(offer, 'reserved1y')],
    ['price.reserved3y', priceText(offer, 'reserved3y')],
    ...regionFootprint(offer.region),
    ['detail.source', [source.name, source.path, source.commit].filter(Boolean).join(' · ')],
    // The source's note on its date is English data: the Chinese page says "undated" only.
    ['detail.date', source.date ?? (language() === 'zh-CN' ? t('detail.undated') : `${t('detail.undated')} (${source.dateNote})`)],
  ];
  list.replaceChildren(...entries.filter(([, value]) => value != null).flatMap(([key, value]) => {
    const dt = document.createElement('dt');
    dt.textContent = t(key);
    const dd = document.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  }));
  const flags = dialog.querySelector('#detail-flags');
  const items = offer.flags.map((f) => {
    const li = document.createElement('li');
    // In English the source's own message (it names figures); in Chinese the page's words for the code.
    if (language() === 'zh-CN') {
      li.textContent = flagText(f);
      li.dataset.code = f.code;
      return li;
    }
    const code = document.createElement('code');
    code.textContent = f.code;
    li.append(code, ` ${f.message}`);
    return li;
  });
  if (!items.length) {
    const li = document.createElement('li');
    li.textContent = t('detail.none');
    items.push(li);
  }
  flags.replaceChildren(...items);
  dialog.showModal();
}
