import { sql, type RawBuilder } from 'kysely';
import { dialectOf, type Db, type Tx } from './db.js';

/** Column types a JSON row source declares (PostgreSQL needs them; SQLite takes JSON's own types). */
export type JsonColumnType = 'integer' | 'bigint' | 'double precision' | 'text';

/**
 * Many rows as ONE statement parameter: a table source `v` of the given
 * columns, read from a JSON array of objects (SQLite `json_each`, PostgreSQL
 * `json_to_recordset`). For bulk writes on a hot path: the statement's text
 * does not depend on the number of rows, so it is prepared once and cached
 * (a multi-row VALUES list is a new statement for every row count, and on
 * SQLite its UPDATE … FROM cost more than the single-row updates it replaced).
 * Use as `FROM ${jsonRows(...)}` (UPDATE … FROM, INSERT … SELECT * FROM).
 */
export function jsonRows(db: Db | Tx, rows: readonly object[], columns: Readonly<Record<string, JsonColumnType>>): RawBuilder<unknown> {
  const json = JSON.stringify(rows);
  const names = Object.keys(columns);
  if (dialectOf(db) === 'postgres') {
    const defs = sql.join(names.map((n) => sql`${sql.ref(n)} ${sql.raw(columns[n])}`));
    return sql`json_to_recordset(${json}::json) AS v(${defs})`;
  }
  const cols = sql.join(names.map((n) => sql`value ->> ${sql.lit(n)} AS ${sql.ref(n)}`));
  return sql`(SELECT ${cols} FROM json_each(${json})) AS v`;
}
