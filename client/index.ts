/**
 * Typed client of the adgen API: one method per action, typed inputs (the router's zod schemas)
 * and results (`lambdas/api/results.ts`), errors carrying the envelope's code, retries with
 * exponential backoff and jitter on 429, 5xx and network errors only, and `waitForCreatives`.
 *
 *   import { AdgenClient } from './client/index.ts';
 *   const adgen = new AdgenClient({ baseUrl, apiKey });
 *   const { client } = await adgen.createClient({ name: 'Acme' });
 *
 * Every writing call carries a fresh `Idempotency-Key` (ADR 0017), kept across its retries, so a
 * retry after a lost answer gets the first answer back instead of doing the work twice.
 *
 * From the API's modules only types are imported, plus the dependency-free list of writing
 * actions and the job statuses from their one source (lambdas/core/job-status.ts): at run time
 * this file needs nothing but fetch.
 */
import type { actions } from '../lambdas/api/actions/index.ts';
import { IDEMPOTENCY_KEY_HEADER, isWriteAction } from '../lambdas/api/idempotency-key.ts';
import type { ErrorEnvelope, Results } from '../lambdas/api/results.ts';
import { isFinalJobStatus } from '../lambdas/core/job-status.ts';
import type { components } from './schema.d.ts';

export type ActionName = (typeof actions)[number]['name'];
type Schemas = components['schemas'];
/** `generate_creatives` → `GenerateCreatives`, the stem of its schema names in the document. */
type Pascal<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>;
/**
 * What a caller sends for an action: the OpenAPI request schema (client/schema.d.ts, generated
 * by openapi-typescript from docs/openapi.json) without `action`. Fields with defaults are optional.
 */
export type Inputs = { [A in ActionName]: Omit<Schemas[`${Pascal<A>}Request`], 'action'> };
export type { Results };
export type ErrorCode = ErrorEnvelope['error']['code'];

export type Creative = Results['list_creatives']['creatives'][number];
export type Job = Results['get_job']['job'];
export type CampaignExport = Results['get_export']['export'];

/** An error envelope (or a network failure: `code` `network_error`, `status` 0). */
export class AdgenError extends Error {
  override name = 'AdgenError';
  constructor(
    readonly code: ErrorCode | 'network_error' | 'invalid_response',
    readonly status: number,
    message: string,
    readonly details?: unknown,
    readonly requestId?: string,
    /** The answer's Retry-After, when it had one (429, 409 idempotency_in_progress). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export type RetryOptions = {
  /** Attempts in all, the first included. @default 4 */
  attempts?: number;
  /** Delay before the first retry; doubled each time, with full jitter. @default 250 */
  baseDelayMs?: number;
  /** @default 5000 */
  maxDelayMs?: number;
};

/** A new Cognito access token, and for how many seconds it is valid. */
export type RefreshedToken = { accessToken: string; expiresIn: number };

export type AdgenClientOptions = {
  baseUrl: string;
  /** For every action but the key actions. */
  apiKey?: string;
  /** A Cognito access token, for list_api_keys, create_api_key and revoke_api_key. */
  token?: string;
  /**
   * Gets a new access token (e.g. `cognitoTokenRefresher` with the login's refresh token). Called
   * before a key action when the token is missing or expires within 30 s, and once after a 401.
   */
  refreshToken?: () => Promise<RefreshedToken>;
  /** Told about every refreshed token (to cache it). */
  onTokenRefreshed?: (token: RefreshedToken) => void | Promise<void>;
  retry?: RetryOptions;
  fetch?: typeof fetch;
};

/** Actions that answer a page (`next_token`), and what their pages list. */
export type ListActionName = {
  [A in ActionName]: Results[A] extends { next_token: string | null } ? A : never;
}[ActionName];
export type ListItem<A extends ListActionName> = {
  [K in keyof Results[A]]: K extends 'next_token'
    ? never
    : Results[A][K] extends readonly (infer I)[]
      ? I
      : never;
}[keyof Results[A]];

/** Seconds until a JWT's `exp`, or undefined when it cannot be read (opaque token). */
function secondsLeft(jwt: string): number | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp - Date.now() / 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A `refreshToken` for AdgenClient: Cognito's InitiateAuth with REFRESH_TOKEN_AUTH, over plain
 * fetch (the call is unauthenticated, so no SDK and no signing). `endpoint` is for a local pool.
 */
export function cognitoTokenRefresher(options: {
  region: string;
  clientId: string;
  refreshToken: string;
  endpoint?: string;
  fetch?: typeof fetch;
}): () => Promise<RefreshedToken> {
  const url = options.endpoint ?? `https://cognito-idp.${options.region}.amazonaws.com/`;
  const fetchImpl = options.fetch ?? fetch;
  return async () => {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: options.clientId,
        AuthParameters: { REFRESH_TOKEN: options.refreshToken },
      }),
    });
    const body = (await res.json().catch(() => ({}))) as {
      AuthenticationResult?: { AccessToken?: string; ExpiresIn?: number };
      message?: string;
    };
    const token = body.AuthenticationResult?.AccessToken;
    if (!res.ok || !token) {
      throw new AdgenError(
        'unauthorized',
        401,
        `Token refresh failed: ${body.message ?? `HTTP ${res.status}`}`,
      );
    }
    return { accessToken: token, expiresIn: body.AuthenticationResult?.ExpiresIn ?? 3600 };
  };
}

