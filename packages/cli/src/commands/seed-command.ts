import { randomBytes } from "node:crypto";
import { cliCommand } from "../cli-command.js";
import { CliError } from "../cli-error.js";
import { assertOrganization, cliActor, withKernel, type CliIo } from "../cli-context.js";
import { progressBar } from "../progress-bar.js";
import { generatedCatalog } from "../seed/generated-catalog.js";
import { printImport, runCatalogImport } from "./catalog-commands.js";
import { DEMO_CATEGORIES } from "../seed/demo-catalog.js";
import { seedSteps, seedStore } from "../seed/seed-store.js";

const DEFAULT_PRODUCTS = 50;
const DEFAULT_ORDERS = 5;

/**
 * `uc seed`: a demo store for newcomers and benchmarks. Meant for a new store: it refuses an organization
 * that already has the demo categories, or a customer e-mail that is taken, before writing anything.
 */
export const seed = cliCommand({
  name: "seed",
  summary: "A demo store (or, with --entities, a large generated catalog) for newcomers and benchmarks",
  description: [
    "The demo store: 5 categories, products with variants, prices, stock in a warehouse, a customer, an owner who",
    "signs in to the admin at /admin (when the configuration has an owner role), and orders placed through the",
    "real checkout. It refuses an organization already seeded and a taken e-mail, before writing anything. --entities <n> writes n generated entities (seed-product-<i>, 2 variants each) through",
    "the catalog import instead; running it again updates them.",
  ].join("\n"),
  options: {
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    products: {
      type: "string",
      valueName: "<n>",
      description: "Demo products, 1 to 10000",
      default: String(DEFAULT_PRODUCTS),
    },
    orders: {
      type: "string",
      valueName: "<n>",
      description: "Demo orders, 0 to 1000",
      default: String(DEFAULT_ORDERS),
    },
    currency: { type: "string", valueName: "<ISO>", description: "The prices' currency", default: "EUR" },
    "customer-email": {
      type: "string",
      valueName: "<email>",
      description: "The demo customer",
      default: "customer@example.com",
    },
    "customer-password": {
      type: "string",
      valueName: "<password>",
      description: "Its password (or set UC_SEED_CUSTOMER_PASSWORD)",
      default: "generated, printed once",
    },
    "owner-email": {
      type: "string",
      valueName: "<email>",
      description: "The store owner, for the admin at /admin",
      default: "owner@example.com",
    },
    "owner-password": {
      type: "string",
      valueName: "<password>",
      description: "Its password (or set UC_SEED_OWNER_PASSWORD)",
      default: "generated, printed once",
    },
    entities: {
      type: "string",
      valueName: "<n>",
      description: "Instead: a generated catalog of n entities, 1 to 1000000",
    },
    json: { type: "boolean", description: "Print the summary as one JSON object" },
  },
  examples: ["uc seed", "uc seed --org demo --products 200 --orders 20", "uc seed --entities 100000"],
  run: async ({ values }, io) => {
    if (values.entities !== undefined) {
      await seedEntities(values, io);
      return;
    }
    const products = count("--products", values.products, DEFAULT_PRODUCTS, 1, 10_000);
    const orders = count("--orders", values.orders, DEFAULT_ORDERS, 0, 1_000);
    const currency = (values.currency ?? "EUR").toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new CliError("--currency must be a three-letter ISO 4217 code");
    const email = values["customer-email"] ?? "customer@example.com";
    // A random password unless one is given: printed once, like an API key.
    const password =
      values["customer-password"] ?? io.env.UC_SEED_CUSTOMER_PASSWORD ?? randomBytes(12).toString("base64url");
    const isPasswordGenerated =
      values["customer-password"] === undefined && io.env.UC_SEED_CUSTOMER_PASSWORD === undefined;
    const ownerEmail = values["owner-email"] ?? "owner@example.com";
    const ownerPassword =
      values["owner-password"] ?? io.env.UC_SEED_OWNER_PASSWORD ?? randomBytes(12).toString("base64url");
    const isOwnerPasswordGenerated =
      values["owner-password"] === undefined && io.env.UC_SEED_OWNER_PASSWORD === undefined;

    const summary = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      if (!config.auth?.roles?.customer)
        throw new CliError('The configuration has no "customer" role (auth.roles): the demo customer needs one');
      const categories = await kernel.services.catalog.listCategories(organizationId, { page: 1, limit: 100 });
      if (categories.items.some((category) => DEMO_CATEGORIES.some((demo) => demo.slug === category.slug))) {
        throw new CliError(
          `Organization "${organizationId}" is already seeded (it has the demo categories); seed a new organization with --org`,
        );
      }
      if (await kernel.services.auth.users.findByEmail(email))
        throw new CliError(`A user ${email} exists already; choose another with --customer-email`);
      // A configuration without an owner role (a custom one) gets no owner: the store's people come from `uc user create`.
      const hasOwnerRole = Boolean(config.auth?.roles?.owner);
      if (hasOwnerRole && (await kernel.services.auth.users.findByEmail(ownerEmail)))
        throw new CliError(`A user ${ownerEmail} exists already; choose another with --owner-email`);
      const bar = progressBar(io, seedSteps({ products, orders }), "seeding");
      try {
        return await seedStore(
          kernel,
          {
            organizationId,
            products,
            orders,
            currency,
            customer: { email, password },
            ...(hasOwnerRole ? { owner: { email: ownerEmail, password: ownerPassword } } : {}),
            actor: cliActor(organizationId),
          },
          bar,
        );
      } finally {
        bar.done();
      }
    });

    if (values.json) {
      io.out(
        JSON.stringify({
          ...summary,
          customer: { ...summary.customer, ...(isPasswordGenerated ? { password } : {}) },
          owner: summary.owner && {
            ...summary.owner,
            ...(isOwnerPasswordGenerated ? { password: ownerPassword } : {}),
          },
        }),
      );
      return;
    }
    io.out(
      `Seeded organization ${summary.organizationId}: ${summary.categories} categories, ${summary.products} products (${summary.variants} variants) priced in ${currency} with stock, ${summary.orders.length} orders.`,
    );
    io.out(`Customer: ${summary.customer.email}${isPasswordGenerated ? `, password ${password} (shown once)` : ""}`);
    if (summary.owner)
      io.out(
        `Owner, for the admin at /admin: ${summary.owner.email}${isOwnerPasswordGenerated ? `, password ${ownerPassword} (shown once)` : ""}`,
      );
    for (const order of summary.orders) io.out(`  ${order.number}  ${(order.total / 100).toFixed(2)} ${currency}`);
  },
});

/**
 * `uc seed --entities N`: a large catalog for benchmarks and tests, generated as NDJSON and written by
 * the bulk import (the same path as `POST /api/catalog/import`), so 100,000 entities take minutes, not hours.
 */
async function seedEntities(
  values: {
    entities?: string | undefined;
    org?: string | undefined;
    currency?: string | undefined;
    config?: string | undefined;
    json?: boolean | undefined;
  },
  io: CliIo,
): Promise<void> {
  const entities = count("--entities", values.entities, 0, 1, 1_000_000);
  const currency = (values.currency ?? "EUR").toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new CliError("--currency must be a three-letter ISO 4217 code");
  const isJson = values.json === true;
  const summary = await withKernel({ config: values.config, io }, async (kernel, config) => {
    const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
    await assertOrganization(kernel, organizationId);
    return runCatalogImport(
      kernel,
      { organizationId, body: generatedCatalog(entities, currency), format: "ndjson", filename: null, isJson },
      io,
    );
  });
  printImport(summary, io, isJson);
}

function count(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new CliError(`${name} must be a whole number from ${min} to ${max}`);
  return number;
}
