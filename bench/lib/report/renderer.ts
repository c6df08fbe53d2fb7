import type { Results } from '../results.ts';
import { type Emit, fig, num } from './format.ts';

/** 3. The renderer alone: ms per creative by size, peak RSS, content mix and budgets. */
export function rendererSection(r: Results, p: Emit): void {
  const rr = r.renderer;
  p('## 3. Renderer');
  p();
  p(
    `The offline template model plus the compositor (what a worker runs per image), warm, in its own process${rr.pinned_to_one_core ? ' pinned to one core (`taskset -c 0`)' : ''}, before the emulators start. ` +
      `${rr.renders} renders (${rr.blocks} blocks × ${rr.renders_per_block} per size, interleaved) after ${rr.warmup_renders} warm-up renders; ms per creative is each block’s mean.`,
  );
  p();
  p(
    '| size | ms per creative | visual p50 ms | compose p50 ms | render p99 ms | PNG bytes (over every render) |',
  );
  p('|---|---|---|---|---|---|');
  for (const [label, v] of Object.entries(rr.sizes)) {
    p(
      `| ${label.replace('x', '×')} | ${fig(v.ms_per_creative)} | ${v.visual_ms_p50} | ${v.compose_ms_p50} | ${v.render_ms_p99} | ${fig(v.png_bytes, 0)} |`,
    );
  }
  p();
  p(
    `Peak RSS over the renders: **${rr.peak_rss_mb} MB** (the process’s high-water mark, \`ru_maxrss\`); RSS was ${rr.rss_after_warmup_mb} MB after warm-up and ${rr.rss_by_block_mb.join(', ')} MB at the end of each block of ${rr.renders_per_block * Object.keys(rr.sizes).length} renders. ` +
      `Mixed over the four sizes: ${rr.mixed_ms_per_creative} ms per creative, so one core’s ceiling is **${num(rr.ceiling_per_core_per_min)} creatives/min**; the compositor is ${Math.round(rr.compose_share * 100)}% of a render.`,
  );
  if (rr.truncated) p('(The renderer phase hit its time bound and rendered fewer images.)');
  p();
  if (rr.budgets_ms) {
    p(
      `Content mix per size, in turn: no product (angles 0 and 1: typographic, brand-block) and a product (angles 0, 1 and 2: side-by-side, offer-led, calm-overlay, which read the visual's regions); the offline scene is drawn only when a layout shows or reads it, so its cost is inside compose. CPU ms is the render process's CPU time per creative (every thread), which a loaded machine does not inflate by waiting. Budgets (p50 ms per creative): ${Object.entries(
        rr.budgets_ms,
      )
        .map(([k, v]) => `${k.replace('x', '×')} ≤ ${v}`)
        .join(', ')}.`,
    );
    p();
    p('| size | CPU ms p50 | p50 ms by layout (renders) |');
    p('|---|---|---|');
    for (const [label, v] of Object.entries(rr.sizes)) {
      const layouts = Object.entries(v.by_layout ?? {})
        .map(([k, l]) => `${k} ${l.ms_p50} (${l.renders})`)
        .join(', ');
      p(`| ${label.replace('x', '×')} | ${v.cpu_ms_p50 ?? '–'} | ${layouts} |`);
    }
    p();
  }
}

/** Cut and compose from a stored model visual (the Bedrock path). */
export function smartCut(r: Results, p: Emit): void {
  const sc = r.smart_cut;
  if (!sc) return;
  p('### Cut and composite from a stored model visual (the Bedrock path)');
  p();
  p(
    `The local stand-in's busy portrait (768×1344) and landscape (1344×768) visuals, as a slot after the first of its orientation family finds them in S3: decoded and its subject found (the cut p50 column), then composed with a product and the copy, the ratio's window resampled from the visual at the scales the layout draws it, in its own process${sc.pinned_to_one_core ? ' pinned to one core' : ''}. ${sc.renders} renders. Budget: ${Object.entries(
      sc.budgets_ms,
    )
      .map(([k, v]) => `${k.replace('x', '×')} ≤ ${v} ms p50`)
      .join(', ')}.`,
  );
  p();
  p('| size | cut + compose p50 ms | cut p50 ms (decode + subject) | p99 ms | CPU ms p50 | PNG bytes p50 |');
  p('|---|---|---|---|---|---|');
  for (const [label, v] of Object.entries(sc.sizes)) {
    p(
      `| ${label.replace('x', '×')} | ${v.render_ms_p50} | ${v.cut_ms_p50} | ${v.render_ms_p99} | ${v.cpu_ms_p50 ?? '–'} | ${num(v.png_bytes.median)} |`,
    );
  }
  p();
}

/** Peak RSS per image, per path and ratio. */
export function workerMemory(r: Results, p: Emit): void {
  const wm = r.worker_memory;
  if (!wm) return;
  p('### Worker peak RSS per image');
  p();
  p(
    `Each row is a fresh process (as a new Lambda instance) making ${wm.images_per_process} images of one ratio on one path; peak is its \`ru_maxrss\`, baseline its RSS with the modules loaded, before the first image. Worst peak: **${wm.worst_peak_mb} MB** (the worker's memory setting keeps ≥ 30% headroom over it: docs/decisions/0014-worker-memory-and-renderer-speed.md).`,
  );
  p();
  p('| path | size | peak RSS MB | baseline MB |');
  p('|---|---|---|---|');
  for (const row of wm.rows)
    p(`| ${row.path} | ${row.ratio.replace('x', '×')} | ${row.peak_rss_mb} | ${row.baseline_rss_mb} |`);
  p();
}
