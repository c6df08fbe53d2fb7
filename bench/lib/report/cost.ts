import type { Results } from '../results.ts';
import { type Emit, num, usd } from './format.ts';

/** 6. Cost on paper per 1,000 images, and the lines of one scenario. */
export function costSection(r: Results, p: Emit): void {
  p('## 6. Cost on paper, per 1,000 images');
  p();
  p(
    `AWS list prices (us-east-1, on demand, ${r.cost.prices.asOf}; see [docs/cost.md](../docs/cost.md) for every price and the method), the stack’s settings (router ${r.cost.input.settings.routerMb} MB, worker ${r.cost.input.settings.workerMb} MB, arm64) and this run’s durations and item sizes. ` +
      `DynamoDB: ${num(r.cost.dynamo.wru, 1)} write and ${num(r.cost.dynamo.rru, 1)} read request units per image. Model fees are not included.`,
  );
  p();
  p(
    '| scenario | worker s per image | AWS cost per 1,000 images | model calls per image | model fee per 1,000 images (assumed $' +
      `${r.cost.prices.modelFeePerCall ?? 0.08} per call) |`,
  );
  p('|---|---|---|---|---|');
  for (const sc of r.cost.scenarios)
    p(
      `| ${sc.name} | ${num(sc.workerSecondsPerImage, 2)} | **${usd(sc.totalUsd)}** | ${sc.modelCallsPerImage === undefined ? 'not in this run' : num(sc.modelCallsPerImage, 2)} | ${sc.modelFeeUsd === undefined ? 'not in this run' : usd(sc.modelFeeUsd)} |`,
    );
  p();
  const detailed = r.cost.scenarios[1] ?? r.cost.scenarios[0];
  if (detailed) {
    p(`Lines of “${detailed.name}”:`);
    p();
    p('| item | quantity | USD |');
    p('|---|---|---|');
    for (const l of detailed.lines) p(`| ${l.item} | ${num(l.quantity, 3)} ${l.unit} | ${usd(l.usd)} |`);
    p();
  }
}
