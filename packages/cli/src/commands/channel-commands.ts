import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Kernel } from "@unified-commerce/core";
import { BACKFILL_TASK, createConnectionInput, type ChannelService, type Connection } from "@unified-commerce/plugin-channel-connector";
import { CliError, CliUsageError } from "../cli-error.js";
import { assertOrganization, withKernel, type CliIo } from "../cli-context.js";
import { invocationDir } from "../load-config.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 100;

/**
 * `uc channel connect --adapter <id> --name <name> --currency <ISO> [--setting k=v]... [--credential k=v]...
 * [--credentials-file <path>]`: stores a connection (credentials sealed) like `POST /api/channels`. Starts
 * nothing. Prints the connection, which names its credentials (`credentialKeys`) but never shows them.
 */
export async function channelConnect(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      adapter: { type: "string" },
      name: { type: "string" },
      currency: { type: "string" },
      setting: { type: "string", multiple: true },
      credential: { type: "string", multiple: true },
      "credentials-file": { type: "string" },
      org: { type: "string" },
      config: { type: "string" },
      json: { type: "boolean" },
    },
    strict: true,
  });
  const usage = "uc channel connect --adapter <id> --name <name> --currency <ISO> [--setting k=v]... [--credentials-file <path> | --credential k=v...]";
  if (!values.adapter) throw new CliUsageError(`--adapter is required (e.g. rest-store): ${usage}`);
  if (!values.name) throw new CliUsageError(`--name is required: ${usage}`);
  if (!values.currency) throw new CliUsageError(`--currency is required (the ISO code prices are pushed in, e.g. EUR): ${usage}`);
  const settings = pairs("--setting", values.setting ?? []);
  // The file first, then the command line's pairs on top (the file keeps secrets out of the shell history).
  const credentials = { ...(values["credentials-file"] ? readCredentialsFile(values["credentials-file"], io.env) : {}), ...pairs("--credential", values.credential ?? []) };
  const parsed = createConnectionInput.safeParse({ name: values.name, adapterId: values.adapter, currency: values.currency, settings, credentials });
  if (!parsed.success) {
    throw new CliError(parsed.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; "));
  }
  const { organizationId, connection } = await withChannels(io, values, async (channels, organizationId) => ({
    organizationId,
    connection: await channels.create(organizationId, parsed.data),
  }));
  if (values.json) {
    io.out(JSON.stringify(connection));
    return;
  }
  io.out(`Connected "${connection.name}" (${connection.id}) with adapter ${connection.adapterId} in organization ${organizationId}.`);
  io.out(`  settings: ${describeSettings(connection.settings)}`);
  io.out(`  credentials: ${connection.credentialKeys.join(", ") || "none"} (sealed, never shown)`);
  io.out(`Nothing was started: \`uc channel backfill ${connection.id}\` pushes the catalog.`);
}

/** `uc channel list [--org id] [--page n] [--limit n]`: the organization's connections, newest first. */
export async function channelList(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({ args, options: { org: { type: "string" }, page: { type: "string" }, limit: { type: "string" }, config: { type: "string" }, json: { type: "boolean" } }, strict: true });
  const page = wholeNumber("--page", values.page, 1, 1_000_000);
  const limit = wholeNumber("--limit", values.limit, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
  const { items, total } = await withChannels(io, values, (channels, organizationId) => channels.list(organizationId, { page, limit }));
  if (values.json) {
    io.out(JSON.stringify({ connections: items, total, page, limit }));
    return;
  }
  if (total === 0) {
    io.out("No channel connections (connect one with `uc channel connect`).");
    return;
  }
  io.out(`${total} connection${total === 1 ? "" : "s"}${items.length < total ? ` (page ${page}, ${items.length} shown)` : ""}`);
  for (const connection of items) {
    io.out(`${connection.id}  ${connection.adapterId.padEnd(12)} ${connection.name}  backfill ${connection.backfill.status}  ${connection.createdAt}`);
  }
}

/** `uc channel backfill <id>`: starts (or resumes) the catalog backfill; its pages run as jobs. */
export async function channelBackfill(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { org: { type: "string" }, config: { type: "string" }, json: { type: "boolean" } }, allowPositionals: true, strict: true });
  const id = connectionId(positionals, "backfill");
  const connection = await withChannels(io, values, (channels, organizationId) => found(id, organizationId, () => channels.startBackfill(organizationId, id)));
  if (values.json) {
    io.out(JSON.stringify(connection));
    return;
  }
  io.out(`Backfill of "${connection.name}" (${connection.id}) is ${connection.backfill.pages > 0 ? "resumed" : "started"}.`);
  io.out(
    `Its pages run as ${BACKFILL_TASK} jobs, one page per job: by the server's worker (jobs.autorun), a call to GET /api/jobs/run, or \`uc jobs run\`. Follow it with \`uc channel status ${connection.id}\`.`,
  );
}

