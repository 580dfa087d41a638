/** The accounts the screenshots need: made through the server's own forms, as a person would. */
import { randomUUID } from "node:crypto";
import { type APIRequestContext, request as requestContext } from "@playwright/test";
import { mailMatch } from "./outbox.ts";
import { baseURL, origin } from "./server.ts";

export type Account = { name: string; email: string; password: string };
export const newAccount = (): Account => ({
  name: "Ada Lovelace",
  email: `ada.lovelace+${randomUUID().slice(0, 8)}@example.com`,
  password: "correct horse battery",
});

/** "Create account": answers the "Check your inbox" page's address. */
export async function startSignUp(request: APIRequestContext, account: Account): Promise<string> {
  const started = await request.post("/login", {
    headers: origin,
    form: { intent: "signup", ...account },
    maxRedirects: 0,
  });
  return started.headers().location ?? "/confirm-sign-up";
}

/** Creates the account email first (the code from the outbox), signed in in `request`. */
export async function signUp(request: APIRequestContext, account: Account) {
  const checkInbox = await startSignUp(request, account);
  const code = (await mailMatch(account.email, /\/confirm-sign-up\?id=[\w-]+&code=(\d{6})/))?.[1] ?? "";
  const id = new URL(checkInbox, baseURL).searchParams.get("id") ?? "";
  await request.post("/confirm-sign-up", { headers: origin, form: { intent: "confirm", id, code } });
}

const PHONE_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** A new account (or `account`), signed in in `request`, with some history: a phone signed in too, a mistyped password. */
export async function signUpWithHistory(request: APIRequestContext, account = newAccount()) {
  await signUp(request, account);
  const phone = await requestContext.newContext({ baseURL, userAgent: PHONE_USER_AGENT });
  const signIn = (password: string) =>
    phone.post("/login", { headers: origin, form: { intent: "signin", email: account.email, password } });
  await signIn("a mistyped password");
  await signIn(account.password);
  await phone.dispose();
}
