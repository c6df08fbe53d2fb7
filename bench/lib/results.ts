import type { BundleResult } from './bundle.ts';
import type { CopyBenchResult } from './copy.ts';
import type { CostScenario } from './cost.ts';
import type { EnginesResult } from './engines.ts';
import type { FirstRequestResult } from './first-request.ts';
import type { LedgerResult } from './ledger.ts';
import type { PresignResult } from './presign.ts';
import type { RendererResult, SmartCutResult, WorkerMemoryResult } from './renderer.ts';
import type { RouterResult, ScalingResult } from './router.ts';
import type { Figure } from './stats.ts';

/** The shape of bench/results.json: what the run writes and the report, the README table and the scale model read. */
export type Results = {
  date: string;
  machine: {
    cores: number;
    cpu: string;
    arch: string;
    platform: string;
    node: string;
    /** The machine's 1-minute load average when the run started (absent in older results). */
    load_average_1m_at_start?: number;
  };
  scale: number;
  duration_s: number;
  failures: string[];
  /** Which section each failure came from (so a partial run can replace its own). */
  failures_by_section?: Record<string, string[]>;
  /** Set when `--only` re-ran some sections into an earlier run's results. */
  partial_update?: { sections: string[]; at: string; load_average_1m_at_start?: number };
  /** When each section was last measured (full or `--only` run), with the machine's load then. */
  section_runs?: Record<string, { at: string; load_average_1m_at_start: number; scale: number }>;
  bundle: BundleResult;
  /** The offline text engine (absent in runs before it was measured). */
  copy?: CopyBenchResult;
  presign?: PresignResult;
  ledger?: LedgerResult;
  first_request?: FirstRequestResult;
  renderer: RendererResult;
  /** The Bedrock path from a stored model visual (absent in older runs). */
  smart_cut?: SmartCutResult;
  /** Peak RSS per image, per path and ratio (absent in older runs). */
  worker_memory?: WorkerMemoryResult;
  /** Today's renderer and Skia on the same plans, interleaved (ADR 0052; absent in older runs). */
  engines?: EnginesResult;
  router: RouterResult;
  scaling: ScalingResult;
  pipeline: {
    images_per_batch: number;
    ratios: string;
    by_workers: Record<
      string,
      {
        workers: number;
        creatives_per_min: Figure;
        total_s: Figure;
        dispatch_ms: Figure;
        worker_ms_per_image_p50: number;
        worker_ms_per_image_p99: number;
        failed: number;
        pngs_verified: number;
        images: number;
        /** Renderer ceiling for this many workers: one core's ceiling × min(workers, cores). */
        ceiling_per_min: number;
        ratio_to_ceiling: number;
        ratio_to_one_core_ceiling: number;
      }
    >;
    speedup_2_over_1: number;
    calls_per_image: Record<string, { calls: number; failed: number; table_cu: number; index_cu: number }>;
    /** Where one image's worker time goes, in the 1-worker runs (absent in older runs). */
    stages_one_worker?:
      | { images: number; stages: { stage: string; ms: Figure; share: number }[] }
      | undefined;
  };
  cost: {
    prices: { asOf: string; modelFeePerCall?: number };
    scenarios: CostScenario[];
    dynamo: { wru: number; rru: number };
    input: { items: Record<string, number>; settings: { routerMb: number; workerMb: number } };
  };
};

/** The pipeline section of the results. */
export type PipelineResult = Results['pipeline'];
