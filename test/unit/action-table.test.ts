import { describe, expect, it } from 'vitest';
import { actions } from '#api/actions/index.ts';
import { actionTable } from '#api/actions/table.ts';

describe('the router dispatch table (actions loaded on first use)', () => {
  it('lists every action of the eager list once, in the same order, with the credential its module declares', async () => {
    expect(actionTable.map((a) => a.name)).toEqual(actions.map((a) => a.name));
    for (const [i, entry] of actionTable.entries()) {
      const loaded = await entry.load();
      expect(loaded).toBe(actions[i]);
      expect(entry.credential).toBe(loaded.credential);
    }
  });

  it('imports a module once: later calls answer the same action without waiting', async () => {
    const entry = actionTable.find((a) => a.name === 'list_clients');
    if (!entry) throw new Error('list_clients missing');
    const [a, b] = await Promise.all([entry.load(), entry.load()]);
    expect(a).toBe(b);
    expect(entry.loaded()).toBe(a);
  });
});
