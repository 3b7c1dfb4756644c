// The one-line best answer at the top of the page: the first recommendation in
// a sentence (layout, which offer, what it costs under its plan, how it fits), so the
// answer is above the fold however long the forms below are.
import { t } from './i18n.js';
import { chosenCost, plain, usd } from './format.js';
import { isService, planName } from './plans.js';
import { hoursText } from './recommend.js';

/** The sentence for `result`'s first candidate, or for none; `''` while there is no answer. */
export function bestAnswerText(result) {
  if (!result) return '';
  const best = result.candidates?.[0];
  if (!best) return t('best.none');
  const cost = chosenCost(best);
  const service = isService(best);
  const vars = {
    instances: plain(best.fit.instances),
    gpus: plain(best.fit.instances * best.offer.gpuCount),
    accelerator: best.offer.accelerator,
    provider: best.offer.provider,
    instance: best.offer.instance,
    cost: service ? t('cost.perMonth', { usd: usd(cost?.usdPerMonth) }) : usd(cost?.total),
    plan: planName(best.cost?.chosen ?? 'onDemand'),
    time: hoursText(best.hours),
  };
  const spare = best.fit.memoryPerGpuGib == null || best.fit.memoryNeededGib == null
    ? null : best.fit.memoryPerGpuGib - best.fit.memoryNeededGib;
  const fits = spare == null ? t('best.fitsUnknown') : t('best.fits', { spare: plain(Math.round(spare * 10) / 10) });
  return t(service ? 'best.service' : 'best.job', { ...vars, fits });
}

/**
 * Shows the sentence in `node`; while a field is wrong, that the answer waits
 * for it. The line keeps its place either way, so nothing below it moves.
 */
export function showBestAnswer(node, result) {
  const text = bestAnswerText(result);
  node.textContent = text || t('best.waiting');
  node.removeAttribute('data-i18n');
  node.classList.toggle('waiting', !text);
}
