import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, expect, it } from 'vitest';
import { ensureDemoUsers } from '../../lib/local/demo-users';
import { localStage, startLocalCloud } from '../../lib/local/index';
import { documents } from '../../scripts/aws-clients';
import { configureAmplify } from '../support/amplify';

const dataDir = mkdtempSync(join(tmpdir(), 'escrow-restart-'));
// One fixed base port for both runs: the token issuer is the Cognito URL, as it is for `npm start`.
const port = 20_000 + Math.floor(Math.random() * 20_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps users, signing keys and table data across a restart', async () => {
  const first = await startLocalCloud({ dataDir, port });
  let demo: Awaited<ReturnType<typeof ensureDemoUsers>>;
  let idToken: string;
  try {
    demo = await ensureDemoUsers(first.cognito, join(dataDir, 'demo-users.json'));
    configureAmplify(first.config);
    const seller = demo[0];
    if (!seller) throw new Error('no demo seller');
    expect(
      (
        await signIn({
          username: seller.email,
          password: seller.password,
          options: {
            authFlowType: 'CUSTOM_WITH_SRP',
            clientMetadata: { deviceId: seller.deviceId, deviceSecret: seller.deviceSecret },
          },
        })
      ).isSignedIn,
    ).toBe(true);
    idToken = (await fetchAuthSession()).tokens?.idToken?.toString() ?? '';
    await documents().send(
      new PutCommand({ TableName: localStage.tableName, Item: { PK: 'RESTART#probe', SK: 'META', value: 4200 } }),
    );
  } finally {
    await first.stop();
  }

  const second = await startLocalCloud({ dataDir, port });
  try {
    expect(await ensureDemoUsers(second.cognito, join(dataDir, 'demo-users.json'))).toEqual(demo);
    const me = await fetch(`${second.apiUrl}/me`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(me.status).toBe(200);
    const seller = demo[0];
    if (!seller) throw new Error('no demo seller');
    await signOut();
    const again = await signIn({
      username: seller.email,
      password: seller.password,
      options: {
        authFlowType: 'CUSTOM_WITH_SRP',
        clientMetadata: { deviceId: seller.deviceId, deviceSecret: seller.deviceSecret },
      },
    });
    expect(again.isSignedIn).toBe(true);
    const { Item } = await documents().send(
      new GetCommand({ TableName: localStage.tableName, Key: { PK: 'RESTART#probe', SK: 'META' } }),
    );
    expect(Item?.value).toBe(4200);
  } finally {
    await second.stop();
  }
});
