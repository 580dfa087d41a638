const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\/?>/g;

/**
 * Takes the `<link rel="modulepreload">` tags out of a document's `<head>`,
 * the rest untouched; fed the document's chunks in order, it says what to
 * send for each. React Router puts one in the head for every script of the
 * page, and Chromium fetches and compiles each as soon as it sees it: a
 * dozen files racing the stylesheet and taking the main thread before the
 * first paint. Without them the page's module script, at the end of the
 * body, loads the same files once the HTML is parsed; the first paint waits
 * for the HTML and the stylesheet only.
 */
export function headWithoutModulePreloads() {
  const decoder = new TextDecoder();
  let head = "";
  let headDone = false;
  return {
    /** What to send for this chunk: nothing while the head is still arriving, then the chunk itself. */
    next(chunk: Uint8Array): Uint8Array | undefined {
      if (headDone) return chunk;
      // A character cut in two between chunks is joined again (stream: true).
      head += decoder.decode(chunk, { stream: true });
      const end = head.indexOf(HEAD_END);
      if (end === -1) return undefined;
      headDone = true;
      const cleaned = head.slice(0, end).replace(MODULE_PRELOAD, "") + head.slice(end);
      head = "";
      return Buffer.from(cleaned, "utf8");
    },
    /** What is left when the document ends (a document without a `</head>`, as it came). */
    end(): Uint8Array | undefined {
      const rest = headDone ? "" : head + decoder.decode();
      return rest ? Buffer.from(rest, "utf8") : undefined;
    },
  };
}
