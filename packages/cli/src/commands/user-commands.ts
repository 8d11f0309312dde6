import { parseArgs } from "node:util";
import { CliError } from "../cli-error.js";
import { assertOrganization, withKernel, type CliIo } from "../cli-context.js";

/** Staff accounts: a verified user with a role in one organization. */
export async function userCreate(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      org: { type: "string" },
      name: { type: "string" },
      config: { type: "string" },
      json: { type: "boolean" },
    },
    strict: true,
  });
  const password = values.password ?? io.env.UC_USER_PASSWORD;
  if (!values.email || !password || !values.role) throw new CliError("--email, --password (or UC_USER_PASSWORD) and --role are required");
  const { email, role } = values;
  const user = await withKernel({ config: values.config, io }, async (kernel, config) => {
    const roles = Object.keys(config.auth?.roles ?? {});
    if (!roles.includes(role)) throw new CliError(`Unknown role "${role}"; configured roles: ${roles.length > 0 ? roles.join(", ") : "none (declare auth.roles)"}`);
    const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
    await assertOrganization(kernel, organizationId);
    const created = await kernel.services.auth.createUser({ email, password, role, organizationId, ...(values.name ? { name: values.name } : {}) });
    return { ...created, organizationId, role };
  });
  if (values.json) io.out(JSON.stringify({ id: user.id, email: user.email, role: user.role, organizationId: user.organizationId }));
  else io.out(`Created user ${user.email} (id ${user.id}) with role ${user.role} in organization ${user.organizationId}.`);
}
