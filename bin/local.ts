/**
 * `npm start`: the whole product on this machine. Builds the web app if it is missing, starts the
 * local cloud with its data under .data/, seeds the demo accounts on the first run, and stops
 * cleanly on Ctrl-C. ESCROW_DATA_DIR moves the data folder. PORT chooses the app's port (the other
 * parts take the ports after it: lib/local/ports.ts). ESCROW_TIME_SCALE
 * runs business time faster (README: "Compressing business time"). ESCROW_SANDBOX_NO_REFUNDS
 * (e.g. `bank_transfer,opay`) makes the sandbox refuse refunds of those payments, as the provider
 * does for some methods, so their refunds go to the buyer's bank account instead.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { timeScale as readTimeScale } from '../lambdas/core/adapters/env';
import { ensureDemoUsers, trustedDeviceScript } from '../lib/local/demo-users';
import { isStageIamCached } from '../lib/local/iam/stage-cache';
import { startLocalCloud } from '../lib/local/index';
import { runningAppPort } from '../lib/local/ports';
import { buildWeb } from '../scripts/build-web';
import { appShellFile } from '../web/src/config/paths';

const root = resolve(import.meta.dirname, '..');
// ESCROW_DATA_DIR keeps a second local cloud (or a test's) apart from the everyday .data/.
const dataDir = resolve(process.env.ESCROW_DATA_DIR ?? join(root, '.data'));
const port = runningAppPort();
const paymentTypes = ['bank_transfer', 'card', 'opay'] as const;
let timeScale: number;
let nonRefundablePaymentTypes: Array<(typeof paymentTypes)[number]>;
try {
  timeScale = readTimeScale();
  nonRefundablePaymentTypes = noRefundsFor(process.env.ESCROW_SANDBOX_NO_REFUNDS ?? '');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

/** ESCROW_SANDBOX_NO_REFUNDS: payment types, comma-separated; an unknown one stops the start with a one-line message. */
function noRefundsFor(list: string): Array<(typeof paymentTypes)[number]> {
  const named = list
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = named.find((type) => !(paymentTypes as readonly string[]).includes(type));
  if (unknown !== undefined)
    throw new Error(`ESCROW_SANDBOX_NO_REFUNDS takes ${paymentTypes.join(', ')} (comma-separated), not "${unknown}"`);
  return named as Array<(typeof paymentTypes)[number]>;
}

if (!existsSync(join(root, 'web', 'dist', appShellFile))) {
  console.log('Building the web app (first run)...');
  await buildWeb();
}

if (!isStageIamCached())
  console.log("Synthesizing the stage's roles with CDK, which the local cloud enforces (after a change, about 10 s)...");
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
const cloud = await startLocalCloud({ dataDir, port, timeScale, flutterwave: { nonRefundablePaymentTypes } });
const demoUsers = await ensureDemoUsers(cloud.cognito, join(dataDir, 'demo-users.json'));

console.log(`
  Escrow is running locally.

  App:       ${cloud.appUrl}
  Mailbox:   ${cloud.mailboxUrl}   (every email the product sends: codes, links)
  API:       ${cloud.apiUrl}
  Cognito:   ${cloud.cognitoEndpoint}
  Workflow:  ${cloud.executionsUrl}   (every contract's escrow execution and its history)
  Realtime:  ${cloud.events.httpEndpoint}   (AppSync Events stand-in: pages update the moment something happens)
             Its certificate is made on this machine: open ${new URL(cloud.events.httpEndpoint).origin}/ once in your browser and
             accept it ("Advanced" > "Proceed"); until then pages refresh when you return to them instead.
  Files:     ${cloud.s3.endpoint}/${cloud.s3.evidenceBucket}   (S3 stand-in with the evidence bucket, https, same certificate)
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
