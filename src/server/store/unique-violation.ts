/** True when a write failed on a unique constraint (a concurrent save won the race), on SQLite and PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
