import { describe, expect, test } from "vitest";
import { CHUNK_RELOAD_GUARD_MS } from "~/lib/constants";
import { isReloadHeldBack, parseReloadRecord } from "./chunk-reload";

describe("parseReloadRecord", () => {
  test("reads what the guard stored", () => {
    expect(parseReloadRecord('{"path":"/dashboard?tab=2","expires":1000}')).toEqual({
      path: "/dashboard?tab=2",
      expires: 1000,
    });
  });

  test("treats nothing or anything malformed as no record", () => {
    for (const raw of [null, "", "{", "null", "42", '"x"', '{"path":"/"}', '{"path":1,"expires":2}']) {
      expect(parseReloadRecord(raw)).toBeNull();
    }
  });
});

describe("isReloadHeldBack", () => {
  const now = 50_000;
  const record = { path: "/dashboard", expires: now + CHUNK_RELOAD_GUARD_MS };

  test("holds back a second reload of the same path within the guard's time", () => {
    expect(isReloadHeldBack(record, "/dashboard", now)).toBe(true);
    expect(isReloadHeldBack(record, "/dashboard", now + CHUNK_RELOAD_GUARD_MS - 1)).toBe(true);
  });

  test("lets it go once the time is up", () => {
    expect(isReloadHeldBack(record, "/dashboard", now + CHUNK_RELOAD_GUARD_MS)).toBe(false);
  });

  test("guards each path on its own, query included", () => {
    expect(isReloadHeldBack(record, "/login", now)).toBe(false);
    expect(isReloadHeldBack(record, "/dashboard?tab=2", now)).toBe(false);
  });

  test("lets the first reload go", () => {
    expect(isReloadHeldBack(null, "/dashboard", now)).toBe(false);
  });
});
