import { Writable } from "node:stream";
import { headWithoutModulePreloads } from "./head-without-module-preloads.server";

/**
 * Where React's Node render writes a document (`sink`), and the web stream
 * a `Response` carries (`body`): chunks go straight from one to the other,
 * its head without module preloads. This replaces a PassThrough, a
 * Transform, their pipeline and React Router's Node-to-web adapter (which
 * copied every chunk): four streams' buffering and events for every chunk
 * of every page, about a tenth of a dashboard request's time.
 *
 * React writes in 4 KB pieces, a dozen for the dashboard, nearly all in one
 * go; each piece the body carries is a read, a socket write and a chunk of
 * chunked encoding. So the pieces written before the event loop turns are
 * sent as one (`setImmediate`: nothing waits on a timer), and a document
 * rendered whole by then is one piece the HTTP layer sends with a
 * `Content-Length`. Nothing else is held back: what React flushes later
 * (a deferred value) goes out in its own turn.
 *
 * A reader that cancels (the visitor left) destroys the sink, and React
 * stops rendering; `onEnd` runs when React ends the document.
 */
export function documentBody(onEnd: () => void): { sink: Writable; body: ReadableStream<Uint8Array> } {
  const head = headWithoutModulePreloads();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let pending: Uint8Array[] = [];
  let flushing: NodeJS.Immediate | undefined;
  const flush = () => {
    clearImmediate(flushing);
    flushing = undefined;
    if (pending.length === 0) return;
    controller?.enqueue(pending.length === 1 ? (pending[0] as Uint8Array) : Buffer.concat(pending));
    pending = [];
  };
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
      if (bytes) {
        pending.push(bytes);
        flushing ??= setImmediate(flush);
      }
      callback();
    },
    final(callback) {
      const rest = head.end();
      if (rest) pending.push(rest);
      flush();
      controller?.close();
      controller = undefined;
      onEnd();
      callback();
    },
    destroy(error, callback) {
      // Destroyed before the end (a render that failed): the reader sees the error.
      clearImmediate(flushing);
      controller?.error(error ?? new Error("the document stream was destroyed before its end"));
      controller = undefined;
      callback(error);
    },
  });
  return { sink, body };
}
