import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestApp, send, type AuthTestApp } from "./auth-test-helpers.js";

describe("the auth routes in /api/doc", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it("documents every auth route", async () => {
    const doc = await send(t.app, "GET", "/api/doc");
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/get-session",
      "/api/auth/sign-out",
      "/api/auth/sessions",
      "/api/auth/change-password",
      "/api/auth/two-factor/enable",
      "/api/auth/api-keys",
      "/api/auth/organization/set-active",
      "/api/auth/organization/members",
      "/api/auth/organization/members/{userId}",
      "/api/auth/request-password-reset",
      "/api/auth/callback/{provider}",
    ]) {
      expect(paths, path).toContain(path);
    }
    expect(doc.body.paths["/api/auth/api-keys"].post.description).toContain("api-keys:manage");
    const member = doc.body.paths["/api/auth/organization/members/{userId}"];
    expect(Object.keys(member).sort()).toEqual(["delete", "patch"]);
    expect(member.patch.description).toContain("members:manage");
  });
});
