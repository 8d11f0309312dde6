import { isApiError } from "@unified-commerce/client";

/**
 * The field errors an API error names, keyed as Mantine's form names fields (`email`,
 * `attributes.en.title`): the `issues` of a 422 whose path is in the body, `body.` dropped.
 */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fieldErrors : {};
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
