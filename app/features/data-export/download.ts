import { redirect } from "react-router";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { declareAction, enforcePolicy } from "~/server/action-policy.server";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import { getServices } from "~/server/context.server";
import type { NamedLimit } from "~/server/limits/rate-limit.server";
import { requireUser } from "~/server/session/guards.server";
import type { Route } from "./+types/download";
import { exportAccountData, exportFileName } from "./export.server";
import * as m from "./messages";

/** At most a few files an hour per account: each reads the whole activity log. */
const DOWNLOADS: NamedLimit = { name: "data-export", max: 5, windowSeconds: 60 * 60 };

/** Everything the app keeps about the person: never to an administrator signed in as them. */
const DOWNLOAD = declareAction("/dashboard/data download", {
  effect: "reveals-data",
  proof: "session",
  limits: [{ limit: DOWNLOADS, per: "account", what: m.limitDownloads }],
  activity: ["data-exported"],
  whileImpersonating: "refused",
});

/** The file is made by a form post (`action`); opening the address goes back to the dashboard. */
export function loader() {
  return redirect(`${DEFAULT_SIGNED_IN_PATH}#your-data`);
}

/**
 * "Download my data" (the dashboard's Your data card): one JSON file of
 * everything the app holds about the person, never cached, at most a few
 * an hour per account, and written to their activity log. A post, so the
 * HTTP edge's origin check stops another site from starting it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const signedIn = requireUser(context);
  const refusal = await enforcePolicy(DOWNLOAD, services, request, signedIn);
  if (refusal) {
    const wait = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
    throw new Response(refusal.message, { status: refusal.status, headers: wait });
  }
  const now = new Date();
  const file = await exportAccountData(services, signedIn, now);
  await recordActivity(services.db, {
    userId: signedIn.user.id,
    kind: "data-exported",
    ...requestOrigin(request.headers),
  });
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(services.env.APP_NAME, now)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
