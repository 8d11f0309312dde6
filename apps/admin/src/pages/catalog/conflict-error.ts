import { isApiError } from "@unified-commerce/client";

/**
 * Whether `error` is the server's 409 for a unique value already taken: catalog answers it without naming a
 * field, so a form puts it on the field it knows to be unique (a slug, a definition's name).
 */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
