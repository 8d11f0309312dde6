import { createReadStream, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { Kernel } from "@unified-commerce/core";
import { cliCommand } from "../cli-command.js";
import { CliError, CliUsageError } from "../cli-error.js";
import { assertOrganization, cliActor, withKernel, type CliIo } from "../cli-context.js";
import { invocationDir } from "../load-config.js";
import { progressBar } from "../progress-bar.js";

type ImportFormat = "ndjson" | "csv";

/** What `uc catalog import` and `uc seed --entities` print: the import as `GET /api/catalog/import/:id` answers it. */
export type ImportSummary = Awaited<ReturnType<Kernel["services"]["catalogImport"]["getImport"]>>;

/** Errors printed after a human-readable summary; `--json` has them all (up to 1,000). */
const PRINTED_ERRORS = 20;

/**
 * Runs an import in this process: the same staging, validation and batches as `POST /api/catalog/import`
 * and its job, with progress on stderr (a bar on a terminal, a line every few seconds elsewhere, nothing
 * with `--json`). Its job is enqueued too, and finds nothing left to do if a worker picks it up later.
 */
export async function runCatalogImport(
  kernel: Kernel,
  input: {
    organizationId: string;
    body: AsyncIterable<Uint8Array>;
    format: ImportFormat;
    filename: string | null;
    isJson: boolean;
    concurrency?: number;
  },
  io: CliIo,
): Promise<ImportSummary> {
  const { catalogImport } = kernel.services;
  const started = await catalogImport.startImport(input.organizationId, {
    body: input.body,
    format: input.format,
    filename: input.filename,
    actor: cliActor(input.organizationId),
  });
  const bar = input.isJson ? undefined : progressBar(io, started.rowsTotal, "importing");
  const isPlain = !input.isJson && !io.isErrTerminal;
  let shown = started.rowsDone;
  let lastLine = 0;
  bar?.tick("", started.rowsDone);
  try {
    return await catalogImport.runImport(input.organizationId, started.id, {
      ...(input.concurrency ? { concurrency: input.concurrency } : {}),
      onProgress: (progress) => {
        bar?.tick(
          `${progress.created} created, ${progress.updated} updated, ${progress.failed} failed`,
          progress.rowsDone - shown,
        );
        shown = progress.rowsDone;
        // Off a terminal, a plain line every 2 seconds and the last one: CI logs show progress without a flood.
        if (isPlain && (Date.now() - lastLine >= 2_000 || progress.rowsDone === progress.rowsTotal)) {
          lastLine = Date.now();
          io.err(
            `progress: ${progress.rowsDone}/${progress.rowsTotal} rows (${progress.created} created, ${progress.updated} updated, ${progress.failed} failed)`,
          );
        }
      },
    });
  } finally {
    bar?.done();
  }
}

/** Prints an import's outcome: one JSON document with `--json`, else a summary and the first refused lines. */
export function printImport(summary: ImportSummary, io: CliIo, isJson: boolean): void {
  if (isJson) {
    io.out(JSON.stringify(summary));
    return;
  }
  io.out(
    `Import ${summary.id} ${summary.status}: ${summary.rowsDone}/${summary.rowsTotal} rows, ${summary.created} created, ${summary.updated} updated, ${summary.failed} failed.`,
  );
  if (summary.ignoredColumns.length > 0) io.out(`Ignored columns: ${summary.ignoredColumns.join(", ")}`);
  for (const error of summary.errors.slice(0, PRINTED_ERRORS)) io.out(`  line ${error.line}: ${error.reason}`);
  if (summary.failed > PRINTED_ERRORS)
    io.out(`  ... ${summary.failed - PRINTED_ERRORS} more (uc catalog import --json lists up to 1,000)`);
}

/** `uc catalog import FILE`: imports an NDJSON or CSV file (format from its extension or `--format`). */
export const catalogImport = cliCommand({
  name: "catalog import",
  summary: "Import entities, variants, prices and stock from a CSV or NDJSON file",
  description: [
    "Like POST /api/catalog/import (same validation, batches and events), its batches run in this process.",
    "Progress goes to stderr: a bar on a terminal, a line every 2 seconds elsewhere, nothing with --json.",
    "Refused rows do not fail the command (the first 20 are printed); an unreadable file does.",
  ].join("\n"),
  arguments: [{ name: "file", required: true, description: "The file: .csv, .ndjson or .jsonl" }],
  options: {
    format: {
      type: "string",
      choices: ["csv", "ndjson"],
      description: "The file's format",
      default: "from the extension",
    },
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    concurrency: { type: "string", valueName: "<n>", description: "Batches at once, 1 to 8", default: "2" },
    json: { type: "boolean", description: "Print the import as GET /api/catalog/import/:id answers it" },
  },
  examples: ["uc catalog import products.csv", "uc catalog import feed.jsonl --format ndjson --org main --json"],
  run: async ({ values, positionals }, io) => {
    const [file, ...extra] = positionals;
    if (!file || extra.length > 0)
      throw new CliUsageError("uc catalog import takes one FILE (.ndjson, .jsonl or .csv)");
    const format =
      values.format ?? (/\.csv$/i.test(file) ? "csv" : /\.(ndjson|jsonl)$/i.test(file) ? "ndjson" : undefined);
    if (format !== "csv" && format !== "ndjson")
      throw new CliUsageError("--format must be csv or ndjson (or name the file .csv, .ndjson or .jsonl)");
    const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
    if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 8))
      throw new CliUsageError("--concurrency must be a whole number from 1 to 8");
    const path = resolve(invocationDir(io.env), file);
    try {
      if (!statSync(path).isFile()) throw new CliError(`${path} is not a file`);
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`);
    }
    const isJson = values.json === true;
    const summary = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      return runCatalogImport(
        kernel,
        {
          organizationId,
          body: createReadStream(path),
          format,
          filename: basename(path),
          isJson,
          ...(concurrency ? { concurrency } : {}),
        },
        io,
      );
    });
    printImport(summary, io, isJson);
  },
});
