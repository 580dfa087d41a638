import { redirect } from "react-router";
import { redirectWithCookies } from "~/server/action-kit.server";
import { getServices } from "~/server/context.server";
import { signOut } from "~/server/session/session.server";
import type { Route } from "./+types/logout";

/** Sign-out for browsers without JavaScript (a form POST); `GET` goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = getServices(context);
  return redirectWithCookies("/", await signOut(auth, request.headers));
}

export function loader() {
  return redirect("/");
}
