/** `adgen webhooks list|create|delete|rotate|deliveries`: signed webhooks (Standard Webhooks). */
import type { Command } from 'commander';
import type { Inputs } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { integer, list, print, rows, strip } from '../lib/output.ts';

export function register(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .summary('signed webhooks (list, create, delete, rotate, deliveries)')
    .description(
      'Signed webhooks (Standard Webhooks). create and rotate show the signing secret once; after a rotation both secrets sign for 24 h. deliveries lists attempts, status and the last HTTP status.',
    );

  webhooks
    .command('list', { isDefault: true })
    .summary('your webhook endpoints')
    .option('--limit <n>', 'at most this many', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ limit?: number }>(cmd);
      const r = await (await apiClient(o)).listWebhookEndpoints(strip({ limit: o.limit }));
      print(o.output, r, () =>
        rows(
          r.webhook_endpoints.map((e) => `${e.id}  ${e.url}  ${e.events.join(',')}`),
          'No webhook endpoints.',
        ),
      );
    });

  webhooks
    .command('create')
    .summary('a new endpoint; its secret is shown once')
    .argument('<https url>')
    .requiredOption('--events <list>', 'job.completed,creative.succeeded,creative.failed')
    .action(async (url: string, _o, cmd: Command) => {
      const o = optionsOf<{ events: string }>(cmd);
      const r = await (await apiClient(o)).createWebhookEndpoint({
        url,
        events: list(o.events) as Inputs['create_webhook_endpoint']['events'],
      });
      const e = r.webhook_endpoint;
      print(
        o.output,
        r,
        () =>
          `Created webhook ${e.id} → ${e.url} (${e.events.join(', ')}). Secret, shown only now:\n${e.secret}`,
      );
    });

  webhooks
    .command('delete')
    .summary('an endpoint')
    .argument('<endpoint id>')
    .action(async (webhook_endpoint_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).deleteWebhookEndpoint({ webhook_endpoint_id });
      print(o.output, r, () => `Deleted webhook ${r.webhook_endpoint.id}.`);
    });

  webhooks
    .command('rotate')
    .summary('a new signing secret (the old one signs for 24 h more)')
    .argument('<endpoint id>')
    .action(async (webhook_endpoint_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).rotateWebhookSecret({ webhook_endpoint_id });
      const e = r.webhook_endpoint;
      print(
        o.output,
        r,
        () =>
          `New secret of ${e.id}, shown only now (the old one also signs until ${e.previous_secret_expires_at}):\n${e.secret}`,
      );
    });

  webhooks
    .command('deliveries')
    .summary("an endpoint's delivery attempts")
    .argument('<endpoint id>')
    .option('--limit <n>', 'at most this many', integer)
    .action(async (webhook_endpoint_id: string, _o, cmd: Command) => {
      const o = optionsOf<{ limit?: number }>(cmd);
      const r = await (await apiClient(o)).listWebhookDeliveries(
        strip({ webhook_endpoint_id, limit: o.limit }),
      );
      print(o.output, r, () =>
        rows(
          r.deliveries.map(
            (d) =>
              `${d.id}  ${d.event_type.padEnd(18)}  ${d.status.padEnd(9)}  ${d.attempts} attempts  last ${d.last_status_code ?? '-'}${d.next_attempt_at ? `  next ${d.next_attempt_at}` : ''}`,
          ),
          'No deliveries.',
        ),
      );
    });
}
