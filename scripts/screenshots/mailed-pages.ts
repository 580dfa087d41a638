/** The pages behind mailed links (a reset, a new-device notice, an email change…), from the outbox. */
import { type Cookie, request as requestContext } from "@playwright/test";
import { newAccount, signUp, startSignUp } from "./accounts.ts";
import { linkTo } from "./outbox.ts";
import { baseURL, origin } from "./server.ts";

const FIREFOX_USER_AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/** A page to shoot; `cookies`: the browser that opens it holds these (its session, say). */
export type Target = { name: string; path: string; signedIn?: boolean; cookies?: Cookie[] };

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
export async function mailedPages(): Promise<Target[]> {
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
