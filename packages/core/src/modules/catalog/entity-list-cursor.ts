import { createHash } from "node:crypto";
import { z } from "zod";
import { encodeListCursor, listCursorQuery } from "../../http/list-cursor.js";
import { entityStatusSchema } from "./catalog-schemas.js";
import {
  ENTITY_SORT_FIELDS,
  type EntityListFilters,
  type EntityListPosition,
  type EntitySort,
} from "./entity-listing.js";

/** A timestamp as `next` answers it: UTC, to the microsecond PostgreSQL stores (see `listEntities`). */
const STORED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/**
 * What an entity list cursor holds: the sort, the last row's sort value and id, and a fingerprint of the
 * filters it was answered for. Each value is checked against its sort field, so a tampered cursor is a
 * 422 here and never a PostgreSQL error (a bad date, a NUL byte, a malformed uuid).
 */
const entityCursorSchema = z
  .strictObject({
    sort: z.enum(ENTITY_SORT_FIELDS),
    direction: z.enum(["asc", "desc"]),
    value: z
      .string()
      .max(500)
      .refine((value) => !value.includes("\u0000"), "must not hold NUL"),
    id: z.guid(),
    filters: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  })
  .superRefine((cursor, context) => {
    const isValid =
      cursor.sort === "createdAt" || cursor.sort === "updatedAt"
        ? STORED_TIMESTAMP.test(cursor.value) &&
          z.iso.datetime().safeParse(cursor.value).success &&
          !cursor.value.startsWith("0000")
        : cursor.sort === "status"
          ? entityStatusSchema.safeParse(cursor.value).success
          : cursor.value.length > 0;
    if (!isValid) context.addIssue({ code: "custom", path: ["value"], message: `is not a ${cursor.sort} value` });
  });

export type EntityCursor = z.output<typeof entityCursorSchema>;

/** The `cursor` query parameter of `GET /catalog/entities`. */
export const entityCursorQuery = listCursorQuery(entityCursorSchema);

/**
 * A short digest of the filters: a cursor answered for other filters would page another list, so it is
 * refused rather than followed. The organization is not in it: every query is scoped to the caller's, so
 * another store's cursor is only a position among the caller's own entities.
 */
function filtersFingerprint(filters: EntityListFilters): string {
  const canonical = JSON.stringify([
    filters.type ?? null,
    filters.status ?? null,
    filters.category ?? null,
    filters.brand ?? null,
  ]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}

/** The cursor of the page after `position`, in the list of these filters and sort. */
export function encodeEntityCursor(filters: EntityListFilters, sort: EntitySort, position: EntityListPosition): string {
  const cursor: EntityCursor = {
    sort: sort.field,
    direction: sort.direction,
    value: position.value,
    id: position.id,
    filters: filtersFingerprint(filters),
  };
  return encodeListCursor(cursor);
}

/** Why `cursor` cannot page this list (other sort or filters), or null when it can. */
export function entityCursorMismatch(
  cursor: EntityCursor,
  filters: EntityListFilters,
  sort: EntitySort,
): string | null {
  if (cursor.sort !== sort.field || cursor.direction !== sort.direction) {
    return `was answered for sort=${cursor.sort}:${cursor.direction}, not ${sort.field}:${sort.direction}; send the same sort or start again without a cursor`;
  }
  if (cursor.filters !== filtersFingerprint(filters))
    return "was answered for other filters; send the same type, status, category and brand or start again without a cursor";
  return null;
}
