/** `adgen angles list|generate`: a client's marketing angles. */
import type { Command } from 'commander';
import type { Results } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { integer, type Out, print, rows, strip } from '../lib/output.ts';

function printAngles(out: Out, r: Results['list_angles'] | Results['generate_angles']) {
  print(out, r, () =>
    rows(
      r.angles.map((a) => `${a.id}  ${a.awareness_level.padEnd(14)}  ${a.name}: ${a.hook}`),
      'No angles.',
    ),
  );
}

export function register(program: Command): void {
  const angles = program
    .command('angles')
    .summary("a client's marketing angles (list, generate)")
    .description(
      "A client's marketing angles. generate writes them from a research summary (the brief); select some for a campaign with adgen campaigns create|update --angles ID,ID.",
    );

  angles
    .command('list', { isDefault: true })
    .summary("a client's angles")
    .requiredOption('--client <client id>', 'whose angles')
    .option('--limit <n>', 'at most this many', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ client: string; limit?: number }>(cmd);
      printAngles(
        o.output,
        await (await apiClient(o)).listAngles(strip({ client_id: o.client, limit: o.limit })),
      );
    });

  angles
    .command('generate')
    .summary('angles from a research summary')
    .requiredOption('--client <client id>', 'whose angles')
    .requiredOption('--summary <text>', 'the research summary or brief')
    .option('--language <code>', 'e.g. en')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ client: string; summary: string; language?: string }>(cmd);
      printAngles(
        o.output,
        await (await apiClient(o)).generateAngles(
          strip({ client_id: o.client, research_summary: o.summary, language: o.language }),
        ),
      );
    });
}
