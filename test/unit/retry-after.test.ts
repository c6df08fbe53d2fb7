import { describe, expect, it } from 'vitest';
import { errorResponse } from '#api/http.ts';
import { AppError, RateLimitedError, ValidationError } from '#core/errors.ts';

describe('every 429 carries Retry-After', () => {
  it('says how long the rate limit lasts', () => {
    const res = errorResponse(new RateLimitedError('60 per hour used up.', 754.2), 'r1');
    expect(res.statusCode).toBe(429);
    expect(res.headers?.['retry-after']).toBe('755');
    expect(JSON.parse(res.body).error.code).toBe('rate_limited');
  });

  it('falls back to one second for any other 429', () => {
    const res = errorResponse(new AppError(429, 'rate_limited', 'Slow down.'), 'r1');
    expect(res.headers?.['retry-after']).toBe('1');
  });

  it('is absent from answers that are not 429', () => {
    expect(errorResponse(new ValidationError('bad'), 'r1').headers?.['retry-after']).toBeUndefined();
  });
});
