/**
 * The session as the browser sees it: `GET /api/_auth/session`
 * answers `{}` when signed out, or the user and when they signed in.
 * Shared by the server (which builds it) and the client store (which reads it).
 */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image?: string;
};

export type SignedInSession = { user: SessionUser; loggedInAt: string };

export type PublicSession = SignedInSession | Record<string, never>;

/** True when `session` holds a user (checked, since it may come off the network). */
export function isSignedIn(session: unknown): session is SignedInSession {
  if (!session || typeof session !== "object" || !("user" in session)) return false;
  const { user } = session as { user: unknown };
  return Boolean(user && typeof user === "object" && typeof (user as SessionUser).id === "string");
}
