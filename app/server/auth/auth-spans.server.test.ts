import { SpanStatusCode } from "@opentelemetry/api";
import { expect, test } from "vitest";
import { collectedSpans, parentOf, spanNamed } from "../../../tests/fixtures/collected-spans";
import { noTracing } from "../tracing/tracing.server";
import type { Auth } from "./auth.server";
import { traceAuthApi } from "./auth-spans.server";

const EMAIL = "grace.hopper@example.com";

/** An `auth` with three endpoints: one answering, one refusing (401), one breaking. */
function fakeAuth() {
  const refusal = Object.assign(new Error(`Invalid password for ${EMAIL}`), {
    name: "APIError",
    statusCode: 401,
  });
  const api = {
    getSession: Object.assign(async (_input: unknown) => ({ user: { email: EMAIL } }), {
      path: "/get-session",
    }),
    signInEmail: async (_input: unknown) => Promise.reject(refusal),
    deleteUser: async (_input: unknown) => Promise.reject(new Error(`constraint failed for ${EMAIL}`)),
  };
  return { api, handler: async () => new Response(), $context: Promise.resolve({}) } as unknown as Auth;
}

test("each auth.api call is a span named by its endpoint, holding nothing of its arguments or answer", async () => {
  const { tracing, finished } = collectedSpans();
  const auth = traceAuthApi(fakeAuth(), tracing);
  const api = auth.api as unknown as Record<string, (input: unknown) => Promise<unknown>>;
  await tracing.inRequest("POST", async () => {
    await expect(api.getSession?.({ headers: { cookie: "session=secret-token" } })).resolves.toEqual({
      user: { email: EMAIL },
    });
    await expect(api.signInEmail?.({ body: { email: EMAIL, password: "hunter2" } })).rejects.toMatchObject({
      statusCode: 401,
    });
    await expect(api.deleteUser?.({ body: { password: "hunter2" } })).rejects.toThrow("constraint failed");
    return { route: "/login", status: 302 };
  });
  const spans = await finished();
  const request = spanNamed(spans, "POST /login");
  const session = spanNamed(spans, "auth.api getSession");
  const signIn = spanNamed(spans, "auth.api signInEmail");
  const deletion = spanNamed(spans, "auth.api deleteUser");
  for (const span of [session, signIn, deletion]) expect(parentOf(span)).toBe(request.spanContext().spanId);
  expect(session.attributes).toEqual({ "better_auth.operation_id": "getSession" });
  // A refusal is an answer: recorded with its status, not as a failure.
  expect(signIn.attributes).toEqual({
    "better_auth.operation_id": "signInEmail",
    "http.response.status_code": 401,
  });
  expect(signIn.status.code).toBe(SpanStatusCode.UNSET);
  expect(deletion.status.code).toBe(SpanStatusCode.ERROR);
  expect(deletion.attributes["error.type"]).toBe("Error");
  const exported = JSON.stringify(
    spans.map((span) => [span.name, span.attributes, span.status, span.events]),
  );
  for (const secret of [EMAIL, "hunter2", "secret-token"]) expect(exported).not.toContain(secret);
});

test("the endpoints keep their own properties, and the rest of auth is the same", () => {
  const original = fakeAuth();
  const traced = traceAuthApi(original, collectedSpans().tracing);
  expect((traced.api.getSession as unknown as { path: string }).path).toBe("/get-session");
  expect(traced.api.getSession).toBe(traced.api.getSession);
  expect(traced.handler).toBe(original.handler);
  expect(traced.$context).toBe(original.$context);
});

test("with tracing off, auth is returned as it is", () => {
  const auth = fakeAuth();
  expect(traceAuthApi(auth, noTracing)).toBe(auth);
});
