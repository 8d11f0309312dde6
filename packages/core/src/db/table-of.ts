/**
 * The Kysely table type of a record whose fields are defined once, by its zod schema (`Fields` is
 * `z.output<typeof recordSchema>`): every field is a column of the same type, except the ones named in
 * `Stored`, whose stored form differs (timestamps as `Timestamp`, JSON as `Json`, `Generated` columns)
 * or which answers never show (`organizationId`). A field added to the schema is a column at once (its
 * migration still has to add it).
 *
 * ```ts
 * catalogBrands: TableOf<Brand, { organizationId: string; createdAt: Timestamp }>;
 * ```
 */
export type TableOf<Fields, Stored extends object = object> = {
  [K in Exclude<keyof Fields, keyof Stored>]: Fields[K];
} & Stored;
