/**
 * `npm run record-top-up -- <amount> --reference <bank reference> [--currency NGN] [--stage <name>] [--port <app port>]`:
 * for ops, after putting the platform's own money into the provider wallet (a top-up of its
 * float, e.g. to cover a shortfall `npm run held` or the ProviderShortfall alarm named). Records
 * it in the ledger once per reference (provider_holding up, the platform's `float` credited), so
 * the daily reconciliation agrees with the provider's larger balance instead of calling it a
 * difference every day. Recorded as made by `local:<your OS user>` locally, by the caller's IAM
 * ARN on a stage (the decide-disputes policy ops hold writes the table by key).
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { formatAmount, isCurrency, parseAmount } from '../lambdas/core/domain/money';
import { runningAppPort } from '../lib/local/ports';
import { callerArn } from './caller-identity';
import { pointAtStage } from './point-at-stage';

const usage =
  'usage: npm run record-top-up -- <amount> --reference <bank reference> [--currency NGN] [--stage <name>] [--port <app port>]';

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      currency: { type: 'string' },
      stage: { type: 'string' },
      port: { type: 'string' },
    },
  });
  const amountMinor = positionals[0] === undefined ? null : parseAmount(positionals[0]);
  const currency = (values.currency ?? 'NGN').toUpperCase();
  const reference = values.reference?.trim() ?? '';
  if (amountMinor === null || amountMinor <= 0 || !isCurrency(currency) || !/^[\w.:/-]{1,100}$/.test(reference)) {
    console.error(usage);
    process.exit(2);
  }
  const region = await pointAtStage(values.stage, runningAppPort(values.port), 'ops');
  const recordedBy = values.stage ? await callerArn(region) : `local:${userInfo().username}`;
  const { recordTopUp } = await import('../lambdas/core/services/float');
  const { recorded, topUp } = await recordTopUp({ currency, amountMinor, reference, recordedBy });
  const amount = formatAmount(topUp.amount_minor, topUp.currency);
  console.log(
    recorded
      ? `Top-up ${reference} of ${amount} recorded by ${recordedBy}.`
      : `Top-up ${reference} was recorded before: ${amount} by ${topUp.recorded_by} at ${topUp.recorded_at}. Nothing changed.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
