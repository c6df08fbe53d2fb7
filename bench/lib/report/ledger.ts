import type { Results } from '../results.ts';
import type { Emit } from './format.ts';

/** 7. One account's ledger item under contention. */
export function ledgerSection(r: Results, p: Emit): void {
  const lg = r.ledger;
  if (!lg) return;
  p('## 7. One account’s ledger item under contention');
  p();
  p(
    `${lg.transaction}, back to back from N parallel generators on one account, through the router’s own SDK client, against ${lg.emulator}. The account’s credits were checked afterwards (reserved = committed): ${lg.ledger_consistent ? 'consistent' : '**inconsistent**'}.`,
  );
  p();
  p(
    '| generators | attempts | committed | reservations/s | TransactionConflict | conflict rate | other errors | p50 ms | p99 ms |',
  );
  p('|---|---|---|---|---|---|---|---|---|');
  for (const l of lg.levels) {
    p(
      `| ${l.generators} | ${l.attempts} | ${l.committed} | **${l.reservations_per_s}** | ${l.conflicts} | ${l.conflict_rate} | ${l.other_errors} | ${l.p50_ms} | ${l.p99_ms} |`,
    );
  }
  p();
  p(
    `**Caveat:** ${lg.caveat} See [docs/scale.md](../docs/scale.md) for what the service does past its per-item limit.`,
  );
  p();
}
