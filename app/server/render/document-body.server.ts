import { Writable } from "node:stream";
import { headWithoutModulePreloads } from "./head-without-module-preloads.server";

/**
 * Where React's Node render writes a document (`sink`), and the web stream
 * a `Response` carries (`body`): each chunk goes straight from one to the
 * other, its head without module preloads. This replaces a PassThrough, a
 * Transform, their pipeline and React Router's Node-to-web adapter (which
 * copied every chunk): four streams' buffering and events for every chunk
 * of every page, about a tenth of a dashboard request's time.
 *
 * Nothing is held back here: React hands over what it has rendered (it
 * would otherwise keep it itself), and the HTTP layer reads the body as the
 * socket drains. A reader that cancels (the visitor left) destroys the
 * sink, and React stops rendering; `onEnd` runs when React ends the document.
 */
export function documentBody(onEnd: () => void): { sink: Writable; body: ReadableStream<Uint8Array> } {
  const head = headWithoutModulePreloads();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(started) {
      controller = started;
    },
    cancel() {
      controller = undefined;
      sink.destroy();
    },
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const bytes = head.next(chunk);
      if (bytes) controller?.enqueue(bytes);
      callback();
    },
    final(callback) {
      const rest = head.end();
      if (rest) controller?.enqueue(rest);
      controller?.close();
      controller = undefined;
      onEnd();
      callback();
    },
    destroy(error, callback) {
      // Destroyed before the end (a render that failed): the reader sees the error.
      controller?.error(error ?? new Error("the document stream was destroyed before its end"));
      controller = undefined;
      callback(error);
    },
  });
  return { sink, body };
}
