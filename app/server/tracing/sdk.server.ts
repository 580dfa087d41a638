import {
  type Context,
  createContextKey,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import {
  defaultResource,
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
} from "@opentelemetry/semantic-conventions";
import type { TracingConfig, TracingSampler } from "./config.server";
import {
  type ActiveSpan,
  errorTypeOf,
  type SpanKind as OurSpanKind,
  type ServiceIdentity,
  type SpanOptions,
  type Tracing,
} from "./tracing.server";

/**
 * OpenTelemetry's trace SDK behind the app's `Tracing` interface. Loaded
 * only when tracing is on (`startTracing`), so an app without it never
 * loads a module of OpenTelemetry. Nothing is registered globally: the
 * provider, its AsyncLocalStorage context and its exporter belong to this
 * instance, so a dev server that rebuilds the app gets a fresh one, and no
 * library picks up the provider behind the app's back (better-auth's own
 * spans stay off: `auth.server.ts`).
 */

/** How long a stop waits for the last spans to be sent, within the server's 10 s grace. */
const SHUTDOWN_WAIT_MS = 2000;

/** Spans of queued mails waiting for the worker to send them; the oldest are forgotten past this. */
const REMEMBERED_MAX = 1000;

/** A span's attribute longer than this is cut (a long SQL statement). */
const ATTRIBUTE_MAX_LENGTH = 2048;

/** Methods named as they are; anything else is `_OTHER` (the HTTP semantic conventions), so a client cannot invent span names. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "CONNECT",
  "TRACE",
]);

/** The current request's route, set from below it (React Router's instrumentation) and read when it is answered. */
const REQUEST_ROUTE = createContextKey("react-starter request route");
type RouteHolder = { route?: string };

const KINDS: Record<OurSpanKind, SpanKind> = { internal: SpanKind.INTERNAL, client: SpanKind.CLIENT };

function samplerFor(sampler: TracingSampler, ratio: number): Sampler {
  const root: Record<string, () => Sampler> = {
    always_on: () => new AlwaysOnSampler(),
    always_off: () => new AlwaysOffSampler(),
    traceidratio: () => new TraceIdRatioBasedSampler(ratio),
  };
  const parentBased = sampler.startsWith("parentbased_");
  const chosen = (root[sampler.replace(/^parentbased_/, "")] ?? root.always_on)?.() ?? new AlwaysOnSampler();
  return parentBased ? new ParentBasedSampler({ root: chosen }) : chosen;
}

type Warn = (record: { level: "warn" | "info"; msg: string; code?: string }) => void;

/**
 * The exporter, saying in the log when exports start failing (the
 * collector is down: those spans are lost) and when they work again, once
 * each, like the other outages. The error's code only: its message may
 * quote the endpoint's URL.
 */
function reportingFailures(exporter: SpanExporter, warn: Warn): SpanExporter {
  let failing = false;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        // 0 is ExportResultCode.SUCCESS.
        if (result.code !== 0 && !failing) {
          failing = true;
          warn({
            level: "warn",
            msg: "trace export failed; spans are dropped until it works again",
            code: errorTypeOf(result.error),
          });
        } else if (result.code === 0 && failing) {
          failing = false;
          warn({ level: "info", msg: "trace export works again" });
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

function failSpan(span: Span, error: unknown) {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute(ATTR_ERROR_TYPE, errorTypeOf(error));
}

function activeSpanOf(span: Span): ActiveSpan {
  return {
    setAttributes: (attributes) => span.setAttributes(attributes),
    fail: (error) => failSpan(span, error),
  };
}

const noSpan: ActiveSpan = { setAttributes: () => {}, fail: () => {} };

type SdkOptions = {
  warn: Warn;
  /** For tests: where spans go instead of the OTLP endpoint. */
  exporter?: SpanExporter;
};

/** OpenTelemetry's SDK for `config`: spans batched and posted as OTLP/HTTP JSON to `config.url`. */
export function startSdkTracing(
  config: TracingConfig,
  service: ServiceIdentity,
  options: SdkOptions,
): Tracing {
  const contextManager = new AsyncLocalStorageContextManager();
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: service.name,
        ...(service.version ? { [ATTR_SERVICE_VERSION]: service.version } : {}),
      }),
    )
    .merge(detectResources({ detectors: [resourceAttributesEnvDetector] }))
    .merge(config.serviceName ? resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName }) : null);
  const exporter = options.exporter ?? new OTLPTraceExporter({ url: config.url });
  const provider = new TracerProvider({
    resource,
    sampler: samplerFor(config.sampler, config.ratio),
    spanLimits: { attributeValueLengthLimit: ATTRIBUTE_MAX_LENGTH },
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: reportingFailures(exporter, options.warn),
        ...(config.scheduleDelayMs === undefined ? {} : { scheduleDelayMillis: config.scheduleDelayMs }),
      }),
    ],
  });
  const tracer = provider.getTracer("react-starter");
  const remembered = new Map<string, SpanContext>();

  /** Runs `work` in `span` (made current over `parent`), ending it when the work settles. */
  async function within<T>(
    span: Span,
    parent: Context,
    options: SpanOptions,
    work: (span: ActiveSpan) => Promise<T>,
  ): Promise<T> {
    try {
      return await contextManager.with(trace.setSpan(parent, span), () => work(activeSpanOf(span)));
    } catch (error) {
      if (options.isFailure?.(error) ?? true) failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  const spanOptions = (options: SpanOptions) => ({
    kind: KINDS[options.kind ?? "internal"],
    ...(options.attributes ? { attributes: options.attributes } : {}),
  });

  return {
    enabled: true,

    async inRequest(method, work) {
      const name = KNOWN_METHODS.has(method) ? method : "_OTHER";
      const span = tracer.startSpan(
        name,
        { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: name } },
        ROOT_CONTEXT,
      );
      const holder: RouteHolder = {};
      const context = trace.setSpan(ROOT_CONTEXT, span).setValue(REQUEST_ROUTE, holder);
      const traceId = span.isRecording() ? span.spanContext().traceId : undefined;
      try {
        const outcome = await contextManager.with(context, () => work(traceId ? { traceId } : {}));
        const route = holder.route ?? outcome.route;
        if (route) {
          span.updateName(`${name} ${route}`);
          span.setAttribute(ATTR_HTTP_ROUTE, route);
        }
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, outcome.status);
        if (outcome.attributes) span.setAttributes(outcome.attributes);
        // A server's span fails on a 5xx only: a 4xx is the client's mistake, answered.
        if (outcome.status >= 500) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute(ATTR_ERROR_TYPE, String(outcome.status));
        }
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },

    nameRoute(route) {
      const holder = contextManager.active().getValue(REQUEST_ROUTE) as RouteHolder | undefined;
      if (holder) holder.route = route;
    },

    inSpan(name, options, work) {
      const parent = contextManager.active();
      if (!trace.getSpan(parent)?.isRecording()) return work(noSpan);
      return within(tracer.startSpan(name, spanOptions(options), parent), parent, options, work);
    },

    recording: () => trace.getSpan(contextManager.active())?.isRecording() ?? false,

    remember(key) {
      const span = trace.getSpan(contextManager.active());
      if (!span?.isRecording()) return;
      remembered.set(key, span.spanContext());
      if (remembered.size > REMEMBERED_MAX) remembered.delete(remembered.keys().next().value as string);
    },

    inSpanFor(key, name, options, work) {
      const parentSpan = remembered.get(key);
      remembered.delete(key);
      const parent = parentSpan ? trace.setSpanContext(ROOT_CONTEXT, parentSpan) : ROOT_CONTEXT;
      return within(tracer.startSpan(name, spanOptions(options), parent), parent, options, work);
    },

    outside: (work) => contextManager.with(ROOT_CONTEXT, work),

    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      });
      await Promise.race([provider.shutdown().catch(() => {}), waited]);
      clearTimeout(timer);
    },
  };
}
