import type { ColumnDataType } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export function binaryType(dialect: Dialect): ColumnDataType {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}
