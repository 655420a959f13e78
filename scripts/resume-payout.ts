/**
 * `npm run resume-payout -- <contractId> [--stage <name>] [--port <app port>]`: for ops, after the
 * cause of a failed payout is fixed with the provider. A payout waiting `failed` gets the
 * workflow's retries again and its execution transfers once more (never a second transfer while
 * one is open or paid: the Transfer task follows up first). Anything else is left as it is.
 *
 * Locally it works on the local cloud `npm start` runs (PORT, default 3000); with `--stage` on a
 * deployed stage with the caller's AWS credentials (the stack's outputs name the table and the
 * state machine). Then `npm run executions -- <contractId>` shows the outcome.
 */
import { opsCommand } from './point-at-stage';

async function main() {
  const {
    args: [contractId = ''],
  } = await opsCommand('resume-payout', ['contractId']);
  const { resumePayout } = await import('../lambdas/core/services/payouts/failure');
  const { resumed, payout } = await resumePayout(contractId);
  console.log(
    resumed
      ? `Payout ${payout.reference} resumed (resume ${payout.resumes}): the workflow transfers again.`
      : payout.status === 'failed' && !payout.account_number
        ? `Payout ${payout.reference} waits for the creator's bank details: once they are saved in My Account, resume it again.`
        : `Payout ${payout.reference} is ${payout.status}: nothing to resume.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
