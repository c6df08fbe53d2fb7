/** `adgen keys list|create|revoke`: API keys of your account (a Cognito login, not an API key). */
import type { Command } from 'commander';
import { optionsOf, userTokenClient } from '../lib/config.ts';
import { UsageError } from '../lib/errors.ts';
import { integer, print, rows, strip } from '../lib/output.ts';

export function register(program: Command): void {
  const keys = program
    .command('keys')
    .summary('API keys of your account (needs adgen login)')
    .description('API keys of your account (needs adgen login). create shows the key once.');

  keys
    .command('list', { isDefault: true })
    .summary('your API keys and their status')
    .option('--limit <n>', 'at most this many', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ limit?: number }>(cmd);
      const r = await (await userTokenClient(o)).listApiKeys(strip({ limit: o.limit }));
      print(o.output, r, () =>
        rows(
          r.api_keys.map((k) => `${k.id}  ${k.status.padEnd(7)}  ${k.prefix}…${k.last4}  ${k.name}`),
          'No API keys.',
        ),
      );
    });

  keys
    .command('create')
    .summary('a new API key, shown only once')
    .argument('[name]', 'what the key is for')
    .option('--name <name>', 'the key name (instead of the argument)')
    .option('--expires-in-days <n>', 'the key expires after this many days', integer)
    .action(async (name: string | undefined, _o, cmd: Command) => {
      const o = optionsOf<{ name?: string; expiresInDays?: number }>(cmd);
      const keyName = name ?? o.name;
      if (!keyName) throw new UsageError('Missing the key name (adgen keys create <name>).');
      const r = await (await userTokenClient(o)).createApiKey(
        strip({ name: keyName, expires_in_days: o.expiresInDays }),
      );
      print(
        o.output,
        r,
        () => `Created key ${r.api_key.id} (${r.api_key.name}). It is shown only now:\n${r.api_key.key}`,
      );
    });

  keys
    .command('revoke')
    .summary('revoke a key at once')
    .argument('<key id>')
    .action(async (api_key_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await userTokenClient(o)).revokeApiKey({ api_key_id });
      print(o.output, r, () => `Revoked ${r.api_key.id} at ${r.api_key.revoked_at}.`);
    });
}
