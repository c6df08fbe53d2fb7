import type { z } from 'zod';
import type { Principal } from '#core/auth/authenticate.ts';
import type { Deps } from '#core/deps.ts';

/** Which credential an action accepts: a client API key, or a Cognito user's access token. */
export type Credential = 'api_key' | 'user_token';

export type ActionContext = {
  principal: Principal;
  deps: Deps;
  requestId: string;
  /**
   * With an `Idempotency-Key`: the id the key is bound to, the same for every retry of the
   * request (ADR 0031). An action that creates a charged record names it so, and a retry after
   * a crash finds it instead of creating (and charging) a second one.
   */
  boundId?: string | undefined;
  /** Where the caller reached the API (links the API hands out start here). */
  origin?: string;
};

/**
 * One action of the single endpoint: its name, the only credential it accepts, the zod schema
 * of its body (without `action`) and the function that does the work.
 */
export type Action<S extends z.ZodType = z.ZodType, R = unknown> = {
  readonly name: string;
  readonly credential: Credential;
  readonly input: S;
  readonly run: (input: z.output<S>, ctx: ActionContext) => Promise<R>;
};

export function defineAction<
  const N extends string,
  const C extends Credential,
  S extends z.ZodType,
  R,
>(action: {
  name: N;
  credential: C;
  input: S;
  run: (input: z.output<S>, ctx: ActionContext) => Promise<R>;
}): Action<S, R> & { readonly name: N; readonly credential: C } {
  return action;
}
