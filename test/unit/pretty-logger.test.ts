import { describe, expect, it, vi } from 'vitest';
import { formatLogLine, PrettyLogger } from '#local/pretty-logger.ts';

const at = new Date(2026, 0, 2, 11, 2, 3, 120).toISOString();

describe('the local one-line log format', () => {
  it('prints a request as its action, status and latency, then the account and request ids', () => {
    expect(
      formatLogLine({
        level: 'INFO',
        message: 'request',
        timestamp: at,
        service: 'adgen-api',
        request_id: 'r-1',
        action: 'create_client',
        account_id: 'a-1',
        status: 200,
        latency_ms: 12,
      }),
    ).toBe('11:02:03.120 INFO  api    create_client 200 12ms acct=a-1 req=r-1');
  });

  it('prints a request that named no action with a dash, and its error code', () => {
    expect(
      formatLogLine({
        level: 'INFO',
        message: 'request',
        timestamp: at,
        service: 'adgen-api',
        request_id: 'r-2',
        status: 400,
        latency_ms: 0,
        error_code: 'invalid_json',
      }),
    ).toBe('11:02:03.120 INFO  api    - 400 0ms req=r-2 code=invalid_json');
  });

  it('prints a slot with its result, latency and correlation ids, then the other fields', () => {
    expect(
      formatLogLine({
        level: 'INFO',
        message: 'slot',
        timestamp: at,
        service: 'adgen-worker',
        message_id: 'm-1',
        job_id: 'j-1',
        slot_id: 's-1',
        slot_index: 3,
        account_id: 'a-1',
        receive_count: 1,
        result: 'failed',
        reason: 'content_filtered: blocked by the filter',
        latency_ms: 830,
      }),
    ).toBe(
      '11:02:03.120 INFO  worker slot failed 830ms job=j-1 slot=s-1 idx=3 acct=a-1 msg=m-1 try=1 reason="content_filtered: blocked by the filter"',
    );
  });

  it('adds an error as name and message, and its stack on the following lines', () => {
    const text = formatLogLine({
      level: 'ERROR',
      message: 'request',
      timestamp: at,
      service: 'adgen-api',
      request_id: 'r-3',
      action: 'list_clients',
      status: 500,
      latency_ms: 5,
      error: { name: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at here' },
    });
    expect(text).toBe(
      '11:02:03.120 ERROR api    list_clients 500 5ms req=r-3 error="TypeError: boom"\n    at here',
    );
  });

  it('is what the local logger prints (errors to stderr), and SILENT prints nothing', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const logger = new PrettyLogger({ serviceName: 'adgen-worker', logLevel: 'INFO' });
      logger.info('slot', { job_id: 'j', result: 'succeeded', latency_ms: 3 });
      logger.error('slot', { job_id: 'j', result: 'error', latency_ms: 3, error: new Error('bad') });
      logger.debug('hidden');
      new PrettyLogger({ serviceName: 'adgen-api', logLevel: 'SILENT' }).error('never');
      expect(out.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}worker slot succeeded 3ms job=j\n$/),
      ]);
      expect(err.mock.calls.map((c) => String(c[0]))).toEqual([
        expect.stringMatching(/ERROR worker slot error 3ms job=j error="Error: bad"\n {4}at /),
      ]);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
