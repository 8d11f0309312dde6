import type { FastifyInstance } from "fastify";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { createTestApp, type TestApp } from "@unified-commerce/core/testing";
import type { AuthConfig, CommerceConfig } from "@unified-commerce/core";
import { auth } from "./auth-plugin.js";
import type { AuthPluginOptions } from "./auth-options.js";
import type { MailMessage } from "./mailer.js";

/** Cheap argon2id for tests only; the plugin's default stays OWASP. */
export const TEST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export const TRUSTED_ORIGIN = "https://shop.example";

export const testRoles: NonNullable<AuthConfig["roles"]> = {
  owner: { permissions: ["*:*"] },
  admin: { permissions: ["*:*"] },
  staff: {
    permissions: [
      "catalog:create",
      "catalog:read",
      "catalog:update",
      "catalog:read:unpublished",
      "inventory:read",
      "inventory:adjust",
      "orders:read",
    ],
  },
  customer: { permissions: ["catalog:read", "customers:read:self", "customers:update:self", "orders:read:own"] },
};

export const testScopes: NonNullable<AuthConfig["apiKeyScopes"]> = {
  admin: { prefix: "uc_admin_", description: "Everything", permissions: { "*": ["*"] } },
  orders: { prefix: "uc_ord_", description: "Reads orders", permissions: { orders: ["read"] } },
  storefront: {
    prefix: "uc_sf_",
    description: "Storefront reads",
    permissions: { catalog: ["read"], inventory: ["read"] },
  },
  short: {
    prefix: "uc_short_",
    description: "Bounded keys",
    permissions: { catalog: ["read"] },
    keyExpiration: { minExpiresIn: 0.5, maxExpiresIn: 2 },
  },
};

export interface AuthTestApp extends TestApp {
  mails: MailMessage[];
}

/** The real kernel with the auth plugin, real credentials only (tests here never send the test header). */
export async function createAuthTestApp(
  options: { auth?: AuthConfig; plugin?: AuthPluginOptions; config?: CommerceConfig } = {},
): Promise<AuthTestApp> {
  const mails: MailMessage[] = [];
  const app = await createTestApp({
    config: {
      ...options.config,
      auth: { roles: testRoles, trustedOrigins: [TRUSTED_ORIGIN], apiKeyScopes: testScopes, ...options.auth },
      plugins: [
        auth({
          passwordHashing: TEST_HASHING,
          signInRateLimit: false,
          emailRateLimit: false,
          mailer: { send: async (message) => void mails.push(message) },
          ...options.plugin,
        }),
      ],
    },
  });
  return { ...app, mails };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A JSON request with explicit headers; answers status, parsed body and headers. */
export async function send(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...options.headers },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  });
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    headers: response.headers,
    raw: response.body,
  };
}

/** The TOTP key of an `otpauth://` URI, as an authenticator app reads it. */
export function totpKey(uri: string): Uint8Array {
  return decodeBase32IgnorePadding(new URL(uri).searchParams.get("secret") ?? "");
}

/** The code of the current step plus `offset` (the server accepts one step either side). */
export function totpCode(key: Uint8Array, offset = 0): string {
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + offset), 6);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const apiKey = (key: string) => ({ "x-api-key": key });

/** Creates a user with a role in an organization (as the CLI does) and signs them in; answers the token. */
export async function staffSession(
  t: TestApp,
  input: { email: string; role: string; organizationId?: string; password?: string },
): Promise<string> {
  const password = input.password ?? "correct horse battery";
  const organizationId = input.organizationId ?? "default";
  if (organizationId !== "default")
    await t.kernel.services.organizations.create({ id: organizationId, name: organizationId }).catch(() => undefined);
  await t.kernel.services.auth.createUser({ email: input.email, password, role: input.role, organizationId });
  const signIn = await send(t.app, "POST", "/api/auth/sign-in/email", { body: { email: input.email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.raw}`);
  return signIn.body.data.token as string;
}

/** The mail of `kind` last sent to `to`, waited for (mail goes out after the answer); throws after a while. */
export async function mailTo(t: AuthTestApp, to: string, kind: string): Promise<MailMessage> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = t.mails.findLast((mail) => mail.to === to && mail.kind === kind);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** The token of a mailed link (`?token=…`). */
export const tokenOfMail = (mail: MailMessage): string => new URL(mail.url ?? "").searchParams.get("token") ?? "";

/**
 * Joins someone to the inviter's organization as members join: `inviter` (headers of a `members:manage`
 * holder) invites `email` with `role`, and the invitee's session `memberToken` accepts the mailed token.
 * Answers the acceptance's answer.
 */
export async function inviteAndAccept(
  t: AuthTestApp,
  input: { inviter: Record<string, string>; email: string; role: string; memberToken: string },
) {
  const invited = await send(t.app, "POST", "/api/auth/organization/members", {
    headers: input.inviter,
    body: { email: input.email, role: input.role },
  });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${invited.raw}`);
  const mail = await waitForInvitation(t, input.email.trim().toLowerCase(), invited.body.data.id as string);
  return send(t.app, "POST", "/api/auth/organization/invitations/accept", {
    headers: bearer(input.memberToken),
    body: { token: tokenOfMail(mail) },
  });
}

/** The invitation mail of invitation `id` (its token starts with the id). */
async function waitForInvitation(t: AuthTestApp, to: string, id: string): Promise<MailMessage> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = t.mails.find((mail) => mail.to === to && tokenOfMail(mail).startsWith(`${id}.`));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no invitation mail to ${to}`);
}
