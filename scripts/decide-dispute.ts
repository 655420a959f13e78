/**
 * `npm run decide-dispute -- <contractId> [--stage <name>] [--port <app port>]` lists the files the
 * parties attached to the dispute (name, size, who, with which message, and a 5-minute link to
 * read each), for ops to look at before deciding; it decides nothing.
 *
 * `npm run decide-dispute -- <contractId> --refund <amount> --reason "..." [--stage <name>] [--port <app port>]`:
 * for ops, once the parties of a dispute did not agree within its 7-day window (before that it is
 * refused). `--refund` is what goes back to the buyer (e.g. 20000 or 20000.50, 0 to release
 * everything to the seller); the rest is paid out to the seller less the 2% fee on it. The
 * decision is recorded on the dispute with who decided and why, and the contract's execution
 * carries it out: the refund legs, the payout, the final status (`npm run executions -- <id>`).
 *
 * Locally it works on the local cloud `npm start` runs (PORT, default 3000), recorded as decided by
 * `local:<your OS user>`; with `--stage` on a deployed stage with the caller's AWS credentials,
 * recorded as decided by the caller's IAM ARN (only ops' identities may write a stage's table).
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { parseAmount } from '../lambdas/core/domain/money';
import { runningAppPort } from '../lib/local/ports';
import { callerArn } from './caller-identity';
import { pointAtStage } from './point-at-stage';

const usage =
  'usage: npm run decide-dispute -- <contractId> [--refund <amount> --reason "..."] [--stage <name>] [--port <app port>]';

/** `1.5 MB`, `820 KB`, `12 B`: a size as ops read it. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Prints the dispute's attached files with a presigned GET of each (signed as the caller: ops' policy reads evidence/). */
async function listEvidence(contractId: string): Promise<void> {
  const { contractEvidence } = await import('../lambdas/core/entities/evidence');
  const { signedEvidenceGet } = await import('../lambdas/core/services/evidence');
  const files = (await contractEvidence(contractId)).filter(
    (file) => file.purpose === 'dispute' && file.status === 'confirmed' && file.attached_to,
  );
  if (files.length === 0) {
    console.log(`No files attached to the dispute on ${contractId}.`);
    return;
  }
  console.log(`Files attached to the dispute on ${contractId} (links valid 5 minutes):`);
  for (const file of files) {
    const side = file.uploader_side === 'creator' ? 'seller' : 'buyer';
    const { url } = await signedEvidenceGet(file);
    console.log(
      `- ${file.name} (${file.content_type}, ${sizeText(file.size)}) from the ${side}, with the ${file.attached_to}\n  ${url}`,
    );
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { refund: { type: 'string' }, reason: { type: 'string' }, stage: { type: 'string' }, port: { type: 'string' } },
  });
  const contractId = positionals[0];
  const listOnly = values.refund === undefined && values.reason === undefined;
  const refundMinor = values.refund === undefined ? null : parseAmount(values.refund);
  if (!contractId || (!listOnly && (refundMinor === null || !values.reason?.trim()))) {
    console.error(usage);
    process.exit(2);
  }
  const region = await pointAtStage(values.stage, runningAppPort(values.port), 'ops');
  if (listOnly || refundMinor === null || !values.reason) {
    await listEvidence(contractId);
    return;
  }
  const decidedBy = values.stage ? await callerArn(region) : `local:${userInfo().username}`;
  const { decideDispute } = await import('../lambdas/core/services/disputes');
  const { formatAmount } = await import('../lambdas/core/domain/money');
  try {
    const { dispute } = await decideDispute(contractId, refundMinor, values.reason, decidedBy);
    // Its execution carries the decision out; one that ended (failed, stopped) has its successor started.
    await (await import('../lambdas/core/services/escrow-workflow')).openEscrow(contractId);
    const s = dispute.settlement;
    if (!s) throw new Error('The decision was not recorded');
    const amount = (minor: number) => formatAmount(minor, dispute.currency);
    console.log(
      `Dispute on ${contractId} decided by ${decidedBy}: ${amount(s.refund_minor)} back to the buyer, ${amount(s.released_minor)} released to the seller (${amount(s.payout_minor)} after the ${amount(s.fee_minor)} fee). The workflow now refunds and pays out.`,
    );
  } catch (error) {
    // A refusal (not waiting for ops, an amount beyond what is held) is said as the product says it.
    console.error((error as Error).message);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
