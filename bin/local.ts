/**
 * `npm start`: the whole product on this machine. Builds the web app if it is missing, starts the
 * local cloud with its data under .data/, seeds the demo accounts on the first run, and stops
 * cleanly on Ctrl-C. ESCROW_DATA_DIR moves the data folder. PORT chooses the app's port (the next six ports serve the API, Cognito,
 * the mailbox, DynamoDB Local, Step Functions and the payment provider's sandbox). ESCROW_TIME_SCALE
 * runs business time faster (README: "Compressing business time").
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { timeScale as readTimeScale } from '../lambdas/core/adapters/env';
import { ensureDemoUsers, trustedDeviceScript } from '../lib/local/demo-users';
import { startLocalCloud } from '../lib/local/index';
import { buildWeb } from '../scripts/build-web';
import { appShellFile } from '../web/src/config/paths';

const root = resolve(import.meta.dirname, '..');
// ESCROW_DATA_DIR keeps a second local cloud (or a test's) apart from the everyday .data/.
const dataDir = resolve(process.env.ESCROW_DATA_DIR ?? join(root, '.data'));
const port = Number(process.env.PORT ?? 3000);
let timeScale: number;
try {
  timeScale = readTimeScale();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (!existsSync(join(root, 'web', 'dist', appShellFile))) {
  console.log('Building the web app (first run)...');
  await buildWeb();
}

process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
const cloud = await startLocalCloud({ dataDir, port, timeScale });
const demoUsers = await ensureDemoUsers(cloud.cognito, join(dataDir, 'demo-users.json'));

console.log(`
  Escrow is running locally.

  App:       ${cloud.appUrl}
  Mailbox:   ${cloud.mailboxUrl}   (every email the product sends: codes, links)
  API:       ${cloud.apiUrl}
  Cognito:   ${cloud.cognitoEndpoint}
  Workflow:  ${cloud.executionsUrl}   (every contract's escrow execution and its history)
  Payments:  ${cloud.flutterwave.url}   (the payment provider's sandbox; send a transfer at ${cloud.flutterwave.bankUrl})
             test keys: public ${cloud.flutterwave.publicKey}  secret ${cloud.flutterwave.secretKey}  webhook hash ${cloud.flutterwave.webhookHash}

  Demo accounts (a new device answers the security question, then the code from the mailbox):
${demoUsers
  .map(
    (u) =>
      `    ${u.role.padEnd(7)} ${u.email.padEnd(26)} password ${u.password}  answer ${u.securityAnswer}` +
      (u.paymentPin ? `  payment PIN ${u.paymentPin}` : ''),
  )
  .join('\n')}
  To make a browser their trusted device instead, run this in its console on the app's page:
    ${trustedDeviceScript(demoUsers)}

  Data is kept in .data/ (npm run reset wipes it). Ctrl-C stops.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await cloud.stop();
    process.exit(0);
  });
}
