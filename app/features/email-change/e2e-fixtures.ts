/** The email change's end-to-end fixtures: the dashboard's form, and the mails it sends. */
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";

/** The link to the new address, and the notice to the old one with its undo link. */
export const CHANGE_SUBJECT = exactly(`Confirm your new email address for ${APP_NAME}`);
export const CHANGED_SUBJECT = exactly(`The email address of your ${APP_NAME} account was changed`);

/** An address no account has. */
export const newAddress = () => `new.${randomUUID().slice(0, 8)}@example.com`;

/** Asks, on the dashboard, to move the account to `email`. */
export async function askForNewAddress(page: Page, email: string) {
  await page.getByLabel("New email address").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
}

/** Moves the dashboard's account to a new address the whole way: asked for, then the mailed link followed. */
export async function changeAddress(page: Page): Promise<string> {
  const email = newAddress();
  await askForNewAddress(page, email);
  await page.goto(linkIn(await waitForMail(email, CHANGE_SUBJECT), "/change-email"));
  await page.getByRole("button", { name: "Use this email address" }).click();
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  return email;
}
