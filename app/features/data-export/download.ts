import { redirect } from "react-router";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { overLimit } from "~/server/action-kit.server";
import { recordActivity, requestOrigin } from "~/server/auth/activity.server";
import { getServices } from "~/server/context.server";
import type { NamedLimit } from "~/server/limits/rate-limit.server";
import { requireUser } from "~/server/session/guards.server";
import type { Route } from "./+types/download";
import { exportAccountData, exportFileName } from "./export.server";

/** At most a few files an hour per account: each reads the whole activity log. */
const DOWNLOADS: NamedLimit = { name: "data-export", max: 5, windowSeconds: 60 * 60 };

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
  const refusal = overLimit(await services.rateLimits.hit(DOWNLOADS, signedIn.user.id), "downloads");
  if (refusal) {
    throw new Response(refusal.message, {
      status: 429,
      headers: { "Retry-After": String(refusal.retryAfterSeconds) },
    });
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
