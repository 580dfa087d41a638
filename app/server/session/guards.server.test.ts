import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { AuthSession } from "../auth/auth.server";
import { sessionContext } from "../context.server";
import { requireUser } from "./guards.server";
import { toPublicSession, toSignedInSession } from "./session.server";

const signedIn = {
  session: {
    id: "session-1",
    token: "secret-token",
    userId: "user-1",
    expiresAt: new Date("2026-12-01T00:00:00Z"),
    createdAt: new Date("2026-11-25T10:00:00Z"),
    updatedAt: new Date("2026-11-25T10:00:00Z"),
    ipAddress: "127.0.0.1",
    userAgent: "test",
  },
  user: {
    id: "user-1",
    name: "Ada",
    email: "ada@example.com",
    emailVerified: true,
    image: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    updatedAt: new Date("2026-01-01T00:00:00Z"),
  },
} satisfies AuthSession;

function contextWith(session: AuthSession | null) {
  const context = new RouterContextProvider();
  context.set(sessionContext, session);
  return context;
}

describe("requireUser", () => {
  it("gives a signed-in page the session the root middleware read, ids and dates included", () => {
    const session = requireUser(contextWith(signedIn));
    expect(session.session.id).toBe("session-1");
    expect(session.user.email).toBe("ada@example.com");
  });

  it("sends a guest to sign in rather than letting the loader run", () => {
    let thrown: unknown;
    try {
      requireUser(contextWith(null));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirect=/dashboard");
  });
});

describe("the session the browser receives", () => {
  it("holds the person and when they signed in, none of the session's ids or token", () => {
    expect(toSignedInSession(signedIn)).toEqual({
      user: { id: "user-1", name: "Ada", email: "ada@example.com" },
      loggedInAt: "2026-11-25T10:00:00.000Z",
    });
    expect(JSON.stringify(toPublicSession(signedIn))).not.toMatch(/secret-token|session-1/);
  });

  it("is empty for a guest", () => {
    expect(toSignedInSession(null)).toBeNull();
    expect(toPublicSession(null)).toEqual({});
  });
});
