import type { ColumnType } from 'kysely';

/** A column with a database default: optional on insert. */
export type WithDefault<T> = ColumnType<T, T | undefined, T>;

/** A nullable column: optional on insert (NULL). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
