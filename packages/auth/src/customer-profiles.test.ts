import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createAuthTestApp,
  inviteAndAccept,
  send,
  staffSession,
  type AuthTestApp,
} from "./auth-test-helpers.js";

// Sign-up makes the customer profile in the membership's transaction: the auth package emits
// members.create, the customers module's subscriber creates the profile (id = the user id) and emits
// customers.create in that same transaction.
describe("customer profiles made with memberships", () => {
  let t: AuthTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createAuthTestApp({
      auth: {
        roles: {
          owner: { permissions: ["*:*"] },
          staff: { permissions: ["catalog:read"] },
          customer: { permissions: ["catalog:read", "customers:read:self"] },
        },
      },
    });
    owner = await staffSession(t, { email: "owner@example.com", role: "owner" });
  });
  afterAll(() => t.close());

  const profile = async (id: string) =>
    (
      await sql<{
        id: string;
        email: string;
        name: string | null;
        hasAccount: boolean;
      }>`select id, email, name, has_account from customers where organization_id = 'default' and id = ${id}`.execute(
        t.db,
      )
    ).rows[0];
  const eventsOf = async (id: string) =>
    (
      await sql<{
        type: string;
        actorId: string | null;
      }>`select type, actor_id from domain_events where entity_id = ${id} order by sequence`.execute(t.db)
    ).rows;

  it("gives a user who signs up a profile whose id is their user id, recording members.create then customers.create", async () => {
    const signUp = await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "Shopper@Example.com", password: "correct horse battery", name: "Sam Shopper" },
    });
    expect(signUp.status).toBe(200);
    const userId = signUp.body.data.user.id as string;
    expect(await profile(userId)).toEqual({
      id: userId,
      email: "shopper@example.com",
      name: "Sam Shopper",
      hasAccount: true,
    });
    expect(await eventsOf(userId)).toEqual([
      { type: "members.create", actorId: userId },
      { type: "customers.create", actorId: userId },
    ]);
    const customer = await t.kernel.services.customers.get("default", userId);
    expect(customer).toMatchObject({ id: userId, hasAccount: true, groupIds: [] });
    // The session's actor acts as that profile (carts and orders use actor.customerId ?? actor.id).
    const session = await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(signUp.body.data.token) });
    expect(session.body.data.user.id).toBe(userId);
  });

  it("writes nothing when the e-mail is taken", async () => {
    const count = async () =>
      (
        await sql<{
          n: string;
        }>`select (select count(*) from customers) + (select count(*) from auth_memberships) + (select count(*) from domain_events) as n`.execute(
          t.db,
        )
      ).rows[0]?.n;
    const before = await count();
    expect(
      (
        await send(t.app, "POST", "/api/auth/sign-up/email", {
          body: { email: "shopper@example.com", password: "correct horse battery", name: "Again" },
        })
      ).status,
    ).toBe(409);
    expect(await count()).toBe(before);
  });

  it("gives staff no profile, and a member who joins with the sign-up role one", async () => {
    const staff = await t.kernel.services.auth.createUser({
      email: "clerk@example.com",
      password: "correct horse battery",
      role: "staff",
      organizationId: "default",
    });
    expect(await profile(staff.id)).toBeUndefined();
    expect((await eventsOf(staff.id)).map((event) => event.type)).toEqual(["members.create"]);
    const cliCustomer = await t.kernel.services.auth.createUser({
      email: "phone-order@example.com",
      password: "correct horse battery",
      role: "customer",
      organizationId: "default",
    });
    expect(await profile(cliCustomer.id)).toMatchObject({ id: cliCustomer.id, hasAccount: true });
    expect(await eventsOf(cliCustomer.id)).toEqual([
      { type: "members.create", actorId: null },
      { type: "customers.create", actorId: null },
    ]);

    await t.kernel.services.organizations.create({ id: "elsewhere", name: "Elsewhere" });
    const traveller = await t.kernel.services.auth.createUser({
      email: "traveller@example.com",
      password: "correct horse battery",
      role: "customer",
      organizationId: "elsewhere",
    });
    expect((await sql`select organization_id from customers where id = ${traveller.id}`.execute(t.db)).rows).toEqual([
      { organizationId: "elsewhere" },
    ]);
    const travellerSession = (
      await send(t.app, "POST", "/api/auth/sign-in/email", {
        body: { email: "traveller@example.com", password: "correct horse battery" },
      })
    ).body.data.token as string;
    const joined = await inviteAndAccept(t, {
      inviter: bearer(owner),
      email: "traveller@example.com",
      role: "customer",
      memberToken: travellerSession,
    });
    expect(joined.body.data).toEqual({ organizationId: "default", role: "customer" });
    // One profile per person per organization: the same id in each store they belong to.
    expect(
      (
        await sql`select organization_id from customers where id = ${traveller.id} order by organization_id`.execute(
          t.db,
        )
      ).rows,
    ).toEqual([{ organizationId: "default" }, { organizationId: "elsewhere" }]);
  });
});
