import { data } from "react-router";

/**
 * A form post's fields. A body that is not a form (a page's action reached
 * with JSON, or a malformed body) is a `400` the error page shows, never a 500.
 */
export async function readFormPost(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => null);
  if (!form) throw data("Send the form as a form post.", { status: 400, statusText: "Bad Request" });
  return form;
}
