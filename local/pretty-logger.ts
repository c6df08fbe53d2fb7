import { Logger, type LogItem, LogLevelThreshold } from '@aws-lambda-powertools/logger';

/** Short names for the correlation fields, in the order they are printed after the headline. */
const ALIASES: Record<string, string> = {
  job_id: 'job',
  slot_id: 'slot',
  slot_index: 'idx',
  account_id: 'acct',
  request_id: 'req',
  api_key_id: 'key',
  message_id: 'msg',
  receive_count: 'try',
  error_code: 'code',
};

/** Fields that only matter on Lambda (or are already in the headline). */
const HIDDEN = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'action',
  'status',
  'result',
  'latency_ms',
  'error',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
]);

const COLORS: Record<string, string> = {
  DEBUG: '\x1b[2m',
  WARN: '\x1b[33m',
  ERROR: '\x1b[31m',
  CRITICAL: '\x1b[31m',
};

function value(v: unknown): string {
  if (typeof v === 'string') return /^[^\s"=]+$/.test(v) ? v : JSON.stringify(v);
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function clock(timestamp: unknown): string {
  const at = typeof timestamp === 'string' ? new Date(timestamp) : new Date();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/**
 * One log record (the attributes of a Powertools log line) as one readable line:
 * `11:02:03.120 INFO  api    create_client 200 12ms acct=… req=…`, or for the worker
 * `11:02:04.480 INFO  worker slot succeeded 830ms job=… slot=… idx=3 acct=…`. Same fields as the
 * JSON line, correlation ids under short names; an error adds its stack on the following lines.
 */
export function formatLogLine(
  attributes: Record<string, unknown>,
  options: { color?: boolean } = {},
): string {
  const level = String(attributes.level ?? 'INFO');
  const service = String(attributes.service ?? '').replace(/^adgen-/, '');
  const headline: string[] = [];
  // A request line is named by its action; any other line by its message.
  if (attributes.message !== 'request') headline.push(String(attributes.message ?? ''));
  else if (attributes.action === undefined) headline.push('-');
  for (const key of ['action', 'status', 'result'] as const) {
    if (attributes[key] !== undefined) headline.push(value(attributes[key]));
  }
  if (typeof attributes.latency_ms === 'number') headline.push(`${attributes.latency_ms}ms`);
  const known = Object.keys(ALIASES).filter((key) => attributes[key] !== undefined);
  const rest = Object.keys(attributes).filter((key) => !HIDDEN.has(key) && !(key in ALIASES));
  const pairs = [...known, ...rest].map((key) => `${ALIASES[key] ?? key}=${value(attributes[key])}`);
  const error = attributes.error as { name?: string; message?: string; stack?: string } | undefined;
  if (error) pairs.push(`error=${value(`${error.name ?? 'Error'}: ${error.message ?? ''}`)}`);
  const paint = options.color ? (COLORS[level] ?? '') : '';
  const line = [
    clock(attributes.timestamp),
    `${paint}${level.padEnd(5)}${paint ? '\x1b[0m' : ''}`,
    service.padEnd(6),
    ...headline,
    ...pairs,
  ].join(' ');
  const stack = error?.stack?.split('\n').slice(1).join('\n');
  return stack ? `${line}\n${stack}` : line;
}

/**
 * The Powertools logger of `npm start`: the same records and levels as on Lambda, printed by
 * {@link formatLogLine} instead of as JSON (warnings and errors to stderr, as Powertools does).
 */
export class PrettyLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    // The JSON replacer turns errors (and their causes) into plain fields, as on Lambda.
    const attributes = JSON.parse(JSON.stringify(log.getAttributes(), this.getJsonReplacer())) as Record<
      string,
      unknown
    >;
    const stream = logLevel >= LogLevelThreshold.WARN ? process.stderr : process.stdout;
    const color = Boolean(stream.isTTY) && !process.env.NO_COLOR;
    stream.write(`${formatLogLine(attributes, { color })}\n`);
  }
}
