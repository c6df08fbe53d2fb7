import type { Results } from '../results.ts';
import { type Emit, fig, num } from './format.ts';

/** 4. The pipeline end to end, where the worker's time goes, AWS calls per image. */
export function pipelineSection(r: Results, p: Emit): void {
  const w1 = r.pipeline.by_workers['1'];
  const w2 = r.pipeline.by_workers['2'];
  p('## 4. Pipeline, end to end');
  p();
  p(
    `POST generate_creatives for a ${r.pipeline.images_per_batch}-image batch (25 each of ${r.pipeline.ratios}) → polled with get_job every 200 ms → list_creatives lists every PNG with its URL. ` +
      'The real worker handler on the local SQS event source (one message per receive), the template model, DynamoDB Local and the S3 emulator on disk. ' +
      'Every PNG is then fetched through its presigned URL and checked (not timed).',
  );
  p();
  p(
    '| workers | creatives/min | batch s | dispatch ms | worker ms per image p50 · p99 | renderer ceiling /min | pipeline / ceiling |',
  );
  p('|---|---|---|---|---|---|---|');
  for (const v of Object.values(r.pipeline.by_workers)) {
    p(
      `| ${v.workers} | ${fig(v.creatives_per_min)} | ${fig(v.total_s)} | ${fig(v.dispatch_ms, 0)} | ${v.worker_ms_per_image_p50} · ${v.worker_ms_per_image_p99} | ${num(v.ceiling_per_min)} | **${v.ratio_to_ceiling}** |`,
    );
  }
  p();
  p(
    `${w1 ? w1.creatives_per_min.runs.length : 0} run(s) per worker count, alternating, after an unreported warm-up batch of 8 images. The ceiling is the renderer’s one-core rate × min(workers, cores): with 2 workers on ${r.machine.cores} cores the emulators, the HTTP front and the workers share those cores, so the second worker cannot double the rate. ` +
      `${w1 && w2 ? `${w1.images + w2.images} images made, ${w1.failed + w2.failed} failed, ${w1.pngs_verified + w2.pngs_verified} PNGs fetched and verified.` : ''}`,
  );
  p();
  const stages = r.pipeline.stages_one_worker;
  if (stages) {
    p(
      `Per image, where the worker's time goes in the 1-worker runs (${stages.images} images; the worker's own DynamoDB and S3 calls, image model and compose, timed around the calls by the bench, bench/lib/pipeline.ts): claim (the slot under a lease, the job marked running), inputs (campaign, brand kit, angle, client, product and logo), the image model (the template model draws in code when compose asks for the picture, so its drawing counts in compose and its model time is near zero; a Bedrock model's call counts here), compose, the S3 put of the PNG, settle (the slot's transaction and the job's finalisation). Share: of the sum of the stages' medians.`,
    );
    p();
    p('| stage | ms per image | share |');
    p('|---|---|---|');
    for (const st of stages.stages)
      p(`| ${st.stage} | ${fig(st.ms)} | ${Math.round(st.share * 1000) / 10}% |`);
    p();
  }
  p(
    'AWS calls per image in the first 1-worker run (router: the order and the final listing, not the polls; worker: everything, including empty receives), with the capacity DynamoDB Local reports:',
  );
  p();
  p('| side, service, call | calls | failed | table CU | index CU |');
  p('|---|---|---|---|---|');
  for (const [k, v] of Object.entries(r.pipeline.calls_per_image)) {
    p(`| ${k} | ${v.calls} | ${v.failed} | ${v.table_cu} | ${v.index_cu} |`);
  }
  p();
  p(
    '(DynamoDB Local reports capacity for conditional failures as nothing and counts transactions differently from the service; docs/cost.md computes units by the service’s rules instead.)',
  );
  p();
}
