import type { Server } from 'node:http';
import * as sesLocalModule from 'aws-ses-v2-local';
import { close } from './http-util';

type StartSes = (config: { host: string; port: number }) => Promise<Server>;

export interface LocalSes {
  /** SES v2 API endpoint and, at `/`, the mailbox viewer. */
  endpoint: string;
  stop(): Promise<void>;
}

/** aws-ses-v2-local: the SES v2 API in memory, with a web mailbox showing every message sent. */
export async function startSes(port: number): Promise<LocalSes> {
  // From ESM its default export may arrive wrapped once or twice.
  const m = sesLocalModule as unknown as { default?: StartSes | { default?: StartSes } };
  const start = (typeof m.default === 'function' ? m.default : m.default?.default) as StartSes;
  const server = await start({ host: '127.0.0.1', port });
  if (!server.listening) await new Promise((r) => server.once('listening', r));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { endpoint: `http://127.0.0.1:${bound}`, stop: () => close(server) };
}
