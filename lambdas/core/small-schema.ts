/**
 * A small validator for what the router checks before it knows the action: its configuration
 * and the items its authentication reads (API key, account, idempotency record). Classic zod
 * costs the router's cold start a third of its import time (ADR 0011); the actions' input
 * schemas load it with the first action's chunk, while authentication waits on DynamoDB.
 *
 * The schemas implement Standard Schema (https://standardschema.dev), as zod's do, so an entity
 * declares its schema with either and `defineEntity` validates both the same way. Objects keep
 * the declared keys only (like `z.object`); messages follow zod's English ones.
 */

/** A path into the value, and what is wrong there. */
export type Issue = { readonly message: string; readonly path: readonly PropertyKey[] };

/** The part of Standard Schema v1 that `defineEntity` and `loadConfig` use. */
export type StandardSchema<Output = unknown> = {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: readonly (Omit<Issue, 'path'> & { path?: readonly unknown[] })[] }
      | Promise<unknown>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
};

export type Output<S extends StandardSchema> = NonNullable<S['~standard']['types']>['output'];

const INVALID: unique symbol = Symbol('invalid');
type Check<T> = (value: unknown, path: PropertyKey[], issues: Issue[]) => T | typeof INVALID;

export type Schema<T> = StandardSchema<T> & { readonly check: Check<T> };

function schema<T>(check: Check<T>): Schema<T> {
  return {
    check,
    '~standard': {
      version: 1,
      vendor: 'adgen',
      validate: (value) => {
        const issues: Issue[] = [];
        const out = check(value, [], issues);
        return out === INVALID ? { issues } : { value: out };
      },
    },
  };
}

const received = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isNaN(value) ? 'NaN' : typeof value;

function fail(issues: Issue[], path: PropertyKey[], message: string): typeof INVALID {
  issues.push({ message, path: [...path] });
  return INVALID;
}

const typeIssue = (issues: Issue[], path: PropertyKey[], expected: string, value: unknown): typeof INVALID =>
  fail(issues, path, `Invalid input: expected ${expected}, received ${received(value)}`);

export function string(options: { min?: number; regex?: RegExp; message?: string } = {}): Schema<string> {
  return schema<string>((value, path, issues) => {
    if (typeof value !== 'string') return typeIssue(issues, path, 'string', value);
    if (options.min !== undefined && value.length < options.min) {
      return fail(issues, path, `Too small: expected string to have >=${options.min} characters`);
    }
    if (options.regex && !options.regex.test(value)) {
      return fail(issues, path, options.message ?? `Invalid string: must match pattern ${options.regex}`);
    }
    return value;
  });
}

/** A number; `coerce` reads it from a string first (an environment variable), as `z.coerce.number()`. */
export function number(
  options: { int?: boolean; min?: number; max?: number; coerce?: boolean } = {},
): Schema<number> {
  return schema<number>((input, path, issues) => {
    const value = options.coerce ? Number(input) : input;
    if (typeof value !== 'number' || Number.isNaN(value)) return typeIssue(issues, path, 'number', value);
    if (options.int && !Number.isSafeInteger(value)) return typeIssue(issues, path, 'int', value);
    if (options.min !== undefined && value < options.min) {
      return fail(issues, path, `Too small: expected number to be >=${options.min}`);
    }
    if (options.max !== undefined && value > options.max) {
      return fail(issues, path, `Too big: expected number to be <=${options.max}`);
    }
    return value;
  });
}

export function oneOf<const T extends readonly string[]>(values: T): Schema<T[number]> {
  return schema((value, path, issues) =>
    values.includes(value as string)
      ? (value as T[number])
      : fail(issues, path, `Invalid option: expected one of ${values.map((v) => `"${v}"`).join('|')}`),
  );
}

/** A URL `new URL()` accepts, kept as the string given. */
export function url(): Schema<string> {
  return schema<string>((value, path, issues) => {
    if (typeof value !== 'string') return typeIssue(issues, path, 'string', value);
    return URL.canParse(value) ? value : fail(issues, path, 'Invalid URL');
  });
}

