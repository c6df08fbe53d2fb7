/** Result schemas of the webhook actions (ADR 0025), kept beside results.ts. */
import * as z from 'zod';
import { DELIVERY_STATUSES } from '#core/entities/webhook-delivery.ts';
import { WEBHOOK_EVENT_TYPES } from '#core/webhooks/events.ts';
import { nextToken, timestamp, uuid } from './result-fields.ts';

export const webhookEndpointView = z.object({
  id: uuid,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  created_at: timestamp,
  updated_at: timestamp,
});

const secret = z
  .string()
  .describe(
    '`whsec_` + base64 of 32 random bytes: the Standard Webhooks signing secret, shown in this answer only.',
  );

export const webhookDeliveryView = z.object({
  id: z.string().describe('Also the `webhook-id` header of every attempt.'),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable().describe('What the receiver last answered; null: no answer.'),
  next_attempt_at: timestamp
    .nullable()
    .describe('When the next attempt is due; null once delivered or failed.'),
  created_at: timestamp,
  updated_at: timestamp,
});

export const webhookResults = {
  create_webhook_endpoint: z.object({ webhook_endpoint: webhookEndpointView.extend({ secret }) }),
  list_webhook_endpoints: z.object({
    webhook_endpoints: z.array(webhookEndpointView),
    next_token: nextToken,
  }),
  delete_webhook_endpoint: z.object({ deleted: z.literal(true), webhook_endpoint: webhookEndpointView }),
  rotate_webhook_secret: z.object({
    webhook_endpoint: webhookEndpointView.extend({
      secret,
      previous_secret_expires_at: timestamp.describe(
        'Until then deliveries are signed with the old secret too.',
      ),
    }),
  }),
  list_webhook_deliveries: z.object({ deliveries: z.array(webhookDeliveryView), next_token: nextToken }),
} as const;
