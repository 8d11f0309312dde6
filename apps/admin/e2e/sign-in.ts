import type { Page } from "playwright-core";
import type { TestUser } from "./reference-server.js";

/** Signs in through the sign-in page and waits for the shell. */
export async function signIn(page: Page, adminUrl: string, user: Pick<TestUser, "email" | "password">): Promise<void> {
  await page.goto(adminUrl);
  await page.getByLabel(/^E-mail/).fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Main navigation" }).waitFor({ state: "attached" });
}
