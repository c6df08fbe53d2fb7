import * as z from 'zod';
import { listWebhookEndpoints, toWebhookEndpointView } from '#core/entities/webhook-endpoint.ts';
import { defineAction } from '../action.ts';
import { pageResult, pagination } from '../schemas.ts';

/** The account's webhook endpoints, newest first; never their secrets. */
export const listWebhookEndpointsAction = defineAction({
  name: 'list_webhook_endpoints',
  credential: 'api_key',
  input: z.strictObject({ ...pagination }),
  run: async (input, { principal, deps }) => {
    const page = await listWebhookEndpoints(deps, principal.accountId, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    return pageResult('webhook_endpoints', {
      items: page.items.map(toWebhookEndpointView),
      nextToken: page.nextToken,
    });
  },
});
