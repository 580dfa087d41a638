/**
 * Screenshots of every page, light and dark, desktop (1280 px) and phone
 * (390 px), for looking at what we build. Needs a running server:
 *   npm start &  npm run screenshots -- [outDir] [page…]   (BASE_URL to point elsewhere)
 * e.g. `npm run screenshots -- docs/screenshots dashboard check-inbox` for the ones in
 * docs/dashboard.md and docs/accounts.md.
 * The pages behind mailed links take their links from the server's outbox
 * (`OUTBOX_DIR`, default `data/outbox`: a server started without `SMTP_URL`).
 * Two-step sign-in's states (`two-factor-…`, `second-step…`) are driven in
 * the browser: a new account turns it on, a second browser sends its password.
 * Teams' pages (`teams…`, `team-…`) too: a team, a member who joined, an invitation.
 * The admin console's (`admin-…`) need the server started with `ADMIN_EMAILS` listing
 * `ADMIN_EMAIL` (default admin@example.com) on a fresh `DATA_DIR`: that address signs up,
 * sees the page that asks for two-step sign-in, turns it on, then acts on two accounts.
 * The admin console's support sign-in (`support-banner`): an account made an
 * administrator straight in the server's SQLite database (`DATA_DIR`, default
 * `data`), with an authenticator row, signs in as another for support.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  chromium,
  type Page,
  request as requestContext,
} from "@playwright/test";
import { simpleParser } from "mailparser";
import { Secret, TOTP } from "otpauth";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";

const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
const origin = { Origin: new URL(baseURL).origin };
const dataDir = process.env.DATA_DIR ?? "data";
const outboxDir = process.env.OUTBOX_DIR ?? join(dataDir, "outbox");
const [outDir = "test-results/screenshots", ...only] = process.argv.slice(2);
/** Whether the command line asks for the page `name` (no names: every page). */
const wanted = (name: string) => only.length === 0 || only.includes(name);
const FIREFOX_USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/** The outbox's mails: a mail still being written is a `.partial` file, renamed to `.eml` once whole. */
const inOutbox = () =>
  existsSync(outboxDir) ? readdirSync(outboxDir).filter((name) => name.endsWith(".eml")) : [];
const seen = new Set(inOutbox());

