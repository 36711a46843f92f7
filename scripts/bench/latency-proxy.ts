/**
 * An HTTP proxy that holds every request for a fixed time before forwarding it: a local stand-in
 * for a remote implementation, so that a run shows how much of its time is spent waiting on the
 * network rather than on its own work.
 */
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LatencyProxy {
  /** `http://127.0.0.1:PORT`: the upstream's paths are served unchanged under it. */
  origin: string;
  close(): Promise<void>;
}

export async function startLatencyProxy(upstreamOrigin: string, delayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(upstreamOrigin);
  // Keep-alive upstream, as a client of a remote server would have: the delay is the only cost added.
  const agent = new Agent({ keepAlive: true });

  const forward = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    const proxied = request(
      {
        agent,
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        // The Host header stays the proxy's, so any absolute URL the upstream builds points back here.
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`latency proxy: ${error.message}`);
    });
    // A client that gives up (a check's timeout) should not leave the upstream request running.
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) proxied.destroy();
    });
    incoming.pipe(proxied);
  };

  const server = createServer((incoming, outgoing) => {
    // The body waits in the socket meanwhile: nothing reads it until the request is forwarded.
    setTimeout(() => forward(incoming, outgoing), delayMs);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      // Keep-alive sockets of the run (already ended) would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
