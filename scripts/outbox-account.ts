/**
 * Accounts for the scripts that start the production build without SMTP
 * (bench, reliability): sign-up is email first, and its code mail is an
 * `.eml` file in `DATA_DIR/outbox`, read from there.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The texts of the mails written to the outbox folder (files still being written are left for later). */
export function outboxMails(dataDir: string): string[] {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => readFileSync(join(outbox, file), "utf8"));
}

/** The code of the newest sign-up mail to `email` in the outbox folder. */
function codeInOutbox(dataDir: string, email: string): string | undefined {
  const mail = outboxMails(dataDir)
    .filter((text) => text.includes(`To: ${email}`))
    .at(-1);
  return mail?.match(/^Subject: (\d{6}) is your/m)?.[1];
}

/** Polls `condition` every 50 ms until it holds (true) or `ms` have passed (false). */
export async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resume) => setTimeout(resume, 50));
  }
  return false;
}

/** A same-origin form post, as the browser sends one without JavaScript; redirects are not followed. */
export const postForm = (base: string, path: string, fields: Record<string, string>, cookie = "") =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

/** The `Cookie` header for the cookies a response set. */
const cookieHeaderOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/**
 * Creates an account through the no-JavaScript form posts, email first, with
 * the code read from the outbox. Returns the signed-in Cookie header.
 */
export async function createAccountThroughOutbox(
  server: { base: string; dataDir: string },
  account: { name: string; email: string; password: string },
): Promise<string> {
  const started = await postForm(server.base, "/login", { intent: "signup", ...account });
  const id = new URL(started.headers.get("location") ?? "", server.base).searchParams.get("id") ?? "";
  await until(() => Boolean(codeInOutbox(server.dataDir, account.email)), 10_000);
  const code = codeInOutbox(server.dataDir, account.email) ?? "";
  // As the browser that asked: its sign-up cookie goes along.
  const confirmed = await postForm(
    server.base,
    "/confirm-sign-up",
    { intent: "confirm", id, code },
    cookieHeaderOf(started),
  );
  if (confirmed.status !== 302) throw new Error(`could not create an account (${confirmed.status})`);
  return cookieHeaderOf(confirmed);
}
