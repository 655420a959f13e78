/**
 * `npm run resume-refund -- <contractId> <leg> [--stage <name>] [--port <app port>]`: for ops,
 * after the cause of a refund leg waiting `failed` is fixed with the provider (`npm run executions
 * -- <contractId>` names each leg and why it failed). A refund through the provider is asked again,
 * a refused bank transfer is made again to the same account; the sweep moves it within 5
 * minutes, and never refunds twice (services/refunds/provider-refund.ts). Anything else is left as it is.
 *
 * Locally it works on the local cloud `npm start` runs (PORT, default 3000); with `--stage` on a
 * deployed stage with the caller's AWS credentials (the stack's outputs name the table).
 */
import { formatAmount } from '../lambdas/core/domain/money';
import { opsCommand } from './point-at-stage';

async function main() {
  const {
    args: [contractId = '', legName = ''],
  } = await opsCommand('resume-refund', ['contractId', 'leg']);
  const { resumeRefundLeg } = await import('../lambdas/core/services/refunds/resume');
  const { resumed, leg } = await resumeRefundLeg(contractId, legName).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
  // The legs move without the execution, but the contract's final status is its: one that ended has its successor started.
  if (resumed) await (await import('../lambdas/core/services/escrow-workflow')).openEscrow(contractId);
  const amount = formatAmount(leg.amount_minor, leg.currency);
  console.log(
    resumed
      ? `Refund ${leg.reference} (${amount}) resumed: ${leg.status === 'transferring' ? 'the bank transfer is made again' : 'the provider is asked again'} within 5 minutes.`
      : `Refund ${leg.reference} (${amount}) is ${leg.status}: nothing to resume.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
