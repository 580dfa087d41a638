import { APIError } from "better-auth/api";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  attempt,
  done,
  overLimit,
  readForm,
  redirectWithCookies,
  refused,
  respond,
  text,
  tooMany,
  withCookies,
} from "./action-kit.server";

const post = (body: BodyInit, headers?: HeadersInit) =>
  new Request("http://localhost/any", { method: "POST", body, ...(headers ? { headers } : {}) });

describe("readForm", () => {
  test("reads each field as its first text value; a missing field or a file is undefined", async () => {
    const form = new FormData();
    form.append("email", "ada@example.com");
    form.append("email", "second@example.com");
    form.append("name", new File(["x"], "name.txt"));
    expect(await readForm(post(form), { email: text, name: text, password: text })).toEqual({
      email: "ada@example.com",
      name: undefined,
      password: undefined,
    });
  });

  test("a field its schema refuses, or a body that is not a form, is a 400, not a 500", async () => {
    const form = new URLSearchParams({ intent: "drop-tables" });
    await expect(readForm(post(form), { intent: z.enum(["update-name"]) })).rejects.toMatchObject({
      init: { status: 400 },
    });
    const json = post(JSON.stringify({ intent: "x" }), { "Content-Type": "application/json" });
    await expect(readForm(json, { intent: text })).rejects.toMatchObject({ init: { status: 400 } });
  });
});

test("cookies from an auth call are set on the answer, one header each", () => {
  const cookies = ["a=1; Path=/; HttpOnly", "b=2; Path=/; HttpOnly"];
  expect(withCookies(cookies).getSetCookie()).toEqual(cookies);
  const existing = new Headers({ "Cache-Control": "no-store" });
  expect(withCookies(cookies, existing)).toBe(existing);
  const redirect = redirectWithCookies("/dashboard", cookies);
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get("Location")).toBe("/dashboard");
  expect(redirect.headers.getSetCookie()).toEqual(cookies);
});

test("a refusal over a limit is a 429 that says when to try again", () => {
  const answer = respond(tooMany("Too many tries.", 42), { message: "Too many tries." });
  expect(answer.init?.status).toBe(429);
  expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("42");
  expect(answer.data).toEqual({ message: "Too many tries." });
});

test("a limit's verdict becomes a refusal that says what and how long", () => {
  expect(overLimit({ allowed: true, retryAfterSeconds: 0 }, "tries")).toBeNull();
  expect(overLimit({ allowed: false, retryAfterSeconds: 120 }, "tries")).toEqual({
    ok: false,
    status: 429,
    message: "Too many tries. Try again in 2 minutes.",
    retryAfterSeconds: 120,
  });
});

test("an outcome's answer carries its status, and a success's cookies, never a wait on other refusals", () => {
  const cookies = ["a=1; Path=/; HttpOnly"];
  const ok = respond(done("Saved.", cookies), { ok: true });
  expect(ok.init?.status).toBe(200);
  expect(new Headers(ok.init?.headers).getSetCookie()).toEqual(cookies);
  const bad = respond(refused(400, "No."), { ok: false });
  expect(bad.init?.status).toBe(400);
  expect(new Headers(bad.init?.headers).has("Retry-After")).toBe(false);
});

describe("attempt", () => {
  test("better-auth's refusal of an account that may not sign in now is a 403 with its own message, whatever the call", async () => {
    const refusal = APIError.from("FORBIDDEN", {
      message: "This account is suspended.",
      code: "BANNED_USER",
    });
    const outcome = await attempt(async () => {
      throw refusal;
    });
    expect(outcome).toEqual({ ok: false, status: 403, message: "This account is suspended." });
    // Another 4xx keeps the general answer.
    const other = await attempt(async () => {
      throw APIError.from("FORBIDDEN", { message: "Internal words", code: "SOMETHING_ELSE" });
    });
    expect(other).toEqual(refused(403, "That did not work. Reload the page and try again."));
  });
});