/** `uc channel status <id>`: the connection with its progress (backfill pages, items, errors; counters; last reconcile). */
export async function channelStatus(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({ args, options: { org: { type: "string" }, config: { type: "string" }, json: { type: "boolean" } }, allowPositionals: true, strict: true });
  const id = connectionId(positionals, "status");
  const connection = await withChannels(io, values, (channels, organizationId) => found(id, organizationId, () => channels.get(organizationId, id)));
  if (values.json) {
    io.out(JSON.stringify(connection));
    return;
  }
  const { backfill, reconcile } = connection;
  io.out(`${connection.name} (${connection.id})  adapter ${connection.adapterId}  ${describeSettings(connection.settings)}`);
  io.out(
    `backfill: ${backfill.status}, ${backfill.pages} page${backfill.pages === 1 ? "" : "s"}, ${backfill.items} item${backfill.items === 1 ? "" : "s"}, ${backfill.errors} error${backfill.errors === 1 ? "" : "s"}` +
      `${backfill.startedAt ? `, started ${backfill.startedAt}` : ""}${backfill.finishedAt ? `, finished ${backfill.finishedAt}` : ""}`,
  );
  if (backfill.lastError) io.out(`  last error: ${backfill.lastError.split("\n")[0]}`);
  io.out(`stock pushes ${connection.stockPushes}, orders imported ${connection.ordersImported}, orders rejected ${connection.ordersRejected}`);
  io.out(
    reconcile
      ? `reconcile: ${reconcile.status}, ${reconcile.checked} checked, ${reconcile.stockRepaired} stock and ${reconcile.priceRepaired} prices repaired, ${reconcile.missing.length} missing, ${reconcile.dropped} dropped`
      : "reconcile: never run",
  );
}

/** Boots the kernel, checks the plugin is configured and the organization exists, and hands over `services.channels`. */
async function withChannels<T>(io: CliIo, values: { org?: string | undefined; config?: string | undefined }, work: (channels: ChannelService, organizationId: string) => Promise<T>): Promise<T> {
  return withKernel({ config: values.config, io }, async (kernel, config) => {
    const channels = channelService(kernel);
    const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
    await assertOrganization(kernel, organizationId);
    return work(channels, organizationId);
  });
}

function channelService(kernel: Kernel): ChannelService {
  if (!("channels" in kernel.services)) {
    throw new CliError("The configuration does not install the channel connector: add channelConnector() from @unified-commerce/plugin-channel-connector to plugins");
  }
  return kernel.services.channels;
}

/** Runs a lookup of one connection, turning the service's 404 (or an id that cannot be one) into one clear line. */
async function found(id: string, organizationId: string, work: () => Promise<Connection>): Promise<Connection> {
  const notFound = () => new CliError(`No channel connection "${id}" in organization ${organizationId} (see \`uc channel list\`)`);
  if (!UUID.test(id)) throw notFound();
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === "NOT_FOUND") throw notFound();
    throw error;
  }
}

function connectionId(positionals: string[], action: string): string {
  const [id, ...extra] = positionals;
  if (!id) throw new CliUsageError(`Which connection? \`uc channel ${action} <id>\` (see \`uc channel list\`)`);
  if (extra.length > 0) throw new CliUsageError(`Unexpected argument "${extra[0]}": \`uc channel ${action} <id>\``);
  return id;
}

function pairs(option: string, items: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf("=");
    // Never echo a --credential's value back: name the option and the key only.
    if (at < 1) throw new CliUsageError(`${option} takes key=value${option === "--setting" ? ` (got "${item}")` : ""}`);
    result[item.slice(0, at)] = item.slice(at + 1);
  }
  return result;
}

/** A JSON object of string values (`{ "apiKey": "uc_..." }`), path relative to where `uc` was run. */
function readCredentialsFile(path: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const fullPath = resolve(invocationDir(env), path);
  let text: string;
  try {
    text = readFileSync(fullPath, "utf8");
  } catch (error) {
    throw new CliError(`Cannot read --credentials-file ${fullPath}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message may quote the file's content (a secret): name the file only.
    throw new CliError(`--credentials-file ${fullPath} is not valid JSON (expected an object such as {"apiKey": "..."})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new CliError(`--credentials-file ${fullPath} must hold a JSON object such as {"apiKey": "..."}`);
  const credentials: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") throw new CliError(`--credentials-file ${fullPath}: "${key}" must be a string`);
    credentials[key] = item;
  }
  return credentials;
}

function describeSettings(settings: Record<string, string>): string {
  return (
    Object.entries(settings)
      .map(([key, value]) => `${key}=${value}`)
      .join(", ") || "none"
  );
}

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw new CliUsageError(`${name} must be a whole number from 1 to ${max}`);
  return number;
}
