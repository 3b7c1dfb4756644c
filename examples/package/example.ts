// Calls every export of the gpuplan package under strict TypeScript; the CI
// check (tests/e2e/package.test.mjs) type-checks it, bundles it with esbuild
// and runs it in Node, in a page and in a module Worker. `init()` is the
// caller's (node.ts, browser.ts): how the module is found differs by host.
import {
  catalogInfo, estimate, listModels, listOffers, parseCatalogFile, Planner, recommend, tco, version, whyNot,
} from 'gpuplan';
import type {
  CatalogInfo, EstimateRequest, GpuplanError, Offer, RecommendRequest, RecommendResponse, TcoResponse, WhyNotResponse,
} from 'gpuplan';

/** What one run found, compared by the test. */
export interface Summary {
  version: string;
  offerCount: number;
  firstOffer: string;
  h100Offers: number;
  models: number;
  customOffers: number;
  estimateGpus: number;
  best: string;
  plan: string;
  whyNotTotal: number;
  memoryPage: number;
  tcoBreakEven: number | null;
  plannerBest: string;
  errorField: string;
  errorCode: string;
}

export function run(): Summary {
  const info: CatalogInfo = catalogInfo();
  const all = listOffers();
  const h100 = listOffers({ accelerator: 'H100', sort: 'pricePerGpu', limit: 5 });
  const first: Offer | undefined = all.offers[0];
  const csv = 'provider,instance,region,accelerator,gpuCount,onDemand\nmycloud,box-1,eastus,H100,8,20\n';
  const custom = parseCatalogFile(csv, 'csv');
  const est: EstimateRequest = {
    workload: { kind: 'finetune', method: 'lora', model: 'qwen2.5-7b', tokens: 2e8 },
    accelerator: 'L4',
  };
  const request: RecommendRequest = {
    workload: { kind: 'raw', gpuMemoryGib: 80, gpuCount: 8, hours: 100, precision: 'bf16' },
    constraints: { providers: ['azure'], regions: ['eastus'] },
  };
  const answer: RecommendResponse = recommend(request);
  const rest: WhyNotResponse = whyNot(request);
  const memory = whyNot(request, { code: 'memory', limit: 2 });
  // A rent price of its own: the default rent (the cheapest trusted comparable offer) may never lose to buying.
  const owning: TcoResponse = tco({ years: 3, utilization: 0.6, rentUsdPerGpuHour: 8, staffUsdPerYear: 0 });
  const planner = new Planner({ userPrices: { discounts: { azure: 18 }, customOffers: custom.offers } });
  const priced = planner.recommend(request);
  planner.catalogInfo();
  planner.listOffers({ provider: 'mycloud' });
  planner.estimate(est);
  planner.whyNot(request, { offset: 0, limit: 1 });
  planner.tco({ years: 3 });
  planner.free();
  new Planner().free();
  let errorField = '';
  let errorCode = '';
  try {
    listOffers({ minGpuMemoryGib: -4 });
  } catch (e) {
    const error = e as GpuplanError;
    errorField = error.field;
    errorCode = error.code;
  }
  return {
    version: version().version,
    offerCount: info.offerCount,
    firstOffer: first?.id ?? '',
    h100Offers: h100.total,
    models: listModels().length,
    customOffers: custom.offers.length,
    estimateGpus: estimate(est).gpus,
    best: answer.candidates[0]?.offer.id ?? '',
    plan: answer.candidates[0]?.cost.chosen ?? '',
    whyNotTotal: rest.total,
    memoryPage: memory.excluded.length,
    tcoBreakEven: owning.breakEvenMonth,
    plannerBest: priced.candidates[0]?.offer.id ?? '',
    errorField,
    errorCode,
  };
}
