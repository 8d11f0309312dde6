import { isApiError } from "../api/client-shim.js";

/** A field issue of an error answer: `path` names the field (`body.email`, `body.attributes.0.value`). */
interface FieldIssue {
  path?: unknown;
  message?: unknown;
}

/** The request parts the server prefixes issue paths with; a form names fields without them. */
const REQUEST_PARTS = ["body.", "query.", "params."];

function fieldName(path: unknown): string | null {
  const text = Array.isArray(path) ? path.join(".") : typeof path === "string" ? path : null;
  if (!text) return null;
  const part = REQUEST_PARTS.find((prefix) => text.startsWith(prefix));
  return part ? text.slice(part.length) : text;
}

/**
 * The field errors an API error names, keyed as Mantine's form names fields (`email`,
 * `attributes.0.value`). Validation answers carry them in `issues` (the core's envelope) or `details`.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const carrier = error as unknown as { issues?: unknown; details?: unknown };
  const issues = [carrier.issues, carrier.details].find(Array.isArray) as FieldIssue[] | undefined;
  const errors: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const name = fieldName(issue.path);
    if (name && !(name in errors)) errors[name] = typeof issue.message === "string" ? issue.message : "is invalid";
  }
  return errors;
}

/**
 * Shows an API error's field errors on the form fields they name (`form.setErrors`). Answers whether any
 * field was named, so the caller shows the error elsewhere (a notification, an alert) when none was.
 */
export function applyApiErrors(form: { setErrors: (errors: Record<string, string>) => void }, error: unknown): boolean {
  const errors = apiFieldErrors(error);
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  return true;
}
