import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineCommand, type CommandContext, type CommandDeclaration } from "@unified-commerce/plugin-sdk";
import { BACKFILL_TASK } from "./channel-declarations.js";
import { createConnectionInput } from "./channel-schemas.js";
import type { ChannelService, Connection } from "./channel-service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LIST_LIMIT = 20;
const MAX_LIST_LIMIT = 100;

const ORG_OPTION = {
  type: "string",
  valueName: "<id>",
  description: "The organization",
  default: "the configuration's defaultOrganizationId",
} as const;
const JSON_OPTION = {
  type: "boolean",
  description: "Print the connection as GET /api/channels/:id answers it",
} as const;

/**
 * `uc channel connect`: stores a connection (credentials sealed) like `POST /api/channels`. Starts
 * nothing. Prints the connection, which names its credentials (`credentialKeys`) but never shows them.
 */
const channelConnect = defineCommand({
  name: "channel connect",
  summary: "Connect a sales channel (credentials sealed; starts nothing)",
  description: [
    "Stores a connection like POST /api/channels: credentials sealed under the server's secretKey, checked",
    "against the adapter (an unknown adapter is refused). Prefer --credentials-file to --credential: what is",
    "typed on the command line lands in the shell history.",
  ].join("\n"),
  options: {
    adapter: { type: "string", valueName: "<id>", required: true, description: "The adapter (rest-store is bundled)" },
    name: { type: "string", valueName: "<name>", required: true, description: "The connection's name" },
    currency: { type: "string", valueName: "<ISO>", required: true, description: "The currency prices are pushed in" },
    setting: {
      type: "string",
      valueName: "<key=value>",
      multiple: true,
      description: "An adapter setting (rest-store: baseUrl, warehouseCode)",
    },
    "credentials-file": {
      type: "string",
      valueName: "<file>",
      description: 'A JSON object of strings, such as {"apiKey": "uc_..."}',
    },
    credential: {
      type: "string",
      valueName: "<key=value>",
      multiple: true,
      description: "A credential (overrides the file's key of that name)",
    },
    org: ORG_OPTION,
    json: JSON_OPTION,
  },
  examples: [
    'uc channel connect --adapter rest-store --name "Outlet" --currency EUR --setting baseUrl=https://outlet.example.com --credentials-file outlet.json',
  ],
  run: async (context) => {
    const { values } = context;
    const usage =
      "uc channel connect --adapter <id> --name <name> --currency <ISO> [--setting k=v]... [--credentials-file <path> | --credential k=v...]";
    if (!values.adapter) throw context.usageError(`--adapter is required (e.g. rest-store): ${usage}`);
    if (!values.name) throw context.usageError(`--name is required: ${usage}`);
    if (!values.currency)
      throw context.usageError(`--currency is required (the ISO code prices are pushed in, e.g. EUR): ${usage}`);
    const settings = pairs(context, "--setting", values.setting ?? []);
    // The file first, then the command line's pairs on top (the file keeps secrets out of the shell history).
    const credentials = {
      ...(values["credentials-file"] ? readCredentialsFile(context, values["credentials-file"]) : {}),
      ...pairs(context, "--credential", values.credential ?? []),
    };
    const parsed = createConnectionInput.safeParse({
      name: values.name,
      adapterId: values.adapter,
      currency: values.currency,
      settings,
      credentials,
    });
    if (!parsed.success) {
      throw context.error(
        parsed.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; "),
      );
    }
    const { organizationId, connection } = await withChannels(
      context,
      values.org,
      async (channels, organizationId) => ({
        organizationId,
        connection: await channels.create(organizationId, parsed.data),
      }),
    );
    if (values.json) {
      context.out(JSON.stringify(connection));
      return;
    }
    context.out(
      `Connected "${connection.name}" (${connection.id}) with adapter ${connection.adapterId} in organization ${organizationId}.`,
    );
    context.out(`  settings: ${describeSettings(connection.settings)}`);
    context.out(`  credentials: ${connection.credentialKeys.join(", ") || "none"} (sealed, never shown)`);
    context.out(`Nothing was started: \`uc channel backfill ${connection.id}\` pushes the catalog.`);
  },
});

