import { describe, expect, test } from "vitest";
import { z } from "zod";
import { readForm, redirectWithCookies, text, tooManyRequests, withCookies } from "./action-kit.server";

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
  const answer = tooManyRequests({ message: "Too many tries." }, 42);
  expect(answer.init?.status).toBe(429);
  expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("42");
  expect(answer.data).toEqual({ message: "Too many tries." });
});
