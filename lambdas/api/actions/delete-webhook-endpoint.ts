import * as z from 'zod';
import { deleteWebhookEndpoint, toWebhookEndpointView } from '#core/entities/webhook-endpoint.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/** Deletes an endpoint: nothing more is sent to it (its pending deliveries end failed). A second delete is a 404. */
export const deleteWebhookEndpointAction = defineAction({
  name: 'delete_webhook_endpoint',
  credential: 'api_key',
  input: z.strictObject({ webhook_endpoint_id: id('webhook_endpoint_id') }),
  run: async (input, { principal, deps }) => {
    const deleted = await deleteWebhookEndpoint(deps, principal.accountId, input.webhook_endpoint_id);
    if (!deleted) throw new NotFoundError('webhook endpoint', input.webhook_endpoint_id);
    return { deleted: true as const, webhook_endpoint: toWebhookEndpointView(deleted) };
  },
});