const USER_TOKEN_ACTIONS = new Set<string>(['list_api_keys', 'create_api_key', 'revoke_api_key']);

/**
 * Whether a failure is worth retrying: throttling, server errors, the network, and a duplicate of
 * a request still running (its answer comes with the same key). Nothing else.
 */
export function isRetryable(error: AdgenError): boolean {
  return (
    error.status === 429 ||
    error.status >= 500 ||
    error.code === 'network_error' ||
    error.code === 'idempotency_in_progress'
  );
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export type WaitProgress = { job: Job; elapsedMs: number };

export type WaitOptions = {
  /** Give up with a `WaitTimeoutError` after this long. @default 600000 */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** @default 1000 */
  intervalMs?: number;
  onProgress?: (progress: WaitProgress) => void;
};

export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
}

export class AdgenClient {
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private token: string | undefined;
  private readonly refreshToken: AdgenClientOptions['refreshToken'];
  private readonly onTokenRefreshed: AdgenClientOptions['onTokenRefreshed'];
  private readonly retry: Required<RetryOptions>;
  private readonly fetchImpl: typeof fetch;

  constructor(options: AdgenClientOptions) {
    this.baseUrl = options.baseUrl;
    this.apiKey = options.apiKey;
    this.token = options.token;
    this.refreshToken = options.refreshToken;
    this.onTokenRefreshed = options.onTokenRefreshed;
    this.retry = { attempts: 4, baseDelayMs: 250, maxDelayMs: 5000, ...options.retry };
    this.fetchImpl = options.fetch ?? fetch;
  }

