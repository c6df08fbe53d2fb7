import { COMMERCE_VERTICALS } from './commerce.ts';
import { HOME_VERTICALS } from './home.ts';
import { LEISURE_VERTICALS } from './leisure.ts';
import { SERVICE_VERTICALS } from './services.ts';
import type { Vertical } from './types.ts';

/** The taxonomy of docs/taxonomy.md: broad verticals and their sub-verticals. */
export const TAXONOMY: readonly Vertical[] = [
  ...HOME_VERTICALS,
  ...COMMERCE_VERTICALS,
  ...SERVICE_VERTICALS,
  ...LEISURE_VERTICALS,
];

export type { SubVertical, Vertical } from './types.ts';
