import {
  sql,
  type DeleteQueryBuilder,
  type DeleteResult,
  type Insertable,
  type InsertObject,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type Transaction,
  type SelectQueryBuilder,
  type UpdateQueryBuilder,
  type UpdateResult,
} from "kysely";

/** Tables of `DB` that carry an `organizationId` column. */
export type TenantTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { organizationId: unknown } ? T : never;
}[keyof DB & string];

/** Row values for a tenant table, without the organization (the scope fills it in). */
export type TenantInsert<DB, T extends keyof DB> = Omit<Insertable<DB[T]>, "organizationId">;

/**
 * Queries bound to one organization. Every organization-scoped read and write goes through this, so a
 * query cannot forget the tenant filter and another store's rows stay invisible.
 */
export interface TenantScope<DB> {
  readonly organizationId: string;
  selectFrom<T extends TenantTable<DB>>(table: T): SelectQueryBuilder<DB, T, object>;
  updateTable<T extends TenantTable<DB>>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult>;
  deleteFrom<T extends TenantTable<DB>>(table: T): DeleteQueryBuilder<DB, T, DeleteResult>;
  insertInto<T extends TenantTable<DB>>(
    table: T,
    // Values may be expressions (a subquery, `sql`...), as in Kysely's own `values`.
    values: Omit<InsertObject<DB, T>, "organizationId"> | readonly Omit<InsertObject<DB, T>, "organizationId">[],
  ): InsertQueryBuilder<DB, T, InsertResult>;
}

type UntypedDb = Kysely<Record<string, { organizationId: string }>>;

const organizationColumn = (table: string) => sql.ref<string>(`${table}.organizationId`);

/**
 * The one place the tenant filter is written. Kysely's builders are generic over the table name in ways
 * TypeScript cannot follow through a type parameter, so the bodies work on an untyped view and the
 * interface carries the types. A class, not an object of closures: a request makes a scope for nearly
 * every query, and its methods are then made once, not at every call.
 */
class Scope<DB> implements TenantScope<DB> {
  readonly #db: UntypedDb;

  constructor(
    db: Kysely<DB> | Transaction<DB>,
    readonly organizationId: string,
  ) {
    this.#db = db as unknown as UntypedDb;
  }

  selectFrom<T extends TenantTable<DB>>(table: T): SelectQueryBuilder<DB, T, object> {
    return this.#db
      .selectFrom(table as string)
      .where(organizationColumn(table), "=", this.organizationId) as unknown as SelectQueryBuilder<DB, T, object>;
  }

  updateTable<T extends TenantTable<DB>>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult> {
    return this.#db
      .updateTable(table as string)
      .where(organizationColumn(table), "=", this.organizationId) as unknown as UpdateQueryBuilder<
      DB,
      T,
      T,
      UpdateResult
    >;
  }

  deleteFrom<T extends TenantTable<DB>>(table: T): DeleteQueryBuilder<DB, T, DeleteResult> {
    return this.#db
      .deleteFrom(table as string)
      .where(organizationColumn(table), "=", this.organizationId) as unknown as DeleteQueryBuilder<DB, T, DeleteResult>;
  }

  insertInto<T extends TenantTable<DB>>(
    table: T,
    values: Omit<InsertObject<DB, T>, "organizationId"> | readonly Omit<InsertObject<DB, T>, "organizationId">[],
  ): InsertQueryBuilder<DB, T, InsertResult> {
    const rows = (Array.isArray(values) ? values : [values]).map((row: object) => ({
      ...row,
      organizationId: this.organizationId,
    }));
    return this.#db.insertInto(table as string).values(rows) as unknown as InsertQueryBuilder<DB, T, InsertResult>;
  }
}

/** Queries of `db` bound to `organizationId` (see `TenantScope`). */
export function tenantScope<DB>(db: Kysely<DB> | Transaction<DB>, organizationId: string): TenantScope<DB> {
  if (!organizationId) throw new Error("tenantScope needs an organization id");
  return new Scope(db, organizationId);
}
