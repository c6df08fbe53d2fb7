import { describe, expect, it } from 'vitest';
import { decodeNextToken, encodeNextToken } from '#core/db/pagination.ts';
import { ValidationError } from '#core/errors.ts';

describe('next_token', () => {
  const key = { pk: 'ACCOUNT#a', sk: 'CLIENT#1' };

  it('round-trips the start key of the same list', () => {
    const token = encodeNextToken(key);
    expect(token).not.toBeNull();
    expect(decodeNextToken(token, { attribute: 'pk', value: 'ACCOUNT#a' })).toEqual(key);
  });

  it('is null when there is no further page', () => {
    expect(encodeNextToken(undefined)).toBeNull();
  });

  it("refuses a token that points into another partition (another account's list)", () => {
    const token = encodeNextToken(key);
    expect(() => decodeNextToken(token, { attribute: 'pk', value: 'ACCOUNT#b' })).toThrow(ValidationError);
  });

  it.each([
    '%%%',
    Buffer.from('[1]').toString('base64url'),
    Buffer.from('{"pk":1}').toString('base64url'),
    Buffer.from('{}').toString('base64url'),
  ])('refuses garbage %j with a validation error', (token) => {
    expect(() => decodeNextToken(token, { attribute: 'pk', value: 'ACCOUNT#a' })).toThrow(ValidationError);
  });
});
