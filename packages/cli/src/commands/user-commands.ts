import { cliCommand } from "../cli-command.js";
import { CliError } from "../cli-error.js";
import { assertOrganization, withKernel } from "../cli-context.js";

/** Staff accounts: a verified user with a role in one organization. */
export const userCreate = cliCommand({
  name: "user create",
  summary: "Create a staff account (e-mail marked verified) with a role in an organization",
  options: {
    email: { type: "string", valueName: "<email>", required: true, description: "The account's e-mail" },
    password: {
      type: "string",
      valueName: "<password>",
      description: "Its password (or set UC_USER_PASSWORD)",
      required: true,
    },
    role: { type: "string", valueName: "<role>", required: true, description: "One of the configured auth.roles" },
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    name: { type: "string", valueName: "<name>", description: "The person's name" },
    json: { type: "boolean", description: "Print one JSON object: id, email, role, organizationId" },
  },
  examples: ["UC_USER_PASSWORD='a long passphrase' uc user create --email owner@shop.example --role owner --org main"],
  run: async ({ values }, io) => {
    const password = values.password ?? io.env.UC_USER_PASSWORD;
    if (!values.email || !password || !values.role)
      throw new CliError("--email, --password (or UC_USER_PASSWORD) and --role are required");
    const { email, role } = values;
    const user = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const roles = Object.keys(config.auth?.roles ?? {});
      if (!roles.includes(role))
        throw new CliError(
          `Unknown role "${role}"; configured roles: ${roles.length > 0 ? roles.join(", ") : "none (declare auth.roles)"}`,
        );
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      const created = await kernel.services.auth.createUser({
        email,
        password,
        role,
        organizationId,
        ...(values.name ? { name: values.name } : {}),
      });
      return { ...created, organizationId, role };
    });
    if (values.json)
      io.out(JSON.stringify({ id: user.id, email: user.email, role: user.role, organizationId: user.organizationId }));
    else
      io.out(
        `Created user ${user.email} (id ${user.id}) with role ${user.role} in organization ${user.organizationId}.`,
      );
  },
});

/**
 * Ends someone's membership of one organization, as `DELETE /api/auth/organization/members/:userId`
 * does (the last owner stays; the account and other memberships stay): their sessions lose the role and
 * their API keys there are revoked, audited with the CLI as a system actor.
 */
export const userRemove = cliCommand({
  name: "user remove",
  summary: "End someone's membership of an organization (their API keys there are revoked)",
  description:
    "Like DELETE /api/auth/organization/members/:userId: never the last owner; the account stays.\nA running server sees it within its credentialCacheSeconds.",
  options: {
    email: { type: "string", valueName: "<email|id>", required: true, description: "The member" },
    org: {
      type: "string",
      valueName: "<id>",
      description: "The organization",
      default: "the configuration's defaultOrganizationId",
    },
    json: { type: "boolean", description: "Print one JSON object: id, email, organizationId" },
  },
  examples: ["uc user remove --email leaver@shop.example --org main"],
  run: async ({ values }, io) => {
    if (!values.email) throw new CliError("--email <email|id> is required");
    const who = values.email;
    const removed = await withKernel({ config: values.config, io }, async (kernel, config) => {
      const organizationId = values.org ?? config.defaultOrganizationId ?? "default";
      await assertOrganization(kernel, organizationId);
      const users = kernel.services.auth.users;
      const user = who.includes("@") ? await users.findByEmail(who) : await users.findById(who);
      if (!user || (await users.roleIn(user.id, organizationId)) === null)
        throw new CliError(`${who} is not a member of organization "${organizationId}"`);
      const actor = { id: "cli", type: "system" as const, organizationId, permissions: ["*:*"] };
      await kernel.services.memberships.remove({ organizationId, userId: user.id, actor });
      return { id: user.id, email: user.email, organizationId };
    });
    if (values.json) io.out(JSON.stringify(removed));
    else
      io.out(
        `Removed ${removed.email} (id ${removed.id}) from organization ${removed.organizationId}; their API keys there are revoked.`,
      );
  },
});
