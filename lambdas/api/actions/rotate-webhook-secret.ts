import * as z from 'zod';
import {
  getWebhookEndpoint,
  rotateWebhookSecret,
  toWebhookEndpointView,
} from '#core/entities/webhook-endpoint.ts';
import { ConflictError, NotFoundError } from '#core/errors.ts';
import { newWebhookSecret } from '#core/webhooks/signature.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * A new secret, shown in this answer only. Deliveries are signed with both the new and the
 * replaced secret for 24 h (two `v1,` signatures), so a receiver can switch without a gap.
 */
export const rotateWebhookSecretAction = defineAction({
  name: 'rotate_webhook_secret',
  credential: 'api_key',
  input: z.strictObject({ webhook_endpoint_id: id('webhook_endpoint_id') }),
  run: async (input, { principal, deps }) => {
    const endpoint = await getWebhookEndpoint(deps, principal.accountId, input.webhook_endpoint_id);
    if (!endpoint) throw new NotFoundError('webhook endpoint', input.webhook_endpoint_id);
    const rotated = await rotateWebhookSecret(deps, principal.accountId, endpoint, newWebhookSecret());
    if (!rotated)
      throw new ConflictError('The secret was rotated at the same time by another request; retry.');
    return {
      webhook_endpoint: {
        ...toWebhookEndpointView(rotated),
        secret: rotated.secret,
        previous_secret_expires_at: rotated.previous_secret_expires_at as string,
      },
    };
  },
});
