import { Transform, type TransformCallback } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\/?>/g;

/**
 * A document stream with the `<link rel="modulepreload">` tags taken out of
 * its `<head>`, the rest untouched. React Router puts one in the head for
 * every script of the page, and Chromium fetches and compiles each as soon
 * as it sees it: a dozen files racing the stylesheet and taking the main
 * thread before the first paint. Without them the page's module script, at
 * the end of the body, loads the same files once the HTML is parsed; the
 * first paint waits for the HTML and the stylesheet only.
 */
export function headWithoutModulePreloads(): Transform {
  let head = "";
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (headDone) return callback(null, chunk);
      head += chunk.toString("utf8");
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      headDone = true;
      const rest = head.slice(end);
      const cleaned = head.slice(0, end).replace(MODULE_PRELOAD, "");
      head = "";
      callback(null, Buffer.from(cleaned + rest, "utf8"));
    },
    flush(callback: TransformCallback) {
      callback(null, head ? Buffer.from(head, "utf8") : undefined);
    },
  });
}
