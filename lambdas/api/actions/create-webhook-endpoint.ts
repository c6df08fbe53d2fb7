import * as z from 'zod';
import {
  createWebhookEndpoint,
  EndpointLimitError,
  toWebhookEndpointView,
} from '#core/entities/webhook-endpoint.ts';
import { ConflictError, ValidationError } from '#core/errors.ts';
import { RefusedUrlError } from '#core/net/safe-fetch.ts';
import { checkTargetUrl, resolvePinned } from '#core/net/safe-post.ts';
import { MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, WEBHOOK_EVENT_TYPES } from '#core/webhooks/events.ts';
import { newWebhookSecret } from '#core/webhooks/signature.ts';
import { defineAction } from '../action.ts';
import { httpUrl } from '../schemas.ts';

/**
 * Registers a receiver of the account's events. The URL must be public https (resolved now and
 * again at every attempt, each address public, no redirects); the secret is shown in this answer
 * only (ADR 0025).
 */
export const createWebhookEndpointAction = defineAction({
  name: 'create_webhook_endpoint',
  credential: 'api_key',
  input: z.strictObject({
    url: httpUrl,
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1, 'must name at least one event')
      .refine((events) => new Set(events).size === events.length, 'must not repeat an event'),
  }),
  run: async (input, { principal, deps }) => {
    const allowLoopback = deps.config.webhooks.allowLocal;
    try {
      await resolvePinned(checkTargetUrl(input.url, { allowLoopback }), { allowLoopback });
    } catch (error) {
      if (!(error instanceof RefusedUrlError)) throw error;
      // A name that does not resolve yet is accepted (DNS may come later; each attempt resolves
      // again and fails until it does); one that resolves to a non-public address is not.
      if (!error.message.startsWith('cannot resolve')) {
        throw new ValidationError('The webhook URL is not allowed.', [
          { path: 'url', message: error.message },
        ]);
      }
    }
    const now = deps.now().toISOString();
    // The cap is checked in the endpoint's own transaction (a counter on the account), so
    // concurrent creates cannot pass it together (ADR 0029).
    const endpoint = await createWebhookEndpoint(deps, principal.accountId, {
      id: deps.newId(),
      url: input.url,
      events: input.events,
      secret: newWebhookSecret(),
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    }).catch((error: unknown) => {
      if (!(error instanceof EndpointLimitError)) throw error;
      throw new ConflictError(
        `An account has at most ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one first.`,
      );
    });
    return { webhook_endpoint: { ...toWebhookEndpointView(endpoint), secret: endpoint.secret } };
  },
});
