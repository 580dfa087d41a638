import { describe, expect, test } from "vitest";
import { ConfigError, parseEnv } from "../env.server";

describe("traces' configuration", () => {
  test("off by default", () => {
    expect(parseEnv({}).tracing).toBeUndefined();
    expect(parseEnv({ OTEL_SERVICE_NAME: "web" }).tracing).toBeUndefined();
  });

  test("on with the general endpoint, v1/traces appended as the OTLP specification says", () => {
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).tracing).toEqual({
      url: "http://collector:4318/v1/traces",
      sampler: "parentbased_always_on",
      ratio: 1,
    });
    expect(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com/in/" }).tracing?.url).toBe(
      "https://otel.example.com/in/v1/traces",
    );
  });

  test("the traces' own endpoint is used as it is, and wins", () => {
    const env = parseEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://traces:9999/custom",
    });
    expect(env.tracing?.url).toBe("http://traces:9999/custom");
  });

  test("takes the service name, the sampler and the batch delay", () => {
    const env = parseEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_SERVICE_NAME: "web",
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: "0.25",
      OTEL_BSP_SCHEDULE_DELAY: "200",
    });
    expect(env.tracing).toEqual({
      url: "http://collector:4318/v1/traces",
      serviceName: "web",
      sampler: "parentbased_traceidratio",
      ratio: 0.25,
      scheduleDelayMs: 200,
    });
  });

  test.each([
    [{ OTEL_SDK_DISABLED: "true" }],
    [{ OTEL_SDK_DISABLED: "TRUE" }],
    [{ OTEL_TRACES_EXPORTER: "none" }],
  ])("%j keeps it off, endpoint or not", (extra) => {
    expect(
      parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", ...extra }).tracing,
    ).toBeUndefined();
  });

  test("OTEL_SDK_DISABLED other than true leaves it on", () => {
    const env = parseEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_SDK_DISABLED: "false",
    });
    expect(env.tracing).toBeDefined();
  });

  test.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, "OTEL_EXPORTER_OTLP_ENDPOINT"],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "grpc://collector:4317" }, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }, "OTEL_EXPORTER_OTLP_PROTOCOL"],
    [{ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf" }, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"],
    [{ OTEL_TRACES_EXPORTER: "zipkin" }, "OTEL_TRACES_EXPORTER"],
    [{ OTEL_TRACES_SAMPLER: "sometimes" }, "OTEL_TRACES_SAMPLER"],
    [{ OTEL_TRACES_SAMPLER_ARG: "2" }, "OTEL_TRACES_SAMPLER_ARG"],
    [{ OTEL_BSP_SCHEDULE_DELAY: "soon" }, "OTEL_BSP_SCHEDULE_DELAY"],
  ])("refuses %j with one line naming %s, without echoing the value", (raw, name) => {
    expect(() => parseEnv(raw)).toThrow(ConfigError);
    expect(() => parseEnv(raw)).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
    expect(() => parseEnv(raw)).not.toThrow(Object.values(raw)[0] as string);
  });
});
