import type { Tracing } from "../tracing/tracing.server";
import type { Auth } from "./auth.server";

/** The HTTP status better-auth gives a refusal it throws (`APIError`), when it has one. */
function statusOf(error: unknown): number | undefined {
  const { statusCode } = (error ?? {}) as { statusCode?: unknown };
  return typeof statusCode === "number" ? statusCode : undefined;
}

/**
 * `auth` whose `api` calls, the ones the app's pages make on the server
 * (`auth.api.getSession`, `auth.api.signInEmail`…), each get a span named
 * `auth.api {endpoint}`: one place wraps them all, so no call site knows
 * of tracing. Only the endpoint's name is recorded, never its arguments
 * (they hold addresses, passwords and cookies). A refusal (a `4xx` or a
 * redirect) is an answer, recorded with its status; only a `5xx` or
 * another error fails the span. Unchanged when tracing is off.
 */
export function traceAuthApi(auth: Auth, tracing: Tracing): Auth {
  if (!tracing.enabled) return auth;
  const wrapped = new Map<string, unknown>();
  const api = new Proxy(auth.api, {
    get(target, name, receiver) {
      const endpoint: unknown = Reflect.get(target, name, receiver);
      if (typeof endpoint !== "function" || typeof name !== "string") return endpoint;
      if (!wrapped.has(name)) {
        // A proxy of the endpoint itself, so its properties (`path`, `options`) stay as they are.
        const traced = new Proxy(endpoint, {
          apply: (call, self, args) =>
            tracing.inSpan(
              `auth.api ${name}`,
              {
                attributes: { "better_auth.operation_id": name },
                isFailure: (error) => (statusOf(error) ?? 500) >= 500,
              },
              async (span) => {
                try {
                  return await Reflect.apply(call, self, args);
                } catch (error) {
                  const status = statusOf(error);
                  if (status !== undefined) span.setAttributes({ "http.response.status_code": status });
                  throw error;
                }
              },
            ),
        });
        wrapped.set(name, traced);
      }
      return wrapped.get(name);
    },
  });
  return { ...auth, api };
}