/** `uc channel list`: the organization's connections, newest first. */
const channelList = defineCommand({
  name: "channel list",
  summary: "The organization's channel connections, newest first",
  options: {
    org: ORG_OPTION,
    page: { type: "string", valueName: "<n>", description: "The page", default: "1" },
    limit: {
      type: "string",
      valueName: "<n>",
      description: `Connections per page, 1 to ${MAX_LIST_LIMIT}`,
      default: String(DEFAULT_LIST_LIMIT),
    },
    json: { type: "boolean", description: "Print one JSON object: { connections, total, page, limit }" },
  },
  examples: ["uc channel list --json"],
  run: async (context) => {
    const { values } = context;
    const page = wholeNumber(context, "--page", values.page, 1, 1_000_000);
    const limit = wholeNumber(context, "--limit", values.limit, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
    const { items, total } = await withChannels(context, values.org, (channels, organizationId) =>
      channels.list(organizationId, { page, limit }),
    );
    if (values.json) {
      context.out(JSON.stringify({ connections: items, total, page, limit }));
      return;
    }
    if (total === 0) {
      context.out("No channel connections (connect one with `uc channel connect`).");
      return;
    }
    context.out(
      `${total} connection${total === 1 ? "" : "s"}${items.length < total ? ` (page ${page}, ${items.length} shown)` : ""}`,
    );
    for (const connection of items) {
      context.out(
        `${connection.id}  ${connection.adapterId.padEnd(12)} ${connection.name}  backfill ${connection.backfill.status}  ${connection.createdAt}`,
      );
    }
  },
});

/** `uc channel backfill <id>`: starts (or resumes) the catalog backfill; its pages run as jobs. */
const channelBackfill = defineCommand({
  name: "channel backfill",
  summary: "Start (or resume) a connection's catalog backfill; its pages run as jobs",
  description: [
    "Like POST /api/channels/:id/backfill; after a finished one, starts over. The CLI runs no job: the pages",
    `run as ${BACKFILL_TASK} jobs through the server's worker (jobs.autorun), GET /api/jobs/run or \`uc jobs run\`.`,
  ].join("\n"),
  arguments: [{ name: "id", required: true, description: "The connection's id (see `uc channel list`)" }],
  options: { org: ORG_OPTION, json: JSON_OPTION },
  examples: ["uc channel backfill 3f1c9a2e-7b4d-4e8f-a6c5-1d2e3f4a5b6c", "uc jobs run"],
  run: async (context) => {
    const id = connectionId(context, "backfill");
    const connection = await withChannels(context, context.values.org, (channels, organizationId) =>
      found(context, id, organizationId, () => channels.startBackfill(organizationId, id)),
    );
    if (context.values.json) {
      context.out(JSON.stringify(connection));
      return;
    }
    context.out(
      `Backfill of "${connection.name}" (${connection.id}) is ${connection.backfill.pages > 0 ? "resumed" : "started"}.`,
    );
    context.out(
      `Its pages run as ${BACKFILL_TASK} jobs, one page per job: by the server's worker (jobs.autorun), a call to GET /api/jobs/run, or \`uc jobs run\`. Follow it with \`uc channel status ${connection.id}\`.`,
    );
  },
});

/** `uc channel status <id>`: the connection with its progress (backfill pages, items, errors; counters; last reconcile). */
const channelStatus = defineCommand({
  name: "channel status",
  summary: "A connection's progress: backfill, stock pushes, orders imported, last reconcile",
  arguments: [{ name: "id", required: true, description: "The connection's id (see `uc channel list`)" }],
  options: { org: ORG_OPTION, json: JSON_OPTION },
  examples: ["uc channel status 3f1c9a2e-7b4d-4e8f-a6c5-1d2e3f4a5b6c"],
  run: async (context) => {
    const id = connectionId(context, "status");
    const connection = await withChannels(context, context.values.org, (channels, organizationId) =>
      found(context, id, organizationId, () => channels.get(organizationId, id)),
    );
    if (context.values.json) {
      context.out(JSON.stringify(connection));
      return;
    }
    const { backfill, reconcile } = connection;
    context.out(
      `${connection.name} (${connection.id})  adapter ${connection.adapterId}  ${describeSettings(connection.settings)}`,
    );
    context.out(
      `backfill: ${backfill.status}, ${backfill.pages} page${backfill.pages === 1 ? "" : "s"}, ${backfill.items} item${backfill.items === 1 ? "" : "s"}, ${backfill.errors} error${backfill.errors === 1 ? "" : "s"}` +
        `${backfill.startedAt ? `, started ${backfill.startedAt}` : ""}${backfill.finishedAt ? `, finished ${backfill.finishedAt}` : ""}`,
    );
    if (backfill.lastError) context.out(`  last error: ${backfill.lastError.split("\n")[0]}`);
    context.out(
      `stock pushes ${connection.stockPushes}, orders imported ${connection.ordersImported}, orders rejected ${connection.ordersRejected}`,
    );
    context.out(
      reconcile
        ? `reconcile: ${reconcile.status}, ${reconcile.checked} checked, ${reconcile.stockRepaired} stock and ${reconcile.priceRepaired} prices repaired, ${reconcile.missing.length} missing, ${reconcile.dropped} dropped`
        : "reconcile: never run",
    );
  },
});

/** The `uc channel ...` commands the manifest declares. */
export const channelCommands: readonly CommandDeclaration[] = [
  channelConnect,
  channelList,
  channelBackfill,
  channelStatus,
];

/** Boots the kernel in the organization (which must exist) and hands over `services.channels`. */
function withChannels<T>(
  context: CommandContext,
  organizationId: string | undefined,
  work: (channels: ChannelService, organizationId: string) => Promise<T>,
): Promise<T> {
  return context.withOrganization(organizationId, (kernel, id) => work(kernel.services.channels, id));
}

/** Runs a lookup of one connection, turning the service's 404 (or an id that cannot be one) into one clear line. */
async function found(
  context: CommandContext,
  id: string,
  organizationId: string,
  work: () => Promise<Connection>,
): Promise<Connection> {
  const notFound = () =>
    context.error(`No channel connection "${id}" in organization ${organizationId} (see \`uc channel list\`)`);
  if (!UUID.test(id)) throw notFound();
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === "NOT_FOUND") throw notFound();
    throw error;
  }
}

