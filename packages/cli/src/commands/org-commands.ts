import { parseArgs } from "node:util";
import { CliError } from "../cli-error.js";
import { withKernel, type CliIo } from "../cli-context.js";

export async function orgCreate(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({ args, options: { name: { type: "string" }, id: { type: "string" }, config: { type: "string" }, json: { type: "boolean" } }, strict: true });
  if (!values.name) throw new CliError("--name is required");
  const name = values.name;
  const org = await withKernel({ config: values.config, io }, (kernel) => kernel.services.organizations.create({ name, ...(values.id ? { id: values.id } : {}) }));
  if (values.json) io.out(JSON.stringify({ id: org.id, name: org.name, createdAt: org.createdAt.toISOString() }));
  else io.out(`Created organization "${org.name}" (id ${org.id}).`);
}

export async function orgList(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({ args, options: { config: { type: "string" }, json: { type: "boolean" } }, strict: true });
  const orgs = await withKernel({ config: values.config, io }, (kernel) => kernel.services.organizations.list());
  if (values.json) {
    io.out(JSON.stringify({ organizations: orgs.map((org) => ({ ...org, createdAt: org.createdAt.toISOString() })) }));
    return;
  }
  for (const org of orgs) io.out(`${org.id}  ${org.name}  (${org.memberCount} member${org.memberCount === 1 ? "" : "s"})`);
}
