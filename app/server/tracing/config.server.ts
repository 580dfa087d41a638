import { z } from "zod";

/**
 * Traces are off unless an OTLP endpoint is named, with OpenTelemetry's own
 * variables, so a collector set up for other services finds this one with
 * the same settings. Read and checked here with the rest of the
 * configuration (`env.server.ts`); the exporter reads the details of its
 * connection itself (`OTEL_EXPORTER_OTLP_HEADERS`, `…_TIMEOUT`,
 * `…_COMPRESSION`, `…_CERTIFICATE`), and the SDK `OTEL_RESOURCE_ATTRIBUTES`.
 */
const ENDPOINT_ERROR = "must be an http(s) URL, e.g. http://otel-collector.internal:4318";
const PROTOCOL_ERROR = "must be http/json: traces are sent as OTLP/HTTP with JSON, which any collector takes";
const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

const endpoint = z.url({ protocol: /^https?$/, error: ENDPOINT_ERROR }).optional();
const protocol = z.enum(["http/json"], { error: PROTOCOL_ERROR }).optional();

/** The OpenTelemetry variables the app honours, as zod checks for the configuration schema. */
export const tracingVariables = {
  /** `true` (any case) keeps tracing off whatever else is set, as the specification says. */
  OTEL_SDK_DISABLED: z.string().optional(),
  OTEL_TRACES_EXPORTER: z
    .enum(["otlp", "none"], { error: "must be otlp or none (OTLP/HTTP is the one exporter here)" })
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_SERVICE_NAME: z.string().trim().min(1).max(255, "must be at most 255 characters").optional(),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS, { error: `must be one of ${SAMPLERS.join(", ")}` }).optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: "must be a number from 0 to 1 (the share of traces kept)" })
    .min(0, "must be a number from 0 to 1 (the share of traces kept)")
    .max(1, "must be a number from 0 to 1 (the share of traces kept)")
    .optional(),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce
    .number({ error: "must be a number of milliseconds" })
    .int("must be a number of milliseconds")
    .min(0, "must be a number of milliseconds")
    .optional(),
};

type TracingVariables = {
  [Name in keyof typeof tracingVariables]?: z.infer<(typeof tracingVariables)[Name]>;
};

export type TracingSampler = (typeof SAMPLERS)[number];

/** Tracing as configured: where spans go, which traces are kept, and how the service is named. */
export type TracingConfig = {
  /** The full OTLP/HTTP URL spans are posted to (`…/v1/traces`). */
  url: string;
  /** `OTEL_SERVICE_NAME`; the app's name when unset. */
  serviceName?: string;
  sampler: TracingSampler;
  /** The share of traces kept by the `traceidratio` samplers. */
  ratio: number;
  /** How long finished spans wait to be sent in a batch (`OTEL_BSP_SCHEDULE_DELAY`, 5 s by default). */
  scheduleDelayMs?: number;
};

/**
 * Tracing's settings, or `undefined` when it is off: no endpoint named,
 * `OTEL_SDK_DISABLED=true`, or `OTEL_TRACES_EXPORTER=none`. The signal's own
 * endpoint is used as it is; the general one gets `v1/traces` appended, as
 * the OTLP exporter specification says.
 */
export function tracingConfigOf(env: TracingVariables): TracingConfig | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  if (env.OTEL_TRACES_EXPORTER === "none") return undefined;
  const general = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (general === undefined ? undefined : `${general.endsWith("/") ? general : `${general}/`}v1/traces`);
  if (url === undefined) return undefined;
  return {
    url,
    ...(env.OTEL_SERVICE_NAME === undefined ? {} : { serviceName: env.OTEL_SERVICE_NAME }),
    sampler: env.OTEL_TRACES_SAMPLER ?? "parentbased_always_on",
    ratio: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
    ...(env.OTEL_BSP_SCHEDULE_DELAY === undefined ? {} : { scheduleDelayMs: env.OTEL_BSP_SCHEDULE_DELAY }),
  };
}
