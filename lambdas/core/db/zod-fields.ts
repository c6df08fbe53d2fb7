import * as z from 'zod';

// Item attributes shared by the entities declared with zod (db/entity.ts). Not in entity.ts:
// the router's cold path imports that module and must not load zod (ADR 0011).

/** A string attribute that may be absent or null in the item; null in the entity. */
export const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
/** A number attribute that may be absent or null in the item; null in the entity. */
export const nullableNumber = z
  .number()
  .nullish()
  .transform((v) => v ?? null);
/** A list of strings, empty when the item has none. */
export const stringList = z.array(z.string()).default([]);