/** The first new mail in the outbox to `to` whose text matches `pattern`: the match (waits up to 5 s). */
async function mailMatch(to: string, pattern: RegExp): Promise<RegExpMatchArray | null> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const file of inOutbox().filter((name) => !seen.has(name))) {
      const mail = await simpleParser(readFileSync(join(outboxDir, file)));
      const recipients = [mail.to ?? []].flat().flatMap((address) => address.value);
      const match = mail.text?.match(pattern);
      if (match && recipients.some((recipient) => recipient.address === to)) {
        seen.add(file);
        return match;
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  console.warn(`No mail to ${to} in ${outboxDir}: pages that need it are left out.`);
  return null;
}

type Account = { name: string; email: string; password: string };
const newAccount = (): Account => ({
  name: "Ada Lovelace",
  email: `ada.lovelace+${randomUUID().slice(0, 8)}@example.com`,
  password: "correct horse battery",
});

/** "Create account": answers the "Check your inbox" page's address. */
async function startSignUp(request: APIRequestContext, account: Account): Promise<string> {
  const started = await request.post("/login", {
    headers: origin,
    form: { intent: "signup", ...account },
    maxRedirects: 0,
  });
  return started.headers().location ?? "/confirm-sign-up";
}

/** Creates the account email first (the code from the outbox), signed in in `request`. */
async function signUp(request: APIRequestContext, account: Account) {
  const checkInbox = await startSignUp(request, account);
  const code = (await mailMatch(account.email, /\/confirm-sign-up\?id=[\w-]+&code=(\d{6})/))?.[1] ?? "";
  const id = new URL(checkInbox, baseURL).searchParams.get("id") ?? "";
  await request.post("/confirm-sign-up", { headers: origin, form: { intent: "confirm", id, code } });
}

/** A mailed link's path (and token), from the first new mail to `to` that carries one to `path`. */
async function linkTo(to: string, path: string): Promise<string | null> {
  const link = (await mailMatch(to, new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`)))?.[0];
  return link ? new URL(link).pathname + new URL(link).search : null;
}

/** A page to shoot; `cookies`: the browser that opens it holds these (its session, say). */
type Target = { name: string; path: string; signedIn?: boolean; cookies?: Cookie[] };

/**
 * An email change's pages: the link to the new address, in another browser
 * (it asks to sign in) and in the account's own, and (after a second
 * account's change is confirmed) the undo link to the old one.
 */
async function emailChangePages(): Promise<Target[]> {
  const pages: Target[] = [];
  for (const name of ["change-email", "undo-email-change"]) {
    const account = newAccount();
    const signedIn = await requestContext.newContext({ baseURL });
    await signUp(signedIn, account);
    const newEmail = account.email.replace("ada.lovelace+", "ada.new+");
    await signedIn.post("/dashboard", { headers: origin, form: { intent: "change-email", newEmail } });
    const change = await linkTo(newEmail, "/change-email");
    if (name === "change-email" && change) {
      pages.push({ name: "change-email-elsewhere", path: change });
      pages.push({ name, path: change, cookies: (await signedIn.storageState()).cookies });
    }
    if (name === "undo-email-change" && change) {
      const token = new URL(change, baseURL).searchParams.get("token") ?? "";
      await signedIn.post("/change-email", { headers: origin, form: { token } });
      const undo = await linkTo(account.email, "/undo-email-change");
      if (undo) pages.push({ name, path: undo });
    }
    await signedIn.dispose();
  }
  return pages;
}

/**
 * Links of the mails an account gets (a reset and a new-device notice,
 * asked for here), read from the outbox, and a "Check your inbox" page
 * still waiting for its code. Opening them uses nothing up: only their
 * forms do.
 */
async function mailedPages(): Promise<Target[]> {
  const account = newAccount();
  const guest = await requestContext.newContext({ baseURL });
  await signUp(guest, account);
  const other = await requestContext.newContext({ baseURL, userAgent: FIREFOX_USER_AGENT });
  await other.post("/login", { headers: origin, form: { intent: "signin", ...account } });
  const stranger = await requestContext.newContext({ baseURL });
  await stranger.post("/forgot-password", { headers: origin, form: { email: account.email } });
  const checkInbox = await startSignUp(stranger, newAccount());
  const asker = (await stranger.storageState()).cookies;
  await Promise.all([guest.dispose(), other.dispose(), stranger.dispose()]);
  const pages: Target[] = [
    // Opened in another browser, the page asks for a name and password of its own.
    { name: "check-inbox-elsewhere", path: checkInbox },
    { name: "check-inbox", path: checkInbox, cookies: asker },
  ];
  for (const name of ["reset-password", "sign-out-everywhere"]) {
    const path = await linkTo(account.email, `/${name}`);
    if (path) pages.push({ name, path });
  }
  return [...pages, ...(await emailChangePages())];
}

const pages: Target[] = [
  { name: "home", path: "/" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/login?mode=signup" },
  { name: "not-found", path: "/no/such/page" },
  { name: "forgot-password", path: "/forgot-password" },
  { name: "link-expired", path: "/reset-password?token=no-longer-valid-token" },
  { name: "code-expired", path: "/confirm-sign-up?id=no-longer-valid" },
  ...(await mailedPages()),
  { name: "home-signed-in", path: "/", signedIn: true },
  { name: "dashboard", path: "/dashboard", signedIn: true },
].filter((target) => wanted(target.name));
const widths = [1280, 390];
const schemes = ["light", "dark"] as const;
const PHONE_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** A new account (or `account`), signed in in `request`, with some history: a phone signed in too, a mistyped password. */
async function signUpWithHistory(request: APIRequestContext, account = newAccount()) {
  await signUp(request, account);
  const phone = await requestContext.newContext({ baseURL, userAgent: PHONE_USER_AGENT });
  const signIn = (password: string) =>
    phone.post("/login", { headers: origin, form: { intent: "signin", email: account.email, password } });
  await signIn("a mistyped password");
  await signIn(account.password);
  await phone.dispose();
}

/** Two-step sign-in's states, in the order `twoFactorStates` reaches them. */
const TWO_FACTOR_STATES = [
  "two-factor-off",
  "two-factor-setup",
  "two-factor-codes",
  "two-factor-on",
  "second-step",
  "second-step-recovery",
] as const;
type TwoFactorState = (typeof TWO_FACTOR_STATES)[number];

/**
 * Two-step sign-in, turned on by a new account in `page`'s browser, fresh
 * from signing up: its page off, setting up (the QR code and key), the
 * recovery codes (only ever the answer to the confirming form post), on.
 * Then the code step of a browser of `another` that sent the password, for
 * the app's code and for a recovery code. `shoot` saves a page as `state`.
 */
async function twoFactorStates(
  page: Page,
  another: () => Promise<BrowserContext>,
  shoot: (page: Page, state: TwoFactorState) => Promise<void>,
) {
  const account = newAccount();
  await signUp(page.request, account);
  await page.goto("/dashboard/two-factor");
  await shoot(page, "two-factor-off");
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("img", { name: /QR code/ }).waitFor();
  await shoot(page, "two-factor-setup");
  const key = (await page.locator("code").textContent()) ?? "";
  const app = new TOTP({ secret: Secret.fromBase32(key.replaceAll(" ", "")), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(app.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("heading", { name: "Save your recovery codes" }).waitFor();
  await shoot(page, "two-factor-codes");
  await page.reload();
  await shoot(page, "two-factor-on");

  const other = await another();
  const password = await other.request.post("/login", {
    headers: origin,
    form: { intent: "signin", email: account.email, password: account.password, redirect: "/dashboard" },
    maxRedirects: 0,
  });
  const codeStep = new URL(password.headers().location ?? "/login/two-factor", baseURL);
  const otherPage = await other.newPage();
  await otherPage.goto(codeStep.href);
  await shoot(otherPage, "second-step");
  codeStep.searchParams.set("use", "recovery");
  await otherPage.goto(codeStep.href);
  await shoot(otherPage, "second-step-recovery");
  await other.close();
}

/** Teams' pages, in the order `teamStates` reaches them. */
const TEAM_STATES = [
  "teams-empty",
  "team-owner",
  "teams",
  "team-member",
  "team-invitation",
  "team-take-back",
] as const;
type TeamState = (typeof TEAM_STATES)[number];

/**
 * Teams, from a new account in `page`'s browser: no team yet, then its
 * own team's page (a member who accepted, an invitation waiting), the
 * teams list, the member's view from a browser of `another`, the
 * mailed invitation's page to a guest, and, once the owner has made the
 * member owner, the page of the link that takes ownership back.
 */
async function teamStates(
  page: Page,
  another: () => Promise<BrowserContext>,
  shoot: (page: Page, state: TeamState) => Promise<void>,
) {
  const owner = newAccount();
  await signUp(page.request, owner);
  await page.goto("/dashboard/teams");
  await shoot(page, "teams-empty");
  await page.getByLabel("Team name").fill("Analytical Engines");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.waitForURL(/\/dashboard\/teams\/.+/);
  const teamPage = page.url();
  const member = await another();
  const memberAccount = { ...newAccount(), name: "Charles Babbage" };
  await signUp(member.request, memberAccount);
  const invite = async (email: string, role: string) => {
    const form = page.getByRole("form", { name: "Invite someone" });
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Role").selectOption(role);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("list", { name: "Waiting invitations" }).getByText(email).waitFor();
  };
  await invite(memberAccount.email, "admin");
  const accept = await linkTo(memberAccount.email, "/team-invitation");
  const memberPage = await member.newPage();
  if (accept) {
    await memberPage.goto(accept);
    await memberPage.getByRole("button", { name: "Accept and join" }).click();
    await memberPage.waitForURL(/\/dashboard\/teams\/.+/);
  }
  const guestAddress = `mary.somerville+${randomUUID().slice(0, 8)}@example.com`;
  await invite(guestAddress, "member");
  await page.goto(teamPage);
  await shoot(page, "team-owner");
  await page.goto("/dashboard/teams");
  await shoot(page, "teams");
  await memberPage.reload();
  await shoot(memberPage, "team-member");
  await member.close();
  const link = await linkTo(guestAddress, "/team-invitation");
  const guest = await another();
  const guestPage = await guest.newPage();
  if (link) await guestPage.goto(link);
  await shoot(guestPage, "team-invitation");
  await guest.close();
  await page.goto(teamPage);
  await page.getByRole("button", { name: `Make owner: ${memberAccount.email}` }).click();
  const takeBack = await linkTo(owner.email, "/team-ownership");
  if (takeBack) await page.goto(takeBack);
  await shoot(page, "team-take-back");
}

/** The admin console's pages, in the order `adminStates` reaches them. */
const ADMIN_STATES = ["admin-needs-second-factor", "admin-accounts", "admin-account", "admin-audit"] as const;
type AdminState = (typeof ADMIN_STATES)[number];

/** Turns on two-step sign-in for the account signed in in `page`'s browser (a fresh sign-in). */
async function turnOnTwoStep(page: Page) {
  await page.goto("/dashboard/two-factor");
  await page.getByRole("button", { name: "Turn on" }).click();
  const key = (await page.locator("code").textContent()) ?? "";
  const app = new TOTP({ secret: Secret.fromBase32(key.replaceAll(" ", "")), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(app.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("heading", { name: "Save your recovery codes" }).waitFor();
}

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
async function adminStates(page: Page, shoot: (state: AdminState, path: string) => Promise<void>) {
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
async function supportBanner(page: Page): Promise<void> {
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

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
for (const width of widths) {
  for (const colorScheme of schemes) {
    const newContext = () => browser.newContext({ baseURL, colorScheme, viewport: { width, height: 900 } });
    /** `fullPage: false` for what sits at the top of a page shot already (the support sign-in's banner). */
    const shoot = async (page: Page, name: string, fullPage = true) => {
      const file = join(outDir, `${name}-${width}-${colorScheme}.png`);
      await page.screenshot({ path: file, fullPage });
      console.info(file);
    };
    const context = await newContext();
    const page = await context.newPage();
    let signedIn = false;
    for (const target of pages) {
      if (target.signedIn && !signedIn) {
        await signUpWithHistory(context.request);
        signedIn = true;
      }
      if (target.cookies) await context.addCookies(target.cookies);
      await page.goto(target.path);
      await shoot(page, target.name);
    }
    await context.close();
    if (TWO_FACTOR_STATES.some(wanted)) {
      const twoFactor = await newContext();
      await twoFactorStates(await twoFactor.newPage(), newContext, async (shown, state) => {
        if (wanted(state)) await shoot(shown, state);
      });
      await twoFactor.close();
    }
    if (wanted("support-banner")) {
      const support = await newContext();
      const supportPage = await support.newPage();
      await supportBanner(supportPage);
      await shoot(supportPage, "support-banner", false);
      await support.close();
    }
    if (TEAM_STATES.some(wanted)) {
      const teams = await newContext();
      await teamStates(await teams.newPage(), newContext, async (shown, state) => {
        if (wanted(state)) await shoot(shown, state);
      });
      await teams.close();
    }
  }
}
if (ADMIN_STATES.some(wanted)) {
  const administrator = await browser.newContext({ baseURL });
  await adminStates(await administrator.newPage(), async (state, path) => {
    if (!wanted(state)) return;
    const { cookies } = await administrator.storageState();
    for (const width of widths) {
      for (const colorScheme of schemes) {
        const context = await browser.newContext({ baseURL, colorScheme, viewport: { width, height: 900 } });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(path);
        const file = join(outDir, `${state}-${width}-${colorScheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.info(file);
        await context.close();
      }
    }
  });
  await administrator.close();
}
await browser.close();
