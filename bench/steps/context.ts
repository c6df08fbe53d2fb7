import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadClient } from '../lib/load.ts';
import type { Results } from '../lib/results.ts';
import type { BenchStack } from '../lib/stack.ts';

const HARD_LIMIT_MS = 9.5 * 60_000;
export const scale = Math.min(2, Math.max(0.1, Number(process.env.BENCH_SCALE ?? 1) || 1));
/** A repetition count scaled by BENCH_SCALE, never under `min`. */
export const n = (count: number, min = 1) => Math.max(min, Math.round(count * scale));

export const started = Date.now();
export const log = (message: string) => {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${s}s] ${message}\n`);
};
export const checkTime = (phase: string) => {
  if (Date.now() - started > HARD_LIMIT_MS) throw new Error(`bench over its time limit before ${phase}`);
};

export const SECTIONS = [
  'bundle',
  'presign',
  'copy',
  'renderer',
  'engines',
  'ledger',
  'first_request',
  'router',
  'stack',
] as const;
export type Section = (typeof SECTIONS)[number];

/** What every step of a run shares: what to run, what an `--only` run keeps, failures, what to stop. */
export type BenchContext = {
  cores: number;
  /** Other work on the machine moves every timing: the run records how busy it was. */
  loadAtStart: number;
  tmp: string;
  only: Set<Section> | undefined;
  previous: Partial<Results>;
  want: (section: Section) => boolean;
  /** Records a section's failures (replacing an earlier run's for that section). */
  failuresOf: (section: string, list: string[]) => void;
  sectionFailures: Record<string, string[]>;
  /** This run's failures. */
  failures: string[];
  stack?: BenchStack;
  load?: LoadClient;
  /** Stops the load client and the stack, removes the temp dir; safe to call again. */
  cleanup: () => Promise<void>;
};

/** `--only=a,b`: the sections to run (all when absent). */
function selectedSections(): Set<Section> | undefined {
  const arg = process.argv.find((a) => a.startsWith('--only='));
  if (!arg) return undefined;
  const names = arg.slice('--only='.length).split(',').filter(Boolean);
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return new Set(names as Section[]);
}

async function previousResults(): Promise<Partial<Results>> {
  try {
    return JSON.parse(
      await readFile(new URL('../results.json', import.meta.url), 'utf8'),
    ) as Partial<Results>;
  } catch {
    return {};
  }
}

/** The run's context, with a temp dir and signal handlers that stop the emulators. */
export async function openContext(): Promise<BenchContext> {
  const only = selectedSections();
  const previous = only ? await previousResults() : {};
  const tmp = await mkdtemp(join(tmpdir(), 'adgen-bench-'));
  const ctx: BenchContext = {
    cores: availableParallelism(),
    loadAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    tmp,
    only,
    previous,
    want: (section) => only === undefined || only.has(section),
    failuresOf: (section, list) => {
      ctx.sectionFailures[section] = list;
      ctx.failures.push(...list);
    },
    sectionFailures: only ? { ...(previous.failures_by_section ?? {}) } : {},
    failures: [],
    cleanup: async () => {
      await ctx.load?.close().catch(() => undefined);
      ctx.load = undefined;
      await ctx.stack?.stop().catch((e: unknown) => log(`stopping the stack: ${String(e)}`));
      ctx.stack = undefined;
      await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    },
  };
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (interrupted) return;
      interrupted = true;
      log(`${signal}: stopping the emulators`);
      void ctx.cleanup().finally(() => process.exit(130));
    });
  }
  return ctx;
}
