import { describe, expect, it } from 'vitest';
import { update } from '#core/db/update.ts';

describe('the update builder', () => {
  it('puts every name and value behind a generated placeholder', () => {
    const parts = update()
      .set('status', 'failed')
      .setAll({ failure_reason: 'x', width: undefined })
      .increment('attempts', 1)
      .increment(['failure_reasons', 'content filtered'], 1, 0)
      .remove('lease_id', 'lease_until')
      .build();
    expect(parts.UpdateExpression).toBe(
      'SET #u0 = :u0, #u1 = :u1, #u2 = #u2 + :u2, #u3.#u4 = if_not_exists(#u3.#u4, :u3) + :u4 REMOVE #u5, #u6',
    );
    expect(parts.ExpressionAttributeNames).toEqual({
      '#u0': 'status',
      '#u1': 'failure_reason',
      '#u2': 'attempts',
      '#u3': 'failure_reasons',
      '#u4': 'content filtered',
      '#u5': 'lease_id',
      '#u6': 'lease_until',
    });
    expect(parts.ExpressionAttributeValues).toEqual({
      ':u0': 'failed',
      ':u1': 'x',
      ':u2': 1,
      ':u3': 0,
      ':u4': 1,
    });
  });

  it('names an attribute once however often it is used, and leaves the caller its own placeholders', () => {
    const parts = update().set('updated_at', 'now').set('completed_at', 'now').remove('updated_at').build();
    expect(Object.keys(parts.ExpressionAttributeNames)).toEqual(['#u0', '#u1']);
    expect(parts.UpdateExpression).not.toMatch(/#status|:now/);
  });

  it('sets an attribute only where it is missing', () => {
    const parts = update().setIfMissing('created_at', 'then').build();
    expect(parts.UpdateExpression).toBe('SET #u0 = if_not_exists(#u0, :u0)');
    expect(parts.ExpressionAttributeValues).toEqual({ ':u0': 'then' });
  });

  it('refuses an update with nothing in it', () => {
    expect(() => update().build()).toThrow(/nothing to set or remove/);
  });
});
