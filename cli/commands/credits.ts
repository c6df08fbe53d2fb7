/** `adgen credits`: the account's credits. */
import type { Command } from 'commander';
import { apiClient, optionsOf } from '../lib/config.ts';
import { print } from '../lib/output.ts';

export function register(program: Command): void {
  program
    .command('credits')
    .summary("the account's credits")
    .description('Credits of the account: available, reserved by running jobs, used, granted.')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).getCredits();
      const c = r.credits;
      print(
        o.output,
        r,
        () => `${c.available} available, ${c.reserved} reserved, ${c.used} used (${c.granted} granted).`,
      );
    });
}
