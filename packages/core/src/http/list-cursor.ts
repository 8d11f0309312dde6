import { z, type ZodType } from "zod";

/**
 * Longest `cursor` a list accepts. A list's own cursors are a few hundred characters; anything longer is
 * refused before it is decoded, so a huge query string costs no base64 or JSON work.
 */
export const MAX_LIST_CURSOR_LENGTH = 1024;

/**
 * A keyset list's `cursor`: base64url of a small JSON position. Opaque to callers but not signed: it only
 * carries values the caller could read in the page that gave it, so every field is validated on the way
 * back in instead ({@link listCursorQuery}).
 */
export function encodeListCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), "utf8").toString("base64url");
}

/**
 * The `cursor` query parameter of a keyset list, decoded into `position`'s output. Garbage (too long, not
 * base64url, not JSON, another shape) is a zod issue like any other bad query value, so it answers 422
 * VALIDATION_FAILED and never reaches SQL.
 */
export function listCursorQuery<S extends ZodType>(position: S) {
  return z
    .string()
    .min(1)
    .max(MAX_LIST_CURSOR_LENGTH)
    .regex(/^[A-Za-z0-9_-]*$/, "is not a cursor this list answered (base64url expected)")
    .transform((text, context): z.output<S> => {
      let json: unknown;
      try {
        json = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
      } catch {
        context.addIssue({ code: "custom", message: "is not a cursor this list answered (not JSON)" });
        return z.NEVER;
      }
      const parsed = position.safeParse(json);
      if (!parsed.success) {
        context.addIssue({ code: "custom", message: "is not a cursor this list answered (unexpected position)" });
        return z.NEVER;
      }
      return parsed.data;
    })
    .meta({
      description: [
        "`meta.pagination.nextCursor` of the previous page: the next page follows that page's last row, whatever was",
        "written meanwhile.",
      ].join(" "),
    });
}
