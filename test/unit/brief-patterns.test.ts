import { describe, expect, it } from 'vitest';
import * as audience from '#core/brief/patterns/audience.ts';
import * as cues from '#core/brief/patterns/cues.ts';
import { FIGURE_PATTERNS } from '#core/brief/patterns/figures.ts';
import * as labels from '#core/brief/patterns/labels.ts';
import * as layout from '#core/brief/patterns/layout.ts';
import * as product from '#core/brief/patterns/product.ts';
import * as replies from '#core/brief/patterns/replies.ts';
import { ROLE_CUES } from '#core/brief/patterns/role-cues.ts';
import type { Pattern } from '#core/brief/patterns/types.ts';

/** Every pattern of the extraction's data, with the examples that are its test. */
const isPattern = (x: unknown): x is Pattern =>
  typeof x === 'object' && x !== null && 're' in x && 'examples' in x && 'id' in x;
const patterns: Pattern[] = [
  ...FIGURE_PATTERNS,
  ...ROLE_CUES,
  ...Object.values(audience).filter(isPattern),
  ...Object.values(cues).filter(isPattern),
  ...Object.values(labels).filter(isPattern),
  ...Object.values(layout).filter(isPattern),
  ...Object.values(product).filter(isPattern),
  ...Object.values(replies).filter(isPattern),
];

describe('brief extraction patterns', () => {
  it('are all found, each with examples, with unique ids', () => {
    expect(patterns.length).toBeGreaterThan(25);
    expect(new Set(patterns.map((p) => p.id)).size).toBe(patterns.length);
    for (const p of patterns) expect(p.examples.length, p.id).toBeGreaterThan(0);
  });

  for (const p of patterns) {
    it.each(p.examples.map((e) => [e.text, e.match] as const))(`${p.id}: %j finds %j`, (text, match) => {
      const found = new RegExp(p.re.source, p.re.flags.replace('g', '')).exec(text);
      expect(found?.[0] ?? null).toBe(match);
    });
  }
});
