import * as z from 'zod';

/** Building blocks shared by the action schemas. */
export const id = (what: string) => z.uuid({ error: `${what} must be a UUID` });

export const pagination = {
  limit: z.number().int().min(1).max(100).default(50),
  next_token: z.string().min(1).max(2048).nullish(),
};

/**
 * The authority of an absolute URL holds userinfo when an `@` comes before its end. WHATWG
 * parsers end the authority at `/`, `?`, `#` and, for http(s), `\\`; `https://@host` has empty
 * userinfo and is refused too, since nothing legitimate sends it.
 */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*@/i;

/**
 * Credentials in a URL (`user:password@host`) would be stored, echoed in answers and sent on
 * every fetch: a URL field never carries them (400 naming the field).
 */
function noUserinfo(value: string, ctx: z.core.$RefinementCtx<string>) {
  if (!USERINFO.test(value)) return;
  ctx.addIssue({
    code: 'custom',
    message: 'must not contain a user name or password (user:password@)',
    input: value,
  });
}

const url = (protocol: RegExp, error: string) =>
  z.url({ protocol, error }).max(2048, 'must be at most 2048 characters').superRefine(noUserinfo);

export const httpUrl = url(/^https?$/, 'must be an http(s) URL');
export const httpsUrl = url(/^https$/, 'must be an https URL');

/**
 * Characters no text field stores: C0 controls (NUL, ESC of ANSI sequences, …), DEL, C1
 * controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * which can make stored text read differently from what it is. Line feed and tab are refused
 * too, except where `multiline` allows them (the research summary).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const FORBIDDEN_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** Refuses control and bidi characters in a text field, naming the first one found. */
export const plainText = (options: { multiline?: boolean } = {}) => {
  const pattern = options.multiline ? FORBIDDEN_MULTILINE : FORBIDDEN;
  return (value: string, ctx: z.core.$RefinementCtx<string>) => {
    if (!value.isWellFormed()) {
      // A lone surrogate has no character to name: stored, it echoes back as U+FFFD or breaks
      // the encoders downstream (UTF-8 logs, S3 metadata, the renderer).
      const at = [...value].findIndex((c) => c.length === 1 && c >= '\ud800' && c <= '\udfff');
      ctx.addIssue({
        code: 'custom',
        message: `must be well-formed Unicode text (lone UTF-16 surrogate at character ${at + 1})`,
        input: value,
      });
      return;
    }
    const found = pattern.exec(value)?.[0];
    if (found === undefined) return;
    const code = `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    ctx.addIssue({
      code: 'custom',
      message: `must not contain control or bidirectional-formatting characters (found ${code})`,
      input: value,
    });
  };
};

export const trimmed = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .superRefine(plainText());

export function pageResult<K extends string, T>(key: K, page: { items: T[]; nextToken: string | null }) {
  return { [key]: page.items, next_token: page.nextToken } as Record<K, T[]> & { next_token: string | null };
}
