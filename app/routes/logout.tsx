import { redirect } from "react-router";
import { getServices } from "~/server/context.server";
import { whenDatabaseAvailable } from "~/server/database-errors.server";
import { signOut } from "~/server/session.server";
import type { Route } from "./+types/logout";

/** Sign-out for browsers without JavaScript (a form POST); `GET` goes home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = getServices(context);
  const answer = new Headers();
  const cookies = await whenDatabaseAvailable(() => signOut(auth, request.headers));
  for (const cookie of cookies) answer.append("Set-Cookie", cookie);
  return redirect("/", { headers: answer });
}

export function loader() {
  return redirect("/");
}
