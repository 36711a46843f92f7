import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test watches or changes in the traffic between the suite and a target. */
export interface ProxyHooks {
  /** Each request with its body, before it is passed on. */
  onRequest?: (req: IncomingMessage, body: string) => void;
  /** Each answer's body as it came from the target. */
  onAnswer?: (req: IncomingMessage, body: string) => void;
  /** How long to hold back the answer to this request (default: not at all); the target has it already. */
  holdAnswerMs?: (req: IncomingMessage) => number;
}

export interface TestProxy {
  /** The target's base URL through the proxy (same path). */
  baseUrl: string;
  close(): Promise<void>;
}

/** A forwarding proxy on 127.0.0.1 in front of `target` (a base URL), for tests that watch the wire. */
export async function startProxy(target: string, hooks: ProxyHooks = {}): Promise<TestProxy> {
  const upstream = new URL(target);
  const proxy = createServer((req, res) => {
    const sent: Buffer[] = [];
    req.on('data', (chunk: Buffer) => sent.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(sent);
      hooks.onRequest?.(req, body.toString('utf8'));
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          const received: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => received.push(chunk));
          answer.on('end', () => {
            hooks.onAnswer?.(req, Buffer.concat(received).toString('utf8'));
            setTimeout(
              () => {
                res.writeHead(answer.statusCode ?? 502, answer.headers);
                res.end(Buffer.concat(received));
              },
              hooks.holdAnswerMs?.(req) ?? 0,
            );
          });
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
