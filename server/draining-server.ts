/**
 * The public HTTP server, and how it stops without cutting anyone off. Part
 * of the Node entry (`server/index.ts`), so it imports only Node.
 */
import { createServer, type RequestListener } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** While stopping, a connection idle this long is closed (a client sending on it meanwhile is answered). */
const DRAIN_IDLE_MS = 1000;
const DRAIN_SWEEP_MS = 100;
/**
 * A stop signal closes the listener only once it has accepted nothing new for
 * this long (at most `ACCEPT_DRAIN_MAX_MS`): a busy event loop takes queued
 * connections late, and closing the listener resets those still queued, whose
 * requests their clients have already sent.
 */
const ACCEPT_QUIET_MS = 100;
const ACCEPT_DRAIN_MAX_MS = 1000;
const netServerClose = NetServer.prototype.close;

/** What a connection is doing: requests being answered, and since when it has been idle. */
type ConnectionState = { active: number; idleSince: number };

/**
 * An HTTP server for `listener` that knows what each connection is doing,
 * so that `drain` can stop it gently. A client that trickles its headers or
 * body (slowloris) is cut off, not waited for.
 */
export function createDrainingServer(listener: RequestListener) {
  const connections = new Map<Socket, ConnectionState>();
  let stopping = false;
  let lastAcceptedAt = 0;

  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    const state = connections.get(req.socket);
    if (state) state.active += 1;
    res.on("close", () => {
      if (!state) return;
      state.active -= 1;
      state.idleSince = Date.now();
    });
    // Draining: the answer says so, and Node closes the connection after it.
    if (stopping) res.setHeader("Connection", "close");
    listener(req, res);
  });
  server.on("connection", (socket: Socket) => {
    lastAcceptedAt = Date.now();
    connections.set(socket, { active: 0, idleSince: lastAcceptedAt });
    socket.on("close", () => connections.delete(socket));
  });

  /**
   * Closes the connections that answer nothing and have been idle for
   * `DRAIN_IDLE_MS`. Idle by the clock is not enough: after the event loop was
   * busy for that long, a request may be waiting, unread, on a connection that
   * looks idle (closing it would reset the client). So the candidates are
   * closed after this turn's poll phase, which reads what arrived, and only if
   * it brought them no byte.
   */
  function closeLongIdleConnections() {
    const now = Date.now();
    const quiet: [Socket, number][] = [];
    for (const [socket, state] of connections) {
      if (state.active === 0 && now - state.idleSince >= DRAIN_IDLE_MS)
        quiet.push([socket, socket.bytesRead]);
    }
    if (quiet.length === 0) return;
    setImmediate(() => {
      for (const [socket, bytesRead] of quiet) {
        if (connections.get(socket)?.active === 0 && socket.bytesRead === bytesRead) socket.end();
      }
    });
  }

  /**
   * Closes the listener once a turn of the event loop (its poll phase accepts
   * what the kernel queued) finds nothing accepted for `ACCEPT_QUIET_MS`, or
   * after `ACCEPT_DRAIN_MAX_MS`.
   */
  function closeListenerWhenQuiet(closeListener: () => void) {
    const deadline = Date.now() + ACCEPT_DRAIN_MAX_MS;
    const check = () =>
      setImmediate(() => {
        const now = Date.now();
        if (now - lastAcceptedAt >= ACCEPT_QUIET_MS || now >= deadline) closeListener();
        else setTimeout(check, ACCEPT_QUIET_MS / 4);
      });
    check();
  }

  return {
    server,
    /** Whether `drain` has begun. */
    get stopping() {
      return stopping;
    },
    /**
     * Stops without cutting anyone off: no new connections; a request already
     * received, or arriving on a connection that is open, is answered (with
     * `Connection: close`); a connection idle for a moment is closed. Closing
     * an idle keep-alive connection at once would race a client that is just
     * sending on it (it gets a reset), so only connections quiet for
     * `DRAIN_IDLE_MS` are. `closed` runs once the listener has closed; after
     * `graceMs` the rest is cut, and `cut` is told how many requests were in
     * flight.
     */
    drain({
      graceMs,
      closed,
      cut,
    }: {
      graceMs: number;
      closed: () => void;
      cut: (inFlight: number) => void;
    }) {
      if (stopping) return;
      stopping = true;
      // net.Server's close, not http.Server's: that one would also close every idle connection now.
      closeListenerWhenQuiet(() =>
        netServerClose.call(server, () => {
          clearInterval(sweep);
          closed();
        }),
      );
      closeLongIdleConnections();
      const sweep = setInterval(closeLongIdleConnections, DRAIN_SWEEP_MS);
      setTimeout(() => {
        const inFlight = [...connections.values()].reduce((sum, state) => sum + state.active, 0);
        server.closeAllConnections();
        cut(inFlight);
      }, graceMs).unref();
    },
  };
}
