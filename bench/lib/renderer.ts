import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RenderChildResult, RenderSample } from './render-child.ts';
import { type Figure, figure, mean, percentile } from './stats.ts';

export type RendererResult = {
  pinned_to_one_core: boolean;
  renders: number;
  warmup_renders: number;
  blocks: number;
  renders_per_block: number;
  /** Per size: ms per creative (the mean of each block), its parts, and PNG bytes over every render. */
  sizes: Record<
    string,
    {
      ms_per_creative: Figure;
      visual_ms_p50: number;
      compose_ms_p50: number;
      render_ms_p50: number;
      render_ms_p99: number;
      png_bytes: Figure;
    }
  >;
  /** The mean of the per-size medians: what one image of a batch spread evenly over the sizes costs. */
  mixed_ms_per_creative: number;
  compose_share: number;
  /** 60 000 / mixed ms: creatives per minute one core can render, nothing else. */
  ceiling_per_core_per_min: number;
  peak_rss_mb: number;
  rss_after_warmup_mb: number;
  rss_by_block_mb: number[];
  truncated: boolean;
};

function hasTaskset(): boolean {
  if (process.platform !== 'linux') return false;
  return spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
}

export async function benchRenderer(options: {
  blocks: number;
  perBlock: number;
  maxMs: number;
}): Promise<RendererResult> {
  const script = fileURLToPath(new URL('./render-child.ts', import.meta.url));
  const pinned = hasTaskset();
  const nodeArgs = [
    '--import',
    'tsx',
    script,
    String(options.blocks),
    String(options.perBlock),
    String(options.maxMs),
  ];
  const [cmd, args] = pinned
    ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const child = spawn(cmd as string, args as string[], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), options.maxMs + 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  if (code !== 0) throw new Error(`renderer bench exited ${code}`);
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const raw = JSON.parse(line) as RenderChildResult;

  const sizes: RendererResult['sizes'] = {};
  const medians: number[] = [];
  let composeShare = 0;
  for (const [label, { blocks }] of Object.entries(raw.sizes)) {
    const all: RenderSample[] = blocks.flat();
    const perBlock = blocks.filter((b) => b.length > 0).map((b) => mean(b.map((s) => s.totalMs)));
    const msFigure = figure('ms', perBlock, 1);
    medians.push(msFigure.median);
    composeShare += mean(all.map((s) => s.composeMs / s.totalMs));
    sizes[label] = {
      ms_per_creative: msFigure,
      visual_ms_p50: Math.round(
        percentile(
          all.map((s) => s.visualMs),
          50,
        ),
      ),
      compose_ms_p50: Math.round(
        percentile(
          all.map((s) => s.composeMs),
          50,
        ),
      ),
      render_ms_p50: Math.round(
        percentile(
          all.map((s) => s.totalMs),
          50,
        ),
      ),
      render_ms_p99: Math.round(
        percentile(
          all.map((s) => s.totalMs),
          99,
        ),
      ),
      png_bytes: figure(
        'bytes',
        all.map((s) => s.pngBytes),
        0,
      ),
    };
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
  };
}
