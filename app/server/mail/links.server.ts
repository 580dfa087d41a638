import { data } from "react-router";
import { MAIL_TOKEN_PARAM } from "~/lib/constants";
import type { AccountMail } from "../auth/account-mail.server";
import type { MailTokenPurpose } from "./tokens.server";

/**
 * The loader of a mailed link's page: the link's token while it still works
 * (the page shows its form, `200`), else `null` with a `400` (the page says
 * the link no longer works). Opening the link uses nothing up. The form's
 * post uses it up, so a successful action names its status (200): React
 * Router otherwise answers with the loader's 400.
 */
export async function openMailedLink<Extra extends object>(
  request: Request,
  mail: AccountMail,
  purpose: MailTokenPurpose,
  extra = {} as Extra,
) {
  const token = new URL(request.url).searchParams.get(MAIL_TOKEN_PARAM) ?? "";
  const userId = await mail.peek(purpose, token);
  return data({ token: userId ? token : null, ...extra }, { status: userId ? 200 : 400 });
}
