/** `adgen clients list|create|get|rename|delete`: the agency's clients. */
import type { Command } from 'commander';
import { apiClient, optionsOf } from '../lib/config.ts';
import { UsageError } from '../lib/errors.ts';
import { deletedLine, integer, print, rows, strip } from '../lib/output.ts';

export function register(program: Command): void {
  const clients = program
    .command('clients')
    .summary('the agency clients (list, create, get, rename, delete)')
    .description(
      "The agency's clients. delete cancels the client's running jobs (their credits come back) and removes its angles, brand kit, assets, campaigns and creatives.",
    );

  clients
    .command('list', { isDefault: true })
    .summary('your clients')
    .option('--limit <n>', 'at most this many', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ limit?: number }>(cmd);
      const r = await (await apiClient(o)).listClients(strip({ limit: o.limit }));
      print(o.output, r, () =>
        rows(
          r.clients.map((c) => `${c.id}  ${c.name}`),
          'No clients.',
        ),
      );
    });

  clients
    .command('create')
    .summary('a new client')
    .argument('[name...]', 'its name (words are joined)')
    .option('--name <name>', 'the name (instead of the argument)')
    .action(async (words: string[], _o, cmd: Command) => {
      const o = optionsOf<{ name?: string }>(cmd);
      const name = words.join(' ') || o.name;
      if (!name) throw new UsageError('Missing the client name (adgen clients create <name>).');
      const r = await (await apiClient(o)).createClient({ name });
      print(o.output, r, () => `Created client ${r.client.id} (${r.client.name}).`);
    });

  clients
    .command('get')
    .summary('one client')
    .argument('<client id>')
    .action(async (client_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).getClient({ client_id });
      print(o.output, r, () => `${r.client.id}  ${r.client.name}`);
    });

  clients
    .command('rename')
    .summary("change a client's name")
    .argument('<client id>')
    .argument('[name...]', 'the new name (words are joined)')
    .option('--name <name>', 'the new name (instead of the argument)')
    .action(async (client_id: string, words: string[], _o, cmd: Command) => {
      const o = optionsOf<{ name?: string }>(cmd);
      const name = words.join(' ') || o.name;
      if (!name) throw new UsageError('Missing the new name (adgen clients rename <id> <name>).');
      const r = await (await apiClient(o)).updateClient({ client_id, name });
      print(o.output, r, () => `Renamed client ${r.client.id} to ${r.client.name}.`);
    });

  clients
    .command('delete')
    .summary('a client and everything it owns')
    .argument('<client id>')
    .action(async (client_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).deleteClient({ client_id });
      print(o.output, r, () => deletedLine('client', client_id, r));
    });
}
