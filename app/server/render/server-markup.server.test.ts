import { createElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { serverMarkupCache } from "./server-markup.server";

const field = (value: string) => createElement("input", { type: "hidden", name: "redirect", value });

describe("serverMarkupCache", () => {
  it("renders a key's part once and reuses its HTML; another key renders its own", () => {
    const render = serverMarkupCache();
    const part = vi.fn(() => field("/dashboard"));
    expect(render("de /dashboard", part)).toBe('<input type="hidden" name="redirect" value="/dashboard"/>');
    expect(render("de /dashboard", part)).toBe('<input type="hidden" name="redirect" value="/dashboard"/>');
    expect(part).toHaveBeenCalledOnce();
    expect(render("en /login", () => field("/login"))).toBe(
      '<input type="hidden" name="redirect" value="/login"/>',
    );
  });

  it("keeps only the newest keys, so made-up pages cannot grow it", () => {
    const render = serverMarkupCache(2);
    const first = vi.fn(() => field("/a"));
    render("/a", first);
    render("/b", () => field("/b"));
    render("/c", () => field("/c"));
    render("/a", first);
    expect(first).toHaveBeenCalledTimes(2);
  });

  it("escapes what the page put in it, as any render does", () => {
    const render = serverMarkupCache();
    expect(render("x", () => field('/x?"><script>alert(1)</script>'))).toBe(
      '<input type="hidden" name="redirect" value="/x?&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"/>',
    );
  });
});
