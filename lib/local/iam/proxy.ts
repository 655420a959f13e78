import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { listen, readBody } from '../http-util';

/** What a guard decides for one request: pass it on to the stand-in, or answer it itself. */
export type GuardDecision = { pass: true } | { pass: false; status: number; headers: Record<string, string>; body: string };

/**
 * An HTTP proxy in front of a stand-in that cannot check IAM itself (DynamoDB Local, the SES
 * emulator): each request is read whole, `decide` looks at it (its signature, what it asks), and
 * it is either forwarded byte for byte to `target` with the answer streamed back, or refused.
 * Loopback only.
 */
export async function startGuardProxy(options: {
  port: number;
  target: string;
  decide: (req: IncomingMessage, body: Buffer) => Promise<GuardDecision>;
}): Promise<{ endpoint: string; server: Server }> {
  const target = new URL(options.target);
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req, 16 * 1024 * 1024);
    const decision = await options.decide(req, body);
    if (!decision.pass) {
      res.writeHead(decision.status, decision.headers).end(decision.body);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const forwarded = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.once('end', resolve);
          answer.once('error', reject);
        },
      );
      forwarded.once('error', reject);
      forwarded.end(body);
    });
  }

  const port = await listen(server, options.port);
  return { endpoint: `http://127.0.0.1:${port}`, server };
}
