import type { Action, Credential } from '../action.ts';
import type { ActionName } from './index.ts';
import type { LazyAction } from './table.ts';

type Lazy = <const N extends ActionName, const C extends Credential>(
  name: N,
  credential: C,
  load: () => Promise<
    Omit<Action, 'run'> & { readonly name: N; readonly credential: C; readonly run: unknown }
  >,
) => LazyAction;

/** The webhook actions' lines of the dispatch table (each module imported on first use, like the rest). */
export const webhookActionTable = (lazy: Lazy): LazyAction[] => [
  lazy('create_webhook_endpoint', 'api_key', () =>
    import('./create-webhook-endpoint.ts').then((m) => m.createWebhookEndpointAction),
  ),
  lazy('list_webhook_endpoints', 'api_key', () =>
    import('./list-webhook-endpoints.ts').then((m) => m.listWebhookEndpointsAction),
  ),
  lazy('delete_webhook_endpoint', 'api_key', () =>
    import('./delete-webhook-endpoint.ts').then((m) => m.deleteWebhookEndpointAction),
  ),
  lazy('rotate_webhook_secret', 'api_key', () =>
    import('./rotate-webhook-secret.ts').then((m) => m.rotateWebhookSecretAction),
  ),
  lazy('list_webhook_deliveries', 'api_key', () =>
    import('./list-webhook-deliveries.ts').then((m) => m.listWebhookDeliveriesAction),
  ),
];
