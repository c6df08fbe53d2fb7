/**
 * Counts the AWS calls a phase makes, per side (router or worker) and command, with the
 * capacity DynamoDB Local reports for each (`ReturnConsumedCapacity: INDEXES`, added here only
 * while metering is on, so latency runs send exactly what the handlers send). Also estimates
 * DynamoDB item sizes by the service's documented sizing rules.
 */

type Handler = (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;
type Stack = {
  add(
    middleware: (next: Handler, context: { commandName?: string }) => Handler,
    options: { step: 'initialize'; name: string; override?: boolean },
  ): void;
};

const WITH_CAPACITY = new Set([
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'QueryCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
  'TransactGetItemsCommand',
]);

export type CallCount = { calls: number; failed: number; capacity: { table: number; indexes: number } };

export class Meter {
  /** Sides (`router`, `worker`) whose calls are being counted now. */
  readonly active = new Set<string>();
  readonly counts = new Map<string, CallCount>();

  reset(): void {
    this.counts.clear();
  }

  /** Adds the counting middleware to a client (a DocumentClient shares its client's stack). */
  attach(client: { middlewareStack: unknown }, side: string, service: 'dynamodb' | 's3' | 'sqs'): void {
    const stack = client.middlewareStack as Stack;
    stack.add(
      (next, context) => async (args) => {
        if (!this.active.has(side)) return next(args);
        const command = context.commandName ?? 'unknown';
        const key = `${side} ${service} ${command}`;
        const count = this.counts.get(key) ?? { calls: 0, failed: 0, capacity: { table: 0, indexes: 0 } };
        this.counts.set(key, count);
        count.calls++;
        if (service === 'dynamodb' && WITH_CAPACITY.has(command)) {
          args.input.ReturnConsumedCapacity = 'INDEXES';
        }
        try {
          const out = await next(args);
          addCapacity(count, out.output.ConsumedCapacity);
          return out;
        } catch (error) {
          count.failed++;
          throw error;
        }
      },
      { step: 'initialize', name: `benchMeter-${side}-${service}`, override: true },
    );
  }

  /** Every counter divided by `per` (e.g. the images made), sorted by key. */
  per(per: number): Record<string, { calls: number; failed: number; table_cu: number; index_cu: number }> {
    const out: Record<string, { calls: number; failed: number; table_cu: number; index_cu: number }> = {};
    for (const key of [...this.counts.keys()].sort()) {
      const c = this.counts.get(key) as CallCount;
      const r = (v: number) => Math.round((v / per) * 1000) / 1000;
      out[key] = {
        calls: r(c.calls),
        failed: r(c.failed),
        table_cu: r(c.capacity.table),
        index_cu: r(c.capacity.indexes),
      };
    }
    return out;
  }
}

type Consumed = {
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
};

function addCapacity(count: CallCount, consumed: unknown): void {
  const list = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as Consumed[];
  for (const c of list) {
    const indexes = Object.values(c.GlobalSecondaryIndexes ?? {}).reduce(
      (a, i) => a + (i.CapacityUnits ?? 0),
      0,
    );
    count.capacity.table += c.Table?.CapacityUnits ?? Math.max(0, (c.CapacityUnits ?? 0) - indexes);
    count.capacity.indexes += indexes;
  }
}

/**
 * An item's size as DynamoDB counts it (the sum of attribute names and values: strings and
 * binaries by their bytes, numbers ~1 byte per two significant digits + 1, maps and lists
 * 3 bytes + 1 per element). An estimate, good to a few bytes.
 */
export function itemSize(item: Record<string, unknown>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') {
    const digits = String(Math.abs(value)).replace(/[.-]/g, '').replace(/^0+/, '').replace(/e.*$/, '');
    return Math.ceil(Math.max(1, digits.length) / 2) + 1;
  }
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce<number>((a, v) => a + valueSize(v), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((a, v) => a + 1 + valueSize(v), 0);
  if (typeof value === 'object') {
    return (
      3 +
      Object.entries(value as Record<string, unknown>).reduce(
        (a, [k, v]) => a + 1 + Buffer.byteLength(k) + valueSize(v),
        0,
      )
    );
  }
  return 1;
}