function connectionId(context: CommandContext, action: string): string {
  const [id, ...extra] = context.positionals;
  if (!id) throw context.usageError(`Which connection? \`uc channel ${action} <id>\` (see \`uc channel list\`)`);
  if (extra.length > 0) throw context.usageError(`Unexpected argument "${extra[0]}": \`uc channel ${action} <id>\``);
  return id;
}

function pairs(context: CommandContext, option: string, items: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf("=");
    // Never echo a --credential's value back: name the option and the key only.
    if (at < 1)
      throw context.usageError(`${option} takes key=value${option === "--setting" ? ` (got "${item}")` : ""}`);
    result[item.slice(0, at)] = item.slice(at + 1);
  }
  return result;
}

/** A JSON object of string values (`{ "apiKey": "uc_..." }`), path relative to where `uc` was run. */
function readCredentialsFile(context: CommandContext, path: string): Record<string, string> {
  const fullPath = resolve(context.cwd, path);
  let text: string;
  try {
    text = readFileSync(fullPath, "utf8");
  } catch (error) {
    throw context.error(
      `Cannot read --credentials-file ${fullPath}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The parser's message may quote the file's content (a secret): name the file only.
    throw context.error(
      `--credentials-file ${fullPath} is not valid JSON (expected an object such as {"apiKey": "..."})`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw context.error(`--credentials-file ${fullPath} must hold a JSON object such as {"apiKey": "..."}`);
  }
  const credentials: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") throw context.error(`--credentials-file ${fullPath}: "${key}" must be a string`);
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

function wholeNumber(
  context: CommandContext,
  name: string,
  value: string | undefined,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max)
    throw context.usageError(`${name} must be a whole number from 1 to ${max}`);
  return number;
}
