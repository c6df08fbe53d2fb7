import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MemoryChildResult, RenderChildResult, RenderSample } from './render-child.ts';
import { CUT_SIZES, RENDER_SIZES } from './render-sizes.ts';
import { type Figure, figure, mean, percentile } from './stats.ts';

type SizeFigures = {
  ms_per_creative: Figure;
  visual_ms_p50: number;
  compose_ms_p50: number;
  render_ms_p50: number;
  render_ms_p99: number;
  /** CPU time of the render process per creative (every thread): the figure a loaded machine cannot inflate by waiting. */
  cpu_ms_p50?: number;
  png_bytes: Figure;
  /** p50 ms per layout family the content mix produced, and how many renders each. */
  by_layout?: Record<string, { renders: number; ms_p50: number }>;
};

export type RendererResult = {
  pinned_to_one_core: boolean;
  renders: number;
  warmup_renders: number;
  blocks: number;
  renders_per_block: number;
  /** Per size: ms per creative (the mean of each block), its parts, and PNG bytes over every render. */
  sizes: Record<string, SizeFigures>;
  /** The mean of the per-size medians: what one image of a batch spread evenly over the sizes costs. */
  mixed_ms_per_creative: number;
  compose_share: number;
  /** 60 000 / mixed ms: creatives per minute one core can render, nothing else. */
  ceiling_per_core_per_min: number;
  peak_rss_mb: number;
  rss_after_warmup_mb: number;
  rss_by_block_mb: number[];
  truncated: boolean;
  /** Budgets of the performance issue: p50 ms per creative at 1080×1080 and 1080×1920 (absent in older runs). */
  budgets_ms?: Record<string, number>;
};

/** The Bedrock path from a stored model visual: cut around the subject + compose, per ratio. */
export type SmartCutResult = {
  pinned_to_one_core: boolean;
  renders: number;
  sizes: Record<string, SizeFigures & { cut_ms_p50: number }>;
  peak_rss_mb: number;
  budgets_ms: Record<string, number>;
};

/** Peak RSS of a fresh worker-like process per path and ratio. */
export type WorkerMemoryResult = {
  images_per_process: number;
  rows: Array<{ path: 'template' | 'bedrock'; ratio: string; peak_rss_mb: number; baseline_rss_mb: number }>;
  worst_peak_mb: number;
  /** The worker's memory as the stack declares it, set by the bench run (absent in older runs). */
  memory_mb?: number;
};

export const RENDER_BUDGET_MS: Record<string, number> = { '1080x1080': 150, '1080x1920': 250 };
export const CUT_BUDGET_MS: Record<string, number> = { '1080x1080': 150 };

