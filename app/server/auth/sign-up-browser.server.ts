import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "react-router";

/** How long a browser is remembered as the one that asked for a sign-up: longer than a code lives, with resends. */
const SIGN_UP_BROWSER_SECONDS = 24 * 60 * 60;

/** What a browser id looks like (32 random bytes, base64url); anything else is no id. */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser that asked for an email-first sign-up: an `HttpOnly` cookie
 * holding a random id, signed with the app's secret (React Router's
 * `createCookie`). The request stores only the id's SHA-256
 * (`requesterHash`), so the password chosen with it is used only when the
 * code comes back from the same browser; a mailed link opened anywhere else
 * asks for a password there (sign-up.server.ts).
 */
export function signUpBrowser({ isHttps, secret }: { isHttps: boolean; secret: string }) {
  const cookie = createCookie(isHttps ? "__Host-sign_up" : "sign_up", {
    httpOnly: true,
    sameSite: "lax",
    secure: isHttps,
    path: "/",
    maxAge: SIGN_UP_BROWSER_SECONDS,
    secrets: [secret],
  });
  /** This browser's id, when its cookie is there and its signature holds. */
  const idOf = async (request: Request): Promise<string | null> => {
    const value: unknown = await cookie.parse(request.headers.get("cookie"));
    return typeof value === "string" && BROWSER_ID.test(value) ? value : null;
  };
  return {
    idOf,
    /** This browser's id, or a new one; with the `Set-Cookie` that (re)starts its lifetime. */
    async claim(request: Request): Promise<{ id: string; setCookie: string }> {
      const id = (await idOf(request)) ?? randomBytes(32).toString("base64url");
      return { id, setCookie: await cookie.serialize(id) };
    },
  };
}

/** What a request stores of the browser that asked: never the id itself. */
export const requesterHashOf = (browserId: string) =>
  createHash("sha256").update(browserId).digest("base64url");
