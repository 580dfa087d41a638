import { describe, expect, it, vi } from "vitest";
import { documentBody } from "./document-body.server";

const ended = (sink: NodeJS.WritableStream) => new Promise((resolve) => sink.on("close", resolve));

describe("documentBody", () => {
  it("hands each chunk on, the head without module preloads, and says when the document ends", async () => {
    const onEnd = vi.fn();
    const { sink, body } = documentBody(onEnd);
    sink.write(Buffer.from('<html><head><link rel="modulepreload" href="/x.js"/>'));
    sink.write(Buffer.from("</head><body>"));
    sink.end(Buffer.from("</body></html>"));
    expect(await new Response(body).text()).toBe("<html><head></head><body></body></html>");
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it("sends what React writes in one go as one chunk, and what it writes later as another", async () => {
    const { sink, body } = documentBody(() => {});
    const reader = body.getReader();
    sink.write(Buffer.from("<html><head></head>"));
    sink.write(Buffer.from("<body>"));
    sink.write(Buffer.from("<main></main>"));
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(
      "<html><head></head><body><main></main>",
    );
    sink.write(Buffer.from("<script></script>"));
    sink.end(Buffer.from("</body></html>"));
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("<script></script></body></html>");
    expect((await reader.read()).done).toBe(true);
  });

  it("stops the render when the reader leaves", async () => {
    const { sink, body } = documentBody(() => {});
    sink.write(Buffer.from("<html><head></head>"));
    await body.cancel();
    await ended(sink);
    expect(sink.destroyed).toBe(true);
  });

  it("passes a failed render on to the reader", async () => {
    const { sink, body } = documentBody(() => {});
    sink.on("error", () => {});
    sink.destroy(new Error("render failed"));
    await expect(new Response(body).text()).rejects.toThrow("render failed");
  });
});
