export type Dialect = 'sqlite' | 'postgres';

/** An auto-increment integer key in either dialect. */
export function idType(dialect: Dialect) {
  return dialect === 'postgres' ? 'serial' : 'integer';
}
