import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

/**
 * Local servers that break the way real ones do, for the tests that prove the suite ends, in time
 * and within its memory, whatever the target does. Each serves any path on 127.0.0.1.
 */
export type BrokenMode =
  /** Accepts the connection and never answers: a hung process behind a load balancer. */
  | 'silent'
  /** Drops the connection on every request: a crashing process, a proxy resetting. */
  | 'reset'
  /** 200 with an HTML page: a web server or login page where the API should be. */
  | 'not-json'
  /** 500 with a JSON error body to every request: a broken deployment. */
  | 'error-500'
  /** 200 with JSON headers at once, then one byte a second for ever: a stuck stream. */
  | 'drip'
  /** 200 with a 1 GiB JSON body: a runaway export, or an attacker. */
  | 'huge'
  /** Answers the voice-catalog preflight like the API, then never answers anything else. */
  | 'probe-then-hang'
  /** Answers the preflight like the API, then sends 1 GiB to every other request. */
  | 'probe-then-huge';

export interface BrokenServer {
  /** Ends in `/api/v1`, as a target's base URL does. */
  baseUrl: string;
  /**
   * Connections open right now: a client that gives up on an answer must drop its connection (a
   * dropped one closes here; one drained or kept in a pool stays open).
   */
  openConnections(): number;
  /** Destroys every open connection and stops every stream; resolves once the port is closed. */
  close(): Promise<void>;
}

const GIB = 1024 ** 3;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

function isProbe(req: IncomingMessage): boolean {
  return (req.url ?? '').split('?')[0]?.endsWith('/users/get_voice_clone') === true;
}

/** The documented answers of the voice catalog: 401 without a key, a one-voice page with one. */
function answerProbe(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('content-type', 'application/json');
  if (req.headers.authorization === undefined) {
    res.statusCode = 401;
    res.end(JSON.stringify({ status: 401, message: 'invalid bearer token' }));
    return;
  }
  res.end(JSON.stringify({ data: [{ _id: '0123456789abcdef01234567', name: 'Ada', lang: 'en' }] }));
}

/** Streams `total` bytes of a JSON array's worth of spaces, minding backpressure; stops when the client goes. */
function sendHuge(res: ServerResponse, total: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  let sent = 0;
  const pump = (): void => {
    while (sent < total && !res.destroyed) {
      sent += CHUNK.length;
      if (!res.write(CHUNK)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  res.write('[');
  pump();
}

export async function startBrokenServer(mode: BrokenMode): Promise<BrokenServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    // The request body is read and dropped, so that a client sending one is never blocked by us.
    req.resume();
    const probe = isProbe(req);
    if ((mode === 'probe-then-hang' || mode === 'probe-then-huge') && probe) return answerProbe(req, res);
    switch (mode) {
      case 'silent':
      case 'probe-then-hang':
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>hello</html>');
        return;
      case 'error-500':
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'internal', message: 'boom' }));
        return;
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        const timer = setInterval(() => res.write(' '), 1_000);
        timers.add(timer);
        // The client gone, the drip stops at once (not at its next tick, writing into a closed socket).
        res.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
        return;
      }
      case 'huge':
      case 'probe-then-huge':
        sendHuge(res, GIB);
        return;
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    openConnections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
