import { data } from "react-router";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import type { AccountMail } from "./account-mail.server";
import type { MailTokenPurpose } from "./tokens.server";

/**
 * The loader of a mailed link's page: the link's token while it still works
 * (the page shows its form, `200`), else `null` with a `400` (the page says
 * the link no longer works). Opening the link uses nothing up. After the
 * form's post the link is used up: the page then shows the action's answer,
 * with the action's status.
 */
export async function openMailedLink<Extra extends object>(
  request: Request,
  mail: AccountMail,
  purpose: MailTokenPurpose,
  extra = {} as Extra,
) {
  const token = new URL(request.url).searchParams.get(MAIL_TOKEN_PARAM) ?? "";
  const userId = await mail.peek(purpose, token);
  const status = userId || request.method !== "GET" ? 200 : 400;
  return data({ token: userId ? token : null, ...extra }, { status });
}
