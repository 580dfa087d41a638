import { SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, test } from "vitest";
import { collectedSpans, parentOf, spanNamed } from "../../../tests/fixtures/collected-spans";
import { noTracing } from "./tracing.server";

describe("the SDK behind Tracing", () => {
  test("a request is a trace: its span named by its route, what it does nested under it", async () => {
    const { tracing, finished } = collectedSpans();
    let traceId: string | undefined;
    await tracing.inRequest("GET", async (request) => {
      traceId = request.traceId;
      await tracing.inSpan("loader routes/team", {}, () =>
        tracing.inSpan(
          "SELECT team",
          { kind: "client", attributes: { "db.operation.name": "SELECT" } },
          async () => {
            tracing.nameRoute("/dashboard/teams/:teamId");
          },
        ),
      );
      return { route: "*", status: 200, attributes: { "app.request_id": "r-1" } };
    });
    const spans = await finished();
    const request = spanNamed(spans, "GET /dashboard/teams/:teamId");
    const loader = spanNamed(spans, "loader routes/team");
    const query = spanNamed(spans, "SELECT team");
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(spans.every((span) => span.spanContext().traceId === traceId)).toBe(true);
    expect(parentOf(request)).toBeUndefined();
    expect(parentOf(loader)).toBe(request.spanContext().spanId);
    expect(parentOf(query)).toBe(loader.spanContext().spanId);
    expect(request.attributes).toEqual({
      "http.request.method": "GET",
      "http.route": "/dashboard/teams/:teamId",
      "http.response.status_code": 200,
      "app.request_id": "r-1",
    });
    expect(query.attributes).toEqual({ "db.operation.name": "SELECT" });
  });

  test("the edge's route names the span when React Router names none; without either, the method alone", async () => {
    const { tracing, finished } = collectedSpans();
    await tracing.inRequest("POST", async () => ({ route: "/api/auth/*", status: 404 }));
    await tracing.inRequest("GET", async () => ({ status: 405 }));
    await tracing.inRequest("BREW", async () => ({ status: 405 }));
    const names = (await finished()).map((span) => span.name);
    expect(names).toEqual(["POST /api/auth/*", "GET", "_OTHER"]);
  });

  test("a 5xx fails the request's span, a 4xx does not; a thrown error fails a span with its type, never its message", async () => {
    const { tracing, finished } = collectedSpans();
    await tracing.inRequest("GET", async () => ({ route: "/down", status: 503 }));
    await tracing.inRequest("GET", async () => ({ route: "/missing", status: 404 }));
    const secret = Object.assign(new Error("duplicate key (email)=(ada@example.com)"), { code: "23505" });
    await tracing
      .inRequest("POST", () => tracing.inSpan("INSERT user", {}, () => Promise.reject(secret)))
      .catch(() => {});
    const spans = await finished();
    expect(spanNamed(spans, "GET /down").status.code).toBe(SpanStatusCode.ERROR);
    expect(spanNamed(spans, "GET /down").attributes["error.type"]).toBe("503");
    expect(spanNamed(spans, "GET /missing").status.code).toBe(SpanStatusCode.UNSET);
    const insert = spanNamed(spans, "INSERT user");
    expect(insert.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(insert.attributes["error.type"]).toBe("23505");
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.status, span.events]))).not.toContain(
      "ada@example.com",
    );
  });

  test("an error the caller calls an answer (isFailure) leaves the span as it was", async () => {
    const { tracing, finished } = collectedSpans();
    await tracing
      .inRequest("POST", () =>
        tracing.inSpan("auth.api signInEmail", { isFailure: () => false }, () =>
          Promise.reject(new Error("401")),
        ),
      )
      .catch(() => {});
    expect(spanNamed(await finished(), "auth.api signInEmail").status.code).toBe(SpanStatusCode.UNSET);
  });

  test("work outside any request (start-up, timers) gets no span of its own", async () => {
    const { tracing, finished } = collectedSpans();
    let ran = 0;
    expect(tracing.recording()).toBe(false);
    await tracing.inRequest("GET", async () => {
      expect(tracing.recording()).toBe(true);
      return { status: 200 };
    });
    await tracing.inSpan("SELECT kysely_migration", {}, async () => {
      ran += 1;
    });
    await tracing.inRequest("GET", () =>
      tracing.outside(() =>
        tracing.inSpan("UPDATE mail", {}, async () => {
          ran += 1;
          return { status: 200 };
        }),
      ),
    );
    expect(ran).toBe(2);
    expect((await finished()).map((span) => span.name)).toEqual(["GET", "GET"]);
  });

  test("work done later on a request's behalf (a queued mail) is the child of the span that queued it", async () => {
    const { tracing, finished } = collectedSpans();
    await tracing.inRequest("POST", () =>
      tracing.inSpan("action routes/forgot-password", {}, async () => {
        tracing.remember("mail-1");
        return { route: "/forgot-password", status: 200 };
      }),
    );
    // The worker, outside the request, sends it, then one queued by another instance.
    await tracing.outside(() => tracing.inSpanFor("mail-1", "mail send", { kind: "client" }, async () => {}));
    await tracing.outside(() => tracing.inSpanFor("mail-2", "mail send", { kind: "client" }, async () => {}));
    const spans = await finished();
    const action = spanNamed(spans, "action routes/forgot-password");
    const [sent, elsewhere] = spans.filter((span) => span.name === "mail send");
    expect(parentOf(sent as never)).toBe(action.spanContext().spanId);
    expect(sent?.spanContext().traceId).toBe(action.spanContext().traceId);
    expect(parentOf(elsewhere as never)).toBeUndefined();
    expect(elsewhere?.spanContext().traceId).not.toBe(action.spanContext().traceId);
  });

  test("a trace not kept (sampler) gives no trace id to log, and no span", async () => {
    const { tracing, finished } = collectedSpans({ sampler: "always_off" });
    let given: { traceId?: string } | undefined;
    let recording: boolean | undefined;
    await tracing.inRequest("GET", async (request) => {
      given = request;
      recording = tracing.recording();
      await tracing.inSpan("SELECT session", {}, async () => {});
      return { status: 200 };
    });
    expect(given).toEqual({});
    expect(recording).toBe(false);
    expect(await finished()).toEqual([]);
  });

  test("the service is named by OTEL_SERVICE_NAME, else by the app", async () => {
    const named = collectedSpans({ serviceName: "billing-web" });
    const unnamed = collectedSpans();
    for (const { tracing } of [named, unnamed]) await tracing.inRequest("GET", async () => ({ status: 200 }));
    const [ofNamed] = await named.finished();
    const [ofUnnamed] = await unnamed.finished();
    expect(ofNamed?.resource.attributes["service.name"]).toBe("billing-web");
    expect(ofUnnamed?.resource.attributes["service.name"]).toBe("unit-test");
  });
});

describe("noTracing", () => {
  test("runs every piece of work as it is and gives no trace id", async () => {
    const given: unknown[] = [];
    await noTracing.inRequest("GET", async (request) => {
      given.push(request);
      given.push(await noTracing.inSpan("SELECT", {}, async () => "query"));
      given.push(await noTracing.inSpanFor("key", "mail send", {}, async () => "mail"));
      given.push(noTracing.outside(() => "outside"));
      return { status: 200 };
    });
    expect(given).toEqual([{}, "query", "mail", "outside"]);
  });
});
