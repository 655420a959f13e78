/**
 * `npm run close-account -- <email or user id> [--delete] [--stage <name>]` (ops): closes an
 * account at once. Every token it holds is refused from the next request on (the API checks the
 * account, not Cognito, on each request), Cognito signs it out everywhere, and with `--delete` the
 * person is removed from the user pool. Remove people this way, never from the Cognito console:
 * a person removed only there keeps a working token until it expires (15 minutes).
 */
import { parseArgs } from 'node:util';
import { runningAppPort } from '../lib/local/ports';
import { pointAtStage } from './point-at-stage';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { stage: { type: 'string' }, delete: { type: 'boolean' }, port: { type: 'string' } },
  });
  const who = positionals[0];
  if (!who) {
    console.error('usage: npm run close-account -- <email or user id> [--delete] [--stage <name>]');
    process.exit(2);
  }
  const port = runningAppPort(values.port);
  await pointAtStage(values.stage, port, 'ops');
  const { closeAccount } = await import('../lambdas/core/services/account-closing');
  const sub = await closeAccount(who, { remove: values.delete === true });
  if (!sub) {
    console.error(`No account has the id or email ${who}.`);
    process.exit(1);
  }
  console.log(
    `Closed ${sub}: its tokens are refused from now on${values.delete ? ', and it is removed from the user pool' : ''}.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
