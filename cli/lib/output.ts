/** How commands print: human lines by default, the API's JSON with --json; small input helpers. */
import { InvalidArgumentError } from 'commander';

export type Out = { json: boolean };

export function print(out: Out, result: unknown, human: () => string): void {
  process.stdout.write(out.json ? `${JSON.stringify(result, null, 2)}\n` : `${human()}\n`);
}

export const rows = (items: string[], empty: string) => (items.length > 0 ? items.join('\n') : empty);

/** Commander's parser for an integer option or argument: a bad value is a usage error (exit 2). */
export function integer(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n)) throw new InvalidArgumentError('must be an integer.');
  return n;
}

export const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

export function strip<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

/** What a delete answered, in one line. */
export function deletedLine(
  kind: 'client' | 'campaign',
  id: string,
  r: { creatives_deleted: number; credits_released: number },
): string {
  return `Deleted ${kind} ${id}: ${r.creatives_deleted} creatives removed, ${r.credits_released} credits returned.`;
}
