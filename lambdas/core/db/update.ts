/**
 * UpdateExpressions built from typed clauses instead of assembled strings: every attribute name
 * and value goes through a generated placeholder (`#u0`, `:u0`, …), so a field name can never
 * break the expression or collide with a reserved word, and the caller's own condition
 * placeholders (`#status`, `:now`) stay theirs to merge beside these.
 */

export type UpdateParts = {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
};

/** An attribute, or a path into a map attribute (`['failure_reasons', code]`). */
export type AttributePath = string | readonly string[];

export class UpdateBuilder {
  private readonly sets: string[] = [];
  private readonly removes: string[] = [];
  private readonly names = new Map<string, string>();
  private readonly values: Record<string, unknown> = {};

  /** SET path = value. */
  set(path: AttributePath, value: unknown): this {
    this.sets.push(`${this.path(path)} = ${this.value(value)}`);
    return this;
  }

  /** SET every defined field of `fields` (undefined ones are left alone). */
  setAll(fields: Record<string, unknown>): this {
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) this.set(name, value);
    return this;
  }

  /** SET path = if_not_exists(path, value): written only when the attribute is missing. */
  setIfMissing(path: AttributePath, value: unknown): this {
    const p = this.path(path);
    this.sets.push(`${p} = if_not_exists(${p}, ${this.value(value)})`);
    return this;
  }

  /** SET path = path + by; from `ifMissing` when the attribute does not exist yet (else it must). */
  increment(path: AttributePath, by: number, ifMissing?: number): this {
    const p = this.path(path);
    const from = ifMissing === undefined ? p : `if_not_exists(${p}, ${this.value(ifMissing)})`;
    this.sets.push(`${p} = ${from} + ${this.value(by)}`);
    return this;
  }

  /** REMOVE path. */
  remove(...paths: AttributePath[]): this {
    for (const path of paths) this.removes.push(this.path(path));
    return this;
  }

  build(): UpdateParts {
    const clauses = [
      this.sets.length > 0 ? `SET ${this.sets.join(', ')}` : '',
      this.removes.length > 0 ? `REMOVE ${this.removes.join(', ')}` : '',
    ].filter(Boolean);
    if (clauses.length === 0) throw new Error('an update with nothing to set or remove');
    return {
      UpdateExpression: clauses.join(' '),
      ExpressionAttributeNames: Object.fromEntries([...this.names].map(([name, ph]) => [ph, name])),
      ExpressionAttributeValues: { ...this.values },
    };
  }

  private path(path: AttributePath): string {
    return (typeof path === 'string' ? [path] : path).map((segment) => this.name(segment)).join('.');
  }

  private name(segment: string): string {
    let ph = this.names.get(segment);
    if (!ph) {
      ph = `#u${this.names.size}`;
      this.names.set(segment, ph);
    }
    return ph;
  }

  private value(value: unknown): string {
    const ph = `:u${Object.keys(this.values).length}`;
    this.values[ph] = value;
    return ph;
  }
}

export const update = () => new UpdateBuilder();
