import type { Results } from '../results.ts';
import { type Emit, fig, num } from './format.ts';

/** 5. list_creatives by campaign size and by page size. */
export function scalingSection(r: Results, p: Emit): void {
  p('## 5. Scaling of list_creatives');
  p();
  p(
    `First page (limit ${r.scaling.page_limit}, succeeded creatives, presigned URLs) over HTTP, sequential, and the bare gsi1 Query beneath it; creatives seeded straight through the repository (seeding took ${Object.entries(
      r.scaling.seed_seconds,
    )
      .map(([k, v]) => `${num(Number(k), 0)}: ${v} s`)
      .join(', ')}).`,
  );
  p();
  p('| creatives in the campaign | items on the page | HTTP p50 ms | bare Query p50 ms |');
  p('|---|---|---|---|');
  for (const v of Object.values(r.scaling.by_campaign_size)) {
    p(
      `| ${num(v.creatives, 0)} | ${v.items_on_page} | ${fig(v.http_p50_ms, 2)} | ${fig(v.query_p50_ms, 2)} |`,
    );
  }
  p();
  p('| page size (10,000 creatives) | HTTP p50 ms |');
  p('|---|---|');
  for (const v of Object.values(r.scaling.by_page_size)) p(`| ${v.limit} | ${fig(v.http_p50_ms, 2)} |`);
  p();
  p(
    `A campaign 10× larger costs ${r.scaling.growth_10000_over_1000}× the time for the same page; a page 10× larger costs ${r.scaling.growth_page_100_over_10}×: the cost follows the page (a Query with Limit on one gsi1 partition, and one presign per item), not the campaign.`,
  );
  p();
}
