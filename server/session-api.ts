import { Hono } from "hono";
import type { AppServices } from "~/server/context.server";
import { readSession, signOut, toPublicSession } from "~/server/session/session.server";

/**
 * The session contract, answered before React Router is involved:
 * `GET` → `{}` or `{ user, loggedInAt }`; `DELETE` → revoke and clear the
 * cookie, `{ loggedOut: true }`, also when already signed out. The origin
 * check in front of this router refuses a cross-site DELETE.
 */
export function sessionApi(services: AppServices) {
  const { auth } = services;
  return new Hono()
    .get("/", async (c) => {
      const { session, setCookie } = await readSession(services, c.req.raw.headers);
      for (const cookie of setCookie) c.header("Set-Cookie", cookie, { append: true });
      c.header("Cache-Control", "private, no-store");
      // The header compress() adds to this JSON (but not to a HEAD's answer),
      // said up front: added after the fact, it makes Hono rebuild the
      // finished response around a stream, which cost more than reading the
      // session.
      if (c.req.method !== "HEAD") c.header("Vary", "Accept-Encoding");
      return c.json(toPublicSession(session));
    })
    .delete("/", async (c) => {
      for (const cookie of await signOut(auth, c.req.raw.headers))
        c.header("Set-Cookie", cookie, { append: true });
      c.header("Cache-Control", "no-store");
      return c.json({ loggedOut: true });
    });
}
