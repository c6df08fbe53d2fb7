import type { Action, Credential } from '../action.ts';
import type { ActionName } from './index.ts';

/**
 * One line of the router's dispatch table: what the router must know before the action's module
 * is loaded (its name, and the credential it takes, which authentication checks first), and how
 * to load it. The module — its zod schema, its entity code and whatever SDK client or engine it
 * alone needs — is imported on the first request that names the action, never at cold start
 * (ADR 0011). The type ties `credential` to what the module itself declares.
 */
export type LazyAction = {
  readonly name: ActionName;
  readonly credential: Credential;
  /** The action, imported on the first call and the same object afterwards. */
  load(): Promise<Action>;
  /** The action once loaded (so a warm request does not wait on a promise), else undefined. */
  loaded(): Action | undefined;
};

function lazy<const N extends ActionName, const C extends Credential>(
  name: N,
  credential: C,
  load: () => Promise<
    Omit<Action, 'run'> & { readonly name: N; readonly credential: C; readonly run: unknown }
  >,
): LazyAction {
  let action: Action | undefined;
  let loading: Promise<Action> | undefined;
  return {
    name,
    credential,
    loaded: () => action,
    load: () => {
      loading ??= load().then(
        (a) => {
          // Each module's action is typed by its own schema; the router runs it through `input`.
          action = a as Action;
          return action;
        },
        (error: unknown) => {
          // A failed import is not kept: the next request tries again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The dispatch table. Each `import()` names one action module; esbuild keeps them in the one
 * bundle, each behind a lazy initialiser, so a cold start parses them but runs none
 * (test/infra/router-bundle-guards.test.ts checks what the cold path imports). Adding an action
 * is a line here and a line in `index.ts` (the eager list the OpenAPI document is built from);
 * test/unit/action-table.test.ts checks that the two agree.
 */
export const actionTable: readonly LazyAction[] = [
  lazy('list_clients', 'api_key', () => import('./list-clients.ts').then((m) => m.listClientsAction)),
  lazy('create_client', 'api_key', () => import('./create-client.ts').then((m) => m.createClientAction)),
  lazy('list_campaigns', 'api_key', () => import('./list-campaigns.ts').then((m) => m.listCampaignsAction)),
  lazy('create_campaign', 'api_key', () =>
    import('./create-campaign.ts').then((m) => m.createCampaignAction),
  ),
  lazy('list_creatives', 'api_key', () => import('./list-creatives.ts').then((m) => m.listCreativesAction)),
  lazy('list_angles', 'api_key', () => import('./list-angles.ts').then((m) => m.listAnglesAction)),
  lazy('get_angle', 'api_key', () => import('./get-angle.ts').then((m) => m.getAngleAction)),
  lazy('generate_angles', 'api_key', () =>
    import('./generate-angles.ts').then((m) => m.generateAnglesAction),
  ),
  lazy('get_brief', 'api_key', () => import('./get-brief.ts').then((m) => m.getBriefAction)),
  lazy('update_brief', 'api_key', () => import('./update-brief.ts').then((m) => m.updateBriefAction)),
  lazy('get_brand_kit', 'api_key', () => import('./get-brand-kit.ts').then((m) => m.getBrandKitAction)),
  lazy('update_brand_kit', 'api_key', () =>
    import('./update-brand-kit.ts').then((m) => m.updateBrandKitAction),
  ),
  lazy('prepare_campaign', 'api_key', () =>
    import('./prepare-campaign.ts').then((m) => m.prepareCampaignAction),
  ),
  lazy('generate_creatives', 'api_key', () =>
    import('./generate-creatives.ts').then((m) => m.generateCreativesAction),
  ),
  lazy('estimate_creatives', 'api_key', () =>
    import('./estimate-creatives.ts').then((m) => m.estimateCreativesAction),
  ),
  lazy('get_job', 'api_key', () => import('./get-job.ts').then((m) => m.getJobAction)),
  lazy('get_credits', 'api_key', () => import('./get-credits.ts').then((m) => m.getCreditsAction)),
  lazy('list_api_keys', 'user_token', () => import('./list-api-keys.ts').then((m) => m.listApiKeysAction)),
  lazy('create_api_key', 'user_token', () => import('./create-api-key.ts').then((m) => m.createApiKeyAction)),
  lazy('revoke_api_key', 'user_token', () => import('./revoke-api-key.ts').then((m) => m.revokeApiKeyAction)),
  lazy('create_asset_upload', 'api_key', () =>
    import('./create-asset-upload.ts').then((m) => m.createAssetUploadAction),
  ),
  lazy('get_asset', 'api_key', () => import('./get-asset.ts').then((m) => m.getAssetAction)),
  lazy('list_assets', 'api_key', () => import('./list-assets.ts').then((m) => m.listAssetsAction)),
  lazy('list_jobs', 'api_key', () => import('./list-jobs.ts').then((m) => m.listJobsAction)),
  lazy('cancel_job', 'api_key', () => import('./cancel-job.ts').then((m) => m.cancelJobAction)),
  lazy('regenerate_creative', 'api_key', () =>
    import('./regenerate-creative.ts').then((m) => m.regenerateCreativeAction),
  ),
  lazy('get_client', 'api_key', () => import('./get-client.ts').then((m) => m.getClientAction)),
  lazy('update_client', 'api_key', () => import('./update-client.ts').then((m) => m.updateClientAction)),
  lazy('get_campaign', 'api_key', () => import('./get-campaign.ts').then((m) => m.getCampaignAction)),
  lazy('update_campaign', 'api_key', () =>
    import('./update-campaign.ts').then((m) => m.updateCampaignAction),
  ),
  lazy('delete_campaign', 'api_key', () =>
    import('./delete-campaign.ts').then((m) => m.deleteCampaignAction),
  ),
  lazy('delete_client', 'api_key', () => import('./delete-client.ts').then((m) => m.deleteClientAction)),
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
  lazy('review_creatives', 'api_key', () =>
    import('./review-creatives.ts').then((m) => m.reviewCreativesAction),
  ),
  lazy('create_review_link', 'api_key', () =>
    import('./create-review-link.ts').then((m) => m.createReviewLinkAction),
  ),
  lazy('revoke_review_link', 'api_key', () =>
    import('./revoke-review-link.ts').then((m) => m.revokeReviewLinkAction),
  ),
  lazy('export_campaign', 'api_key', () =>
    import('./export-campaign.ts').then((m) => m.exportCampaignAction),
  ),
  lazy('get_export', 'api_key', () => import('./get-export.ts').then((m) => m.getExportAction)),
];

export const actionTableByName: ReadonlyMap<string, LazyAction> = new Map(
  actionTable.map((a) => [a.name, a]),
);
export const actionTableNames: readonly string[] = actionTable.map((a) => a.name);
