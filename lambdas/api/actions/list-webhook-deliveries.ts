import * as z from 'zod';
import { listDeliveriesOfEndpoint } from '#core/entities/webhook-delivery.ts';
import { getWebhookEndpoint } from '#core/entities/webhook-endpoint.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

/** An endpoint's deliveries, newest first: what was sent, how often, and what the receiver answered. */
export const listWebhookDeliveriesAction = defineAction({
  name: 'list_webhook_deliveries',
  credential: 'api_key',
  input: z.strictObject({ webhook_endpoint_id: id('webhook_endpoint_id'), ...pagination }),
  run: async (input, { principal, deps }) => {
    if (!(await getWebhookEndpoint(deps, principal.accountId, input.webhook_endpoint_id))) {
      throw new NotFoundError('webhook endpoint', input.webhook_endpoint_id);
    }
    const page = await listDeliveriesOfEndpoint(deps, principal.accountId, input.webhook_endpoint_id, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    return pageResult('deliveries', {
      items: page.items.map((d) => ({
        id: d.id,
        event_type: d.event_type,
        status: d.status,
        attempts: d.attempts,
        last_status_code: d.last_status_code,
        next_attempt_at: d.next_attempt_at,
        created_at: d.created_at,
        updated_at: d.updated_at,
      })),
      nextToken: page.nextToken,
    });
  },
});
