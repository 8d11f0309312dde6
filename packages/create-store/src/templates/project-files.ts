import type { StoreTemplate } from "../store-templates.js";

/** Where the store keeps its data: the embedded database, or a PostgreSQL URL. */
export type DatabaseChoice = { kind: "embedded" } | { kind: "postgres"; url: string };

export const gitignoreFile = `node_modules
.data
.env
dist
*.tsbuildinfo
`;

export const envExampleFile = `# Copy to .env (read by the server and by \`uc\`; the process's own variables win).

# PostgreSQL. Unset: an embedded PostgreSQL (PGlite) in DATA_DIR, one process at a time.
# DATABASE_URL=postgres://user:password@127.0.0.1:5432/store
DATA_DIR=.data

PORT=3000
HOST=127.0.0.1

# Production refuses to start without the first three (or their explicit opt-outs).
# NODE_ENV=production
# UC_SECRET_KEY=           # base64 of 32 random bytes: openssl rand -base64 32
# PUBLIC_URL=https://shop.example.com   # https: session cookies get Secure (INSECURE_COOKIES=true to go without)
# SMTP_URL=smtp://user:password@smtp.example.com:587   # with MAIL_FROM (MAIL_LOG_IN_PRODUCTION=true: send none)
# MAIL_FROM=Shop <shop@example.com>
# JOBS_RUN_TOKEN=          # operator token for a cron's GET /api/jobs/run (header x-jobs-token)
`;

/** .env: the database chosen when scaffolding. */
export function envFile(database: DatabaseChoice): string {
  return database.kind === "postgres" ? `DATABASE_URL=${database.url}\n` : "DATA_DIR=.data\n";
}

export const tsconfigFile = `${JSON.stringify(
  {
    compilerOptions: {
      target: "ES2023",
      lib: ["ES2023"],
      module: "NodeNext",
      moduleResolution: "NodeNext",
      types: ["node"],
      strict: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
    },
    include: ["commerce.config.ts", "src", "vitest.config.ts"],
  },
  null,
  2,
)}\n`;

export const vitestConfigFile = `import { defineConfig } from "vitest/config";

// Each test file boots the real kernel on its own embedded database: a few seconds, not milliseconds.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 120_000 },
});
`;

/** The store's README: what is where and the commands to run. */
export function readmeFile(input: {
  name: string;
  template: StoreTemplate;
  run: (script: string) => string;
  uc: string;
}): string {
  const { name, template, run, uc } = input;
  return `# ${name}

A store on [Unified Commerce](https://www.npmjs.com/package/@unified-commerce/core), made with \`create-store\`
(template \`${template.name}\`: ${template.hint}).

\`\`\`sh
${uc} seed     # a demo store: categories, 50 products with variants, prices, stock, a customer, orders
${run("dev")}     # the API on http://127.0.0.1:3000/api, explorer at /api/reference
${run("test")}    # the tests in src/
\`\`\`

| file | what it is |
|---|---|
| \`commerce.config.ts\` | the store's configuration: database, roles, API-key scopes, plugins |
| \`src/server.ts\` | starts the server (\`${run("start")}\`) |
| \`src/build-server.ts\` | builds it without listening, for the tests |
| \`src/plugins/greetings-plugin.ts\` | a sample plugin: a table, two routes, permissions; its test beside it |
| \`.env\` | the environment (\`DATABASE_URL\`, \`DATA_DIR\`, \`PORT\`); \`.env.example\` lists every variable |

The database is PostgreSQL when \`DATABASE_URL\` is set, else an embedded PostgreSQL in \`DATA_DIR\` (one
process at a time: stop the server before running \`uc\`).

## Operating the store: \`uc\`

\`\`\`sh
${uc} org list
${uc} user create --email owner@example.com --password '…' --role owner
${uc} api-key create --scope storefront --save-env --env-var STOREFRONT_KEY
${uc} migrate --dry-run
${uc} jobs failed
${uc} help
\`\`\`

Every command takes \`--json\`; errors are one line on stderr with exit code 1 (2 for a usage error).
`;
}
