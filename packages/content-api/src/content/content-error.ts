/**
 * Invalid content: thrown at load time so the app refuses to start, with the file and the field at fault
 * in the message (`content/pricing.md: plans.0.priceMin: expected an integer`).
 */
export class ContentError extends Error {
  override readonly name = "ContentError";
  /** Path of the offending file, relative to the content directory. */
  readonly file: string;
  /** Dotted path of the offending field, or `null` when the whole file is at fault. */
  readonly field: string | null;

  constructor(options: { file: string; field: string | null; message: string }) {
    super(`${options.file}: ${options.field ? `${options.field}: ` : ""}${options.message}`);
    this.file = options.file;
    this.field = options.field;
  }
}
