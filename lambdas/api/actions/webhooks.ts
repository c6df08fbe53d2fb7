import { createWebhookEndpointAction } from './create-webhook-endpoint.ts';
import { deleteWebhookEndpointAction } from './delete-webhook-endpoint.ts';
import { listWebhookDeliveriesAction } from './list-webhook-deliveries.ts';
import { listWebhookEndpointsAction } from './list-webhook-endpoints.ts';
import { rotateWebhookSecretAction } from './rotate-webhook-secret.ts';

/** The webhook actions (ADR 0025), in the order the document lists them. */
export const webhookActions = [
  createWebhookEndpointAction,
  listWebhookEndpointsAction,
  deleteWebhookEndpointAction,
  rotateWebhookSecretAction,
  listWebhookDeliveriesAction,
] as const;
