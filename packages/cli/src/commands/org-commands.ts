import { cliCommand } from "../cli-command.js";
import { CliError } from "../cli-error.js";
import { withKernel } from "../cli-context.js";

export const orgCreate = cliCommand({
  name: "org create",
  summary: "Create an organization (a store)",
  options: {
    name: { type: "string", valueName: "<name>", required: true, description: "Its name" },
    id: { type: "string", valueName: "<id>", description: "Its id", default: "org_<random>" },
    json: { type: "boolean", description: "Print one JSON object: id, name, createdAt" },
  },
  examples: ['uc org create --name "Main store" --id main --json'],
  run: async ({ values }, io) => {
    if (!values.name) throw new CliError("--name is required");
    const name = values.name;
    const org = await withKernel({ config: values.config, io }, (kernel) =>
      kernel.services.organizations.create({ name, ...(values.id ? { id: values.id } : {}) }),
    );
    if (values.json) io.out(JSON.stringify({ id: org.id, name: org.name, createdAt: org.createdAt.toISOString() }));
    else io.out(`Created organization "${org.name}" (id ${org.id}).`);
  },
});

export const orgList = cliCommand({
  name: "org list",
  summary: "The organizations, with their member counts",
  options: { json: { type: "boolean", description: "Print one JSON object: { organizations }" } },
  examples: ["uc org list"],
  run: async ({ values }, io) => {
    const orgs = await withKernel({ config: values.config, io }, (kernel) => kernel.services.organizations.list());
    if (values.json) {
      io.out(
        JSON.stringify({ organizations: orgs.map((org) => ({ ...org, createdAt: org.createdAt.toISOString() })) }),
      );
      return;
    }
    for (const org of orgs)
      io.out(`${org.id}  ${org.name}  (${org.memberCount} member${org.memberCount === 1 ? "" : "s"})`);
  },
});
