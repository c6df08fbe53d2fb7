import { InvalidItemError } from '../errors.ts';
import { type Output, type StandardSchema, validate } from '../small-schema.ts';
import type { keys } from './keys.ts';

/**
 * One row of docs/data-model.md's access-pattern table. Each entity declares the patterns its
 * module serves; `npm run data-model` writes the table from them and CI checks it is current.
 */
export type AccessPattern = {
  /** What the caller does, in the table's words. */
  does: string;
  /** The DynamoDB operation, key condition and guarding condition. */
  operation: string;
  consistency: 'strong' | 'eventual (GSI)' | '–';
  /** The exported functions that serve it (in the entity's module unless `module` says otherwise). */
  functions: readonly string[];
  /** Repository path of the module, when it is not the entity's own. */
  module?: string;
};

export type EntityDeclaration<S extends StandardSchema> = {
  /** The `entity` attribute of its items, and its name in errors and docs. */
  name: string;
  /** Repository path of the module that owns the entity's reads and writes. */
  module: string;
  /** The stored item, validated on every read; its output is the entity as code sees it. */
  schema: S;
  /** The key builders of db/keys.ts that reach its items, base table and GSIs, by access pattern. */
  keys: readonly (keyof typeof keys)[];
  patterns: readonly AccessPattern[];
};

export type Entity<S extends StandardSchema> = EntityDeclaration<S> & {
  /** Validates a stored item; a mismatch is an `InvalidItemError`, never a silent cast. */
  fromItem(item: Record<string, unknown>): Output<S>;
  /** Validates a stored item against a projection of the schema (a list that needs a few fields). */
  fromItemAs<P>(projection: StandardSchema<P>, item: Record<string, unknown>): P;
};

function parseItem<P>(entity: string, schema: StandardSchema<P>, item: Record<string, unknown>): P {
  const parsed = validate(schema, item);
  if (parsed.ok) return parsed.value;
  throw new InvalidItemError(
    entity,
    { pk: String(item.pk ?? ''), sk: String(item.sk ?? '') },
    parsed.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  );
}

/**
 * Declares an entity: its schema, its keys and the access patterns of its module. Small on
 * purpose (ADR 0024). The schema is any Standard Schema: zod's, or `small-schema.ts`'s for the
 * entities the router's authentication reads, which keeps zod off its cold start (ADR 0011).
 */
export function defineEntity<S extends StandardSchema>(declaration: EntityDeclaration<S>): Entity<S> {
  return {
    ...declaration,
    fromItem: (item) => parseItem(declaration.name, declaration.schema as StandardSchema<Output<S>>, item),
    fromItemAs: (projection, item) => parseItem(declaration.name, projection, item),
  };
}
