import { redirect } from "react-router";
import { getServices } from "~/server/context.server";
import type { Route } from "./+types/logout";

/** Sign-out for browsers without JavaScript (a form POST); `GET` goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = getServices(context);
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  const answer = new Headers();
  for (const cookie of headers.getSetCookie()) answer.append("Set-Cookie", cookie);
  return redirect("/", { headers: answer });
}

export function loader() {
  return redirect("/");
}
