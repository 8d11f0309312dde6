import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestApp, send, type AuthTestApp } from "./auth-test-helpers.js";

const password = "correct horse battery";

describe("sign-in timing", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    // Costly enough that skipping the hash would show (about 10x), cheap enough for a test.
    t = await createAuthTestApp({ plugin: { passwordHashing: { memoryCost: 16_384, timeCost: 2, parallelism: 1 } } });
    await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email: "known@example.com", password, name: "K" } });
  });
  afterAll(() => t.close());

  const timed = async (email: string) => {
    const started = performance.now();
    const response = await send(t.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: "a wrong password" },
    });
    expect(response.status).toBe(401);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  it("takes about as long for an unknown e-mail as for a wrong password (the dummy hash is verified)", async () => {
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await timed(`ghost${i}@example.com`));
      wrong.push(await timed("known@example.com"));
    }
    const ratio = median(unknown) / median(wrong);
    // Generous bounds for a shared machine; without the dummy hash the ratio is far below 0.3.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});