function hasTaskset(): boolean {
  if (process.platform !== 'linux') return false;
  return spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/**
 * Runs the render child on one core: pinned with `taskset -c 0` where it exists, and with one
 * libuv thread (resvg and sharp calls run on libuv's pool) and one libvips thread either way,
 * so no work spills onto a second core even where it cannot be pinned.
 */
export async function runChild<T>(
  script: string,
  args: string[],
  maxMs: number,
): Promise<{ out: T; pinned: boolean }> {
  const pinned = hasTaskset();
  const nodeArgs = ['--import', 'tsx', script, ...args];
  const [cmd, argv] = pinned
    ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const child = spawn(cmd as string, argv as string[], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), maxMs + 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  if (code !== 0) throw new Error(`renderer bench (${args.join(' ')}) exited ${code}`);
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return { out: JSON.parse(line) as T, pinned };
}

const renderChild = fileURLToPath(new URL('./render-child.ts', import.meta.url));
const p50 = (xs: number[]) => Math.round(percentile(xs, 50));

function sizeFigures(blocks: RenderSample[][]): SizeFigures {
  const all: RenderSample[] = blocks.flat();
  const perBlock = blocks.filter((b) => b.length > 0).map((b) => mean(b.map((s) => s.totalMs)));
  const byLayout: Record<string, { renders: number; ms_p50: number }> = {};
  for (const layout of new Set(all.map((s) => s.layout))) {
    const of = all.filter((s) => s.layout === layout).map((s) => s.totalMs);
    byLayout[layout] = { renders: of.length, ms_p50: p50(of) };
  }
  return {
    ms_per_creative: figure('ms', perBlock, 1),
    visual_ms_p50: p50(all.map((s) => s.visualMs)),
    compose_ms_p50: p50(all.map((s) => s.composeMs)),
    render_ms_p50: p50(all.map((s) => s.totalMs)),
    render_ms_p99: Math.round(
      percentile(
        all.map((s) => s.totalMs),
        99,
      ),
    ),
    cpu_ms_p50: p50(all.map((s) => s.cpuMs)),
    png_bytes: figure(
      'bytes',
      all.map((s) => s.pngBytes),
      0,
    ),
    by_layout: byLayout,
  };
}

export async function benchRenderer(options: {
  blocks: number;
  perBlock: number;
  maxMs: number;
}): Promise<RendererResult> {
  const { out: raw, pinned } = await runChild<RenderChildResult>(
    renderChild,
    ['render', String(options.blocks), String(options.perBlock), String(options.maxMs)],
    options.maxMs,
  );
  const sizes: RendererResult['sizes'] = {};
  const medians: number[] = [];
  let composeShare = 0;
  for (const [label, { blocks }] of Object.entries(raw.sizes)) {
    const f = sizeFigures(blocks);
    medians.push(f.ms_per_creative.median);
    composeShare += mean(blocks.flat().map((s) => s.composeMs / s.totalMs));
    sizes[label] = f;
  }
  const mixed = mean(medians);
  return {
    pinned_to_one_core: pinned,
    renders: raw.renders,
    warmup_renders: raw.warmupRenders,
    blocks: options.blocks,
    renders_per_block: options.perBlock,
    sizes,
    mixed_ms_per_creative: Math.round(mixed * 10) / 10,
    compose_share: Math.round((composeShare / Object.keys(raw.sizes).length) * 100) / 100,
    ceiling_per_core_per_min: Math.round((60_000 / mixed) * 10) / 10,
    peak_rss_mb: Math.round(raw.peakRssMb),
    rss_after_warmup_mb: Math.round(raw.rssAfterWarmupMb),
    rss_by_block_mb: raw.rssByBlockMb,
    truncated: raw.truncated,
    budgets_ms: RENDER_BUDGET_MS,
  };
}

export async function benchSmartCut(options: { perRatio: number; maxMs: number }): Promise<SmartCutResult> {
  const { out: raw, pinned } = await runChild<RenderChildResult>(
    renderChild,
    ['cut', '1', String(options.perRatio), String(options.maxMs)],
    options.maxMs,
  );
  const sizes: SmartCutResult['sizes'] = {};
  for (const [label, { blocks }] of Object.entries(raw.sizes)) {
    sizes[label] = { ...sizeFigures(blocks), cut_ms_p50: p50(blocks.flat().map((s) => s.visualMs)) };
  }
  return {
    pinned_to_one_core: pinned,
    renders: raw.renders,
    sizes,
    peak_rss_mb: Math.round(raw.peakRssMb),
    budgets_ms: CUT_BUDGET_MS,
  };
}

/** One fresh process per path and ratio: each one's high-water mark is what a worker needs for that image. */
export async function benchWorkerMemory(images = 5): Promise<WorkerMemoryResult> {
  const rows: WorkerMemoryResult['rows'] = [];
  const jobs: Array<['template' | 'bedrock', string]> = [
    ...RENDER_SIZES.map((s) => ['template', s.label] as ['template', string]),
    ...CUT_SIZES.map((s) => ['bedrock', s.label] as ['bedrock', string]),
  ];
  for (const [path, label] of jobs) {
    const { out } = await runChild<MemoryChildResult>(
      renderChild,
      ['memory', path, label, String(images)],
      120_000,
    );
    rows.push({
      path,
      ratio: label,
      peak_rss_mb: Math.round(out.peakRssMb),
      baseline_rss_mb: Math.round(out.baselineRssMb),
    });
  }
  return { images_per_process: images, rows, worst_peak_mb: Math.max(...rows.map((r) => r.peak_rss_mb)) };
}

/** Budget misses of the renderer and cut sections, as failure lines. */
export function rendererFailures(r: RendererResult | undefined, cut: SmartCutResult | undefined): string[] {
  const out: string[] = [];
  for (const [label, budget] of Object.entries(RENDER_BUDGET_MS)) {
    const got = r?.sizes[label]?.ms_per_creative.median;
    if (got !== undefined && got > budget) out.push(`renderer p50 at ${label} ${got} ms > ${budget} ms`);
  }
  for (const [label, budget] of Object.entries(CUT_BUDGET_MS)) {
    const got = cut?.sizes[label]?.render_ms_p50;
    if (got !== undefined && got > budget) out.push(`cut + compose p50 at ${label} ${got} ms > ${budget} ms`);
  }
  return out;
}
