/** Exit codes of `adgen` and the errors that map to them (one place: cli/adgen.ts `main`). */
export const EXIT = {
  ok: 0,
  usage: 2,
  auth: 3,
  notFound: 4,
  validation: 5,
  credits: 6,
  api: 7,
  network: 8,
} as const;

export class UsageError extends Error {}
export class AuthError extends Error {}