  /**
   * Sends one action, retrying 429/5xx/network failures with backoff (never sooner than the
   * answer's Retry-After). A writing action gets one `Idempotency-Key` (fresh, or the caller's)
   * that every retry repeats, so it is retried only while holding that key; reads retry freely.
   */
  async call<A extends ActionName>(
    action: A,
    input: Inputs[A],
    options: { signal?: AbortSignal; idempotencyKey?: string } = {},
  ): Promise<Results[A]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const userToken = USER_TOKEN_ACTIONS.has(action);
    if (userToken) {
      const left = this.token ? secondsLeft(this.token) : 0;
      if (this.refreshToken && left !== undefined && left < 30) await this.refresh();
      if (this.token) headers.authorization = `Bearer ${this.token}`;
    } else if (this.apiKey) headers['x-api-key'] = this.apiKey;
    if (isWriteAction(action))
      headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? crypto.randomUUID();
    const body = JSON.stringify({ action, ...input });
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.once(body, headers, options.signal)) as Results[A];
      } catch (error) {
        // A token revoked or expired early: one refresh, then the same request (same key).
        const unauthorized = error instanceof AdgenError && error.status === 401;
        if (userToken && unauthorized && !refreshed && this.refreshToken) {
          refreshed = true;
          await this.refresh();
          headers.authorization = `Bearer ${this.token}`;
          continue;
        }
        if (!(error instanceof AdgenError) || !isRetryable(error) || attempt >= this.retry.attempts)
          throw error;
        const cap = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1));
        const floor = (error.retryAfterSeconds ?? 0) * 1000;
        await sleep(Math.max(floor, Math.random() * cap), options.signal);
      }
    }
  }

  private async refresh(): Promise<void> {
    if (!this.refreshToken) return;
    const next = await this.refreshToken();
    this.token = next.accessToken;
    await this.onTokenRefreshed?.(next);
  }

  /**
   * Every page of a list action, in order: `for await (const page of adgen.pages('list_clients', {}))`.
   * Reads, so each page is retried freely.
   */
  async *pages<A extends ListActionName>(
    action: A,
    input: Omit<Inputs[A], 'next_token'>,
    options: { signal?: AbortSignal } = {},
  ): AsyncGenerator<Results[A]> {
    let next_token: string | null = null;
    do {
      const page = (await this.call(action, { ...input, next_token } as Inputs[A], options)) as Results[A] & {
        next_token: string | null;
      };
      yield page;
      next_token = page.next_token;
    } while (next_token);
  }

  /** Every item of a list action across its pages: `for await (const c of adgen.paginate('list_clients', {}))`. */
  async *paginate<A extends ListActionName>(
    action: A,
    input: Omit<Inputs[A], 'next_token'>,
    options: { signal?: AbortSignal } = {},
  ): AsyncGenerator<ListItem<A>> {
    for await (const page of this.pages(action, input, options)) {
      const items = Object.entries(page as Record<string, unknown>).find(
        ([key, value]) => key !== 'next_token' && Array.isArray(value),
      )?.[1] as ListItem<A>[] | undefined;
      yield* items ?? [];
    }
  }

  private async once(body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.baseUrl, { method: 'POST', headers, body, signal: signal ?? null });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new AdgenError(
        'network_error',
        0,
        `Could not reach ${this.baseUrl}: ${(error as Error).cause ?? (error as Error).message}`,
      );
    }
    const text = await res.text();
    const requestId = res.headers.get('x-request-id') ?? undefined;
    const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN);
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (res.ok && parsed !== undefined) return parsed;
    const envelope = (parsed as Partial<ErrorEnvelope> | undefined)?.error;
    if (envelope && typeof envelope.code === 'string') {
      throw new AdgenError(
        envelope.code,
        res.status,
        envelope.message,
        envelope.details,
        requestId,
        retryAfterSeconds,
      );
    }
    const fallback: ErrorCode | 'invalid_response' =
      res.status === 429 ? 'rate_limited' : res.status >= 500 ? 'internal_error' : 'invalid_response';
    throw new AdgenError(
      fallback,
      res.status,
      `HTTP ${res.status}: ${text.slice(0, 200)}`,
      undefined,
      requestId,
      retryAfterSeconds,
    );
  }

  listClients = (input: Inputs['list_clients'] = {}) => this.call('list_clients', input);
  createClient = (input: Inputs['create_client']) => this.call('create_client', input);
  listCampaigns = (input: Inputs['list_campaigns']) => this.call('list_campaigns', input);
  createCampaign = (input: Inputs['create_campaign']) => this.call('create_campaign', input);
  listCreatives = (input: Inputs['list_creatives']) => this.call('list_creatives', input);
  listAngles = (input: Inputs['list_angles']) => this.call('list_angles', input);
  getAngle = (input: Inputs['get_angle']) => this.call('get_angle', input);
  generateAngles = (input: Inputs['generate_angles']) => this.call('generate_angles', input);
  getBrief = (input: Inputs['get_brief']) => this.call('get_brief', input);
  updateBrief = (input: Inputs['update_brief']) => this.call('update_brief', input);
  getBrandKit = (input: Inputs['get_brand_kit']) => this.call('get_brand_kit', input);
  updateBrandKit = (input: Inputs['update_brand_kit']) => this.call('update_brand_kit', input);
  prepareCampaign = (input: Inputs['prepare_campaign']) => this.call('prepare_campaign', input);
  generateCreatives = (input: Inputs['generate_creatives']) => this.call('generate_creatives', input);
  estimateCreatives = (input: Inputs['estimate_creatives']) => this.call('estimate_creatives', input);
  getJob = (input: Inputs['get_job']) => this.call('get_job', input);
  getCredits = (input: Inputs['get_credits'] = {}) => this.call('get_credits', input);
  listApiKeys = (input: Inputs['list_api_keys'] = {}) => this.call('list_api_keys', input);
  createApiKey = (input: Inputs['create_api_key']) => this.call('create_api_key', input);
  revokeApiKey = (input: Inputs['revoke_api_key']) => this.call('revoke_api_key', input);
  listJobs = (input: Inputs['list_jobs'] = {}) => this.call('list_jobs', input);
  cancelJob = (input: Inputs['cancel_job']) => this.call('cancel_job', input);
  regenerateCreative = (input: Inputs['regenerate_creative']) => this.call('regenerate_creative', input);
  getClient = (input: Inputs['get_client']) => this.call('get_client', input);
  updateClient = (input: Inputs['update_client']) => this.call('update_client', input);
  getCampaign = (input: Inputs['get_campaign']) => this.call('get_campaign', input);
  updateCampaign = (input: Inputs['update_campaign']) => this.call('update_campaign', input);
  deleteCampaign = (input: Inputs['delete_campaign']) => this.call('delete_campaign', input);
  deleteClient = (input: Inputs['delete_client']) => this.call('delete_client', input);

  /**
   * Polls get_job until the job is final, answering it (no creatives: `waitForCreatives` adds
   * them). Rejects with a `WaitTimeoutError` after `timeoutMs`, or with the signal's reason.
   */
  async waitForJob(job_id: string, options: WaitOptions = {}): Promise<Job> {
    const { timeoutMs = 600_000, intervalMs = 1000, signal, onProgress } = options;
    const started = Date.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const fail = (): never => {
      if (signal?.aborted) throw signal.reason;
      throw new WaitTimeoutError(`Job ${job_id} was not finished after ${timeoutMs} ms.`);
    };
    try {
      for (;;) {
        if (combined.aborted) fail();
        const { job } = await this.call('get_job', { job_id }, { signal: combined });
        onProgress?.({ job, elapsedMs: Date.now() - started });
        if (isFinalJobStatus(job.status)) return job;
        await sleep(intervalMs, combined);
      }
    } catch (error) {
      if (combined.aborted) fail();
      throw error;
    }
  }
  createWebhookEndpoint = (input: Inputs['create_webhook_endpoint']) =>
    this.call('create_webhook_endpoint', input);
  listWebhookEndpoints = (input: Inputs['list_webhook_endpoints'] = {}) =>
    this.call('list_webhook_endpoints', input);
  deleteWebhookEndpoint = (input: Inputs['delete_webhook_endpoint']) =>
    this.call('delete_webhook_endpoint', input);
  rotateWebhookSecret = (input: Inputs['rotate_webhook_secret']) => this.call('rotate_webhook_secret', input);
  listWebhookDeliveries = (input: Inputs['list_webhook_deliveries']) =>
    this.call('list_webhook_deliveries', input);

  reviewCreatives = (input: Inputs['review_creatives']) => this.call('review_creatives', input);
  createReviewLink = (input: Inputs['create_review_link']) => this.call('create_review_link', input);
  revokeReviewLink = (input: Inputs['revoke_review_link']) => this.call('revoke_review_link', input);
  exportCampaign = (input: Inputs['export_campaign']) => this.call('export_campaign', input);
  getExport = (input: Inputs['get_export']) => this.call('get_export', input);

  /**
   * Polls get_export until the export is `succeeded` or `failed`, answering it (with its
   * download URL when it succeeded). Rejects with a `WaitTimeoutError` after `timeoutMs`.
   */
  async waitForExport(
    export_id: string,
    options: Omit<WaitOptions, 'onProgress'> & { onProgress?: (e: CampaignExport) => void } = {},
  ): Promise<CampaignExport> {
    const { timeoutMs = 600_000, intervalMs = 1000, signal, onProgress } = options;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      for (;;) {
        const { export: current } = await this.call('get_export', { export_id }, { signal: combined });
        onProgress?.(current);
        if (current.status === 'succeeded' || current.status === 'failed') return current;
        await sleep(intervalMs, combined);
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (combined.aborted)
        throw new WaitTimeoutError(`Export ${export_id} was not finished after ${timeoutMs} ms.`);
      throw error;
    }
  }

  /** Every creative of a campaign with the given status, all pages. */
  async allCreatives(
    campaign_id: string,
    status: Inputs['list_creatives']['status'] = 'succeeded',
  ): Promise<Creative[]> {
    const all: Creative[] = [];
    for await (const creative of this.paginate('list_creatives', { campaign_id, status, limit: 100 })) {
      all.push(creative);
    }
    return all;
  }

  /**
   * Polls get_job until the job is final (completed, partially_failed or failed), then answers
   * the job and the campaign's succeeded creatives of that job (all pages). Rejects with a
   * `WaitTimeoutError` after `timeoutMs`, or with the signal's reason when it aborts.
   */
  async waitForCreatives(
    job: { job_id: string; campaign_id: string; jobs?: number },
    options: WaitOptions = {},
  ): Promise<{ job: Job; creatives: Creative[] }> {
    const { timeoutMs = 600_000, intervalMs = 1000, signal, onProgress } = options;
    const started = Date.now();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const fail = () => {
      if (signal?.aborted) throw signal.reason;
      throw new WaitTimeoutError(`Job ${job.job_id} was not finished after ${timeoutMs} ms.`);
    };
    try {
      for (;;) {
        if (combined.aborted) fail();
        const { job: current } = await this.call('get_job', { job_id: job.job_id }, { signal: combined });
        onProgress?.({ job: current, elapsedMs: Date.now() - started });
        if (isFinalJobStatus(current.status)) {
          const creatives = (await this.allCreatives(job.campaign_id)).filter((c) => c.job_id === job.job_id);
          return { job: current, creatives };
        }
        await sleep(intervalMs, combined);
      }
    } catch (error) {
      if (combined.aborted) fail();
      throw error;
    }
  }
}
