/**
 * The test's browser stand-in: requests over https to nginx, trusting only the test's own
 * self-signed certificate, or over plain http straight to an instance. Connects to
 * 127.0.0.1 while naming `localhost` (SNI, Host, the certificate's name), from an address of
 * its own (`BROWSER_ADDRESS`), so that nginx sees a client that is not nginx itself.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { connect as http2Connect } from "node:http2";
import { Agent, request as httpsRequest } from "node:https";

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };
type Options = {
  method?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  /** The address to send from (any of 127.0.0.0/8 is this host's): a peer other than nginx's. */
  localAddress?: string;
};

/** Sends one request with `send` and reads the whole answer (undecoded: ask for no encoding to read it). */
function exchange(
  send: typeof httpRequest,
  target: object,
  { method = "GET", headers = {}, form, localAddress }: Options,
) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise<Answer>((answered, failed) => {
    const outgoing = send(
      {
        ...target,
        localAddress,
        method,
        headers: {
          ...headers,
          ...(body
            ? {
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": Buffer.byteLength(body),
              }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          answered({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", failed);
      },
    );
    outgoing.on("error", failed);
    outgoing.end(body);
  });
}

/**
 * Where the browser stand-in connects from: this host (all of 127.0.0.0/8 is), yet not nginx's
 * address to the instances (127.0.0.1, which their TRUST_PROXY names). A client on nginx's
 * own address would be taken for a proxy, its X-Forwarded-For believed.
 */
export const BROWSER_ADDRESS = "127.0.0.2";

/**
 * A client of `https://localhost:{port}` that trusts `ca`, keeping up to `sockets` connections
 * open, connecting from `from`.
 */
export function httpsClient(port: number, ca: string, { sockets = 16, from = BROWSER_ADDRESS } = {}) {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: sockets });
  const origin = `https://localhost:${port}`;
  return {
    origin,
    request: (path: string, options: Options = {}) =>
      exchange(
        httpsRequest as typeof httpRequest,
        {
          host: "127.0.0.1",
          port,
          path,
          agent,
          servername: "localhost",
        },
        { localAddress: from, ...options, headers: { Host: `localhost:${port}`, ...options.headers } },
      ),
    close: () => agent.destroy(),
  };
}

/** A plain-HTTP request to 127.0.0.1:`port` (an instance itself, or nginx's port 80 stand-in). */
export const httpRequestTo = (port: number, path: string, options: Options = {}) =>
  exchange(httpRequest, { host: "127.0.0.1", port, path, agent: false }, options);

/** The protocol TLS negotiated (ALPN) and the status of `GET path` over it, with an HTTP/2 client. */
export async function http2Get(port: number, ca: string, path: string) {
  const session = http2Connect(`https://127.0.0.1:${port}`, { ca, servername: "localhost" });
  try {
    return await new Promise<{ protocol: string; status: number }>((answered, failed) => {
      session.on("error", failed);
      const stream = session.request({ ":path": path, ":authority": `localhost:${port}` });
      stream.on("response", (headers) => {
        answered({ protocol: session.alpnProtocol ?? "", status: Number(headers[":status"]) });
        stream.resume();
      });
      stream.on("error", failed);
      stream.end();
    });
  } finally {
    session.close();
  }
}

/** The `Cookie` header for the cookies an answer set. */
export const cookiesOf = (answer: Answer) =>
  (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
