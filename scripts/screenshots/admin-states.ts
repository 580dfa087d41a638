/**
 * The admin console's pages (the server started with `ADMIN_EMAILS` listing `ADMIN_EMAIL`, on a
 * fresh `DATA_DIR`), and the banner of a support sign-in.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type Page, request as requestContext } from "@playwright/test";
import { newAccount, signUp, signUpWithHistory } from "./accounts.ts";
import { baseURL, dataDir, origin } from "./server.ts";
import { turnOnTwoStep } from "./two-factor-states.ts";

/** The admin console's pages, in the order `adminStates` reaches them. */
export const ADMIN_STATES = [
  "admin-needs-second-factor",
  "admin-accounts",
  "admin-account",
  "admin-audit",
] as const;
type AdminState = (typeof ADMIN_STATES)[number];

/** Sends one of an account page's forms (its reason, its button). */
async function actOnAccount(page: Page, form: string, reason: string) {
  const sent = page.getByRole("form", { name: form });
  await sent.getByLabel("Reason").fill(reason);
  await sent.getByRole("button", { name: form }).click();
  await page.getByRole("form", { name: form }).or(page.getByRole("status")).first().waitFor();
}

/**
 * The admin console, once for every size and mode (its administrator can
 * sign up only once): the listed address signs up in `page`'s browser and
 * sees the page that asks for a second factor; with two-step sign-in on,
 * it signs one account out everywhere and makes another (signed in on two
 * devices) an administrator: the list, that account's page and the trail.
 * `shoot` saves each.
 */
export async function adminStates(page: Page, shoot: (state: AdminState, path: string) => Promise<void>) {
  const admin = {
    ...newAccount(),
    name: "Grace Hopper",
    email: process.env.ADMIN_EMAIL ?? "admin@example.com",
  };
  await signUp(page.request, admin);
  await shoot("admin-needs-second-factor", "/admin");
  await turnOnTwoStep(page);
  const people = [{ ...newAccount(), name: "Charles Babbage" }, newAccount()];
  for (const person of people) await signUpWithHistory(await requestContext.newContext({ baseURL }), person);
  await page.goto(`/admin?q=${encodeURIComponent(people[1]?.email ?? "")}`);
  await page.getByRole("table").getByRole("link").first().click();
  await page.waitForURL(/\/admin\/accounts\//);
  // A person's page (not an administrator's): the suspension's and the support sign-in's cards too.
  const personPage = new URL(page.url()).pathname;
  await actOnAccount(page, "Sign out everywhere", "Ticket 4521: lost her phone");
  await page.goto(`/admin?q=${encodeURIComponent(people[0]?.email ?? "")}`);
  await page.getByRole("table").getByRole("link").first().click();
  await page.waitForURL(/\/admin\/accounts\//);
  await actOnAccount(page, "Make administrator", "Joins the support rota");
  await shoot("admin-accounts", "/admin");
  await shoot("admin-account", personPage);
  await shoot("admin-audit", "/admin/audit");
}

/**
 * The banner of a support sign-in: a new account, made an administrator in
 * the database (the console's role, and a second factor it asks for), signs
 * in as another new account from that account's console page.
 */
export async function supportBanner(page: Page): Promise<void> {
  const admin = { ...newAccount(), name: "Grace Hopper" };
  await signUp(page.request, admin);
  const person = newAccount();
  const guest = await requestContext.newContext({ baseURL });
  await signUp(guest, person);
  await guest.dispose();
  const db = new DatabaseSync(join(dataDir, "app.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(`UPDATE "user" SET "role" = 'admin' WHERE "email" = ?`).run(admin.email);
    db.prepare(
      `INSERT INTO "twoFactor" ("id", "secret", "backupCodes", "userId", "verified") SELECT ?, 'unused', '[]', "id", 1 FROM "user" WHERE "email" = ?`,
    ).run(randomUUID(), admin.email);
    const row = db.prepare(`SELECT "id" FROM "user" WHERE "email" = ?`).get(person.email) as { id: string };
    await page.request.post(`/admin/accounts/${row.id}`, {
      headers: origin,
      form: { intent: "support-sign-in", userId: row.id, reason: "Screenshots" },
    });
  } finally {
    db.close();
  }
  await page.goto("/dashboard");
}