/** Absent (undefined) passes as undefined. */
export function optional<T>(inner: Schema<T>): Schema<T | undefined> {
  return schema((value, path, issues) =>
    value === undefined ? undefined : inner.check(value, path, issues),
  );
}

/** Absent (undefined) becomes `fallback`. */
export function withDefault<T>(inner: Schema<T>, fallback: T): Schema<T> {
  return schema((value, path, issues) => (value === undefined ? fallback : inner.check(value, path, issues)));
}

/** Absent or null becomes null (an item attribute that was never set or was cleared). */
export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return schema((value, path, issues) =>
    value === undefined || value === null ? null : inner.check(value, path, issues),
  );
}

/** The value checked by `inner`, then changed by `to` (which runs on valid values only). */
export function map<T, U>(inner: Schema<T>, to: (value: T) => U): Schema<U> {
  return schema((value, path, issues) => {
    const out = inner.check(value, path, issues);
    return out === INVALID ? INVALID : to(out);
  });
}

/** The output of `first` checked by `then`. */
export function pipe<T, U>(first: Schema<T>, then: Schema<U>): Schema<U> {
  return schema((value, path, issues) => {
    const out = first.check(value, path, issues);
    return out === INVALID ? INVALID : then.check(out, path, issues);
  });
}

type Shape = Record<string, Schema<unknown>>;
type ObjectOutput<S extends Shape> = { [K in keyof S]: S[K] extends Schema<infer T> ? T : never };

/** An object with these keys (others are dropped); every key is checked and every issue kept. */
export function object<S extends Shape>(shape: S): Schema<ObjectOutput<S>> {
  const entries = Object.entries(shape);
  return schema((value, path, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return typeIssue(issues, path, 'object', value);
    }
    const out: Record<string, unknown> = {};
    let valid = true;
    for (const [key, field] of entries) {
      path.push(key);
      const v = field.check((value as Record<string, unknown>)[key], path, issues);
      path.pop();
      if (v === INVALID) valid = false;
      else if (v !== undefined || key in value) out[key] = v;
    }
    return valid ? (out as ObjectOutput<S>) : INVALID;
  });
}

/** One of several shapes, chosen by the string at `key` (as `z.discriminatedUnion`). */
export function discriminated<K extends string, const O extends Record<string, Schema<unknown>>>(
  key: K,
  options: O,
): Schema<O[keyof O] extends Schema<infer T> ? T : never> {
  const names = Object.keys(options);
  return schema((value, path, issues) => {
    if (typeof value !== 'object' || value === null) return typeIssue(issues, path, 'object', value);
    const tag = (value as Record<string, unknown>)[key];
    const option = typeof tag === 'string' && Object.hasOwn(options, tag) ? options[tag] : undefined;
    if (!option) {
      return fail(
        issues,
        [...path, key],
        `Invalid input: expected one of ${names.map((n) => `"${n}"`).join('|')}`,
      );
    }
    return option.check(value, path, issues) as O[keyof O] extends Schema<infer T> ? T : never;
  });
}

/**
 * Validates with any Standard Schema (zod's or this module's) synchronously: the value, or the
 * issues with their paths as plain keys.
 */
export function validate<S extends StandardSchema>(
  s: S,
  value: unknown,
): { ok: true; value: Output<S> } | { ok: false; issues: Issue[] } {
  const result = s['~standard'].validate(value);
  if (result instanceof Promise) throw new TypeError('An asynchronous schema cannot validate here.');
  const r = result as { value?: unknown; issues?: readonly { message: string; path?: readonly unknown[] }[] };
  if (!r.issues) return { ok: true, value: r.value as Output<S> };
  return {
    ok: false,
    issues: r.issues.map((issue) => ({
      message: issue.message,
      path: (issue.path ?? []).map((p) =>
        typeof p === 'object' && p !== null && 'key' in p
          ? (p as { key: PropertyKey }).key
          : (p as PropertyKey),
      ),
    })),
  };
}
