/**
 * `npm run executions -- --since <date> [--until <date>] [--csv]`: for finance, every release,
 * refund and failure of a date range, as a table or CSV (scripts/money-movements.ts).
 *
 * `npm run executions -- <contractId> [--stage <name>] [--port <app port>]`: for finance, one
 * contract's escrow execution (every state with its time, the amounts the tasks reported) and the
 * contract's delivery and inspection deadline, its dispute's proposals and the decision (who and
 * why), its refund legs with the provider's references, and the contract's ledger (every posting, the balance of each account, and that it sums to zero).
 *
 * Locally it reads the local cloud `npm start` runs (PORT, default 3000: Step Functions and
 * DynamoDB Local on the ports after it). With `--stage` it reads a deployed stage with the
 * caller's AWS credentials: the stack's outputs name the state machine and the table.
 */
import { parseArgs } from 'node:util';
import { DescribeExecutionCommand, type HistoryEvent, paginateGetExecutionHistory, SFNClient } from '@aws-sdk/client-sfn';
import { envNames, timeScale } from '../lambdas/core/adapters/env';
import { executionNames } from '../lambdas/core/adapters/workflow';
import { type Conversion, describeConversion, describeRate, nairaCurrency } from '../lambdas/core/domain/conversion';
import { balances, foreignCurrencies, type LedgerLine, ledgerSummary, type PostingKind } from '../lambdas/core/domain/ledger';
import { type Currency, formatAmount } from '../lambdas/core/domain/money';
import { dayBounds } from '../lambdas/core/domain/reconciliation';
import { scaledMs } from '../lambdas/core/domain/time-scale';
import { getContract } from '../lambdas/core/entities/contract';
import { type Dispute, getDispute } from '../lambdas/core/entities/dispute';
import { type ExecutionHold, getExecutionHold } from '../lambdas/core/entities/execution-hold';
import { listLedger } from '../lambdas/core/entities/ledger';
import { getPayout } from '../lambdas/core/entities/payout';
import { listRefundLegs, type RefundLeg } from '../lambdas/core/entities/refund';
import { runningAppPort } from '../lib/local/ports';
import { localStage } from '../lib/local/stage';
import { badEndsFromLogs, historyFromLogs } from './execution-logs';
import { moneyMovements, movementCsv, movementTable } from './money-movements';
import { pointAtStage } from './point-at-stage';
import { stageOutputs } from './stage-outputs';

export interface ExecutionReportInput {
  contractId: string;
  execution?: { status?: string; startDate?: Date; stopDate?: Date; redriveCount?: number };
  /** Why the execution could not be read (access denied, no connection): never reported as "none". */
  executionError?: string;
  events: HistoryEvent[];
  /**
   * The executions that continued it, oldest first: a contract waiting past 300 days continues as
   * `<id>--2`, ..., and so does one whose execution ended (failed, timed out, stopped) when money
   * came in or ops resumed it.
   */
  continuations?: Array<{
    name: string;
    execution?: ExecutionReportInput['execution'];
    executionError?: string;
    events: HistoryEvent[];
  }>;
  contract?: {
    status: string;
    currency: Currency;
    total_amount_minor: number;
    amount_paid_minor: number;
    title: string;
    /** Delivery and inspection, once the creator delivered (absent on contracts from before them). */
    delivered_at?: string | null;
    delivery_note?: string | null;
    inspection_ends_at?: string | null;
  };
  /** The contract's dispute, once one was opened: its proposals and how it was settled (who decided and why). */
  dispute?: Pick<
    Dispute,
    'status' | 'opened_side' | 'reason' | 'details' | 'opened_at' | 'agree_by' | 'held_minor' | 'proposals'
  > & {
    settlement: Dispute['settlement'];
  };
  /** The contract's refund legs (money going back to the payer), with the provider's references. */
  refunds?: Array<
    Pick<RefundLeg, 'leg' | 'reason' | 'amount_minor' | 'status' | 'provider_refund_id' | 'attempts'> &
      Partial<
        Pick<
          RefundLeg,
          'currency' | 'failure_reason' | 'method' | 'destination' | 'transfer_id' | 'transfer_status' | 'previous_destinations'
        >
      >
  >;
  ledger: Array<{
    kind: PostingKind;
    reference: string;
    provider_id?: string;
    created_at: string;
    lines: LedgerLine[];
    currency?: Currency;
    /** A milestone's posting: which milestone of the contract it moved money for (issue 38). */
    milestone?: number;
  }>;
  /**
   * Set when this is a milestone's own contract: `ledger` is then the postings of the whole
   * contract's ledger tagged with it, read as what left escrow for it and where it went.
   */
  milestone?: number;
  /** The contract's last step that could not go on, if any: where its execution waits (or waited) for ops. */
  hold?: Pick<
    ExecutionHold,
    'execution_name' | 'state' | 'error' | 'cause' | 'status' | 'since' | 'retries' | 'retry_at' | 'resumed_at' | 'resumed_by'
  >;
  /** The payout item, once the release was requested. */
  payout?: {
    status: string;
    reference: string;
    released_minor: number;
    fee_minor: number;
    payout_minor: number;
    bank_code: string;
    account_number: string;
    account_name: string;
    transfer_id: number | null;
    transfer_status: string | null;
    attempts: number;
    provider_message: string | null;
    paid_at: string | null;
    /** A payout converted to naira: the rate the seller confirmed, and the conversion the transfer sent. */
    confirmed_rate?: number | null;
    conversion?: Conversion | null;
    /** The currency the bank receives: the contract's own for the seller's dollar account (absent: naira). */
    destination_currency?: Currency;
    /** `rate`: it waits for the seller to confirm a rate that fell beyond the tolerance (`moved_rate`). */
    waiting_for?: 'rate' | null;
    moved_rate?: number | null;
    /** The accounts it was sent to before it was redirected to corrected bank details. */
    previous_destinations?: Array<{
      reference: string;
      bank_code: string;
      account_number: string;
      transfer_id: number | null;
      transfer_status: string | null;
      attempts: number;
      redirected_at: string;
    }>;
  };
}

/** An execution's history as lines: each state entered, what the tasks answered, timeouts and failures. */
function historyLines(events: HistoryEvent[], money: (minor: number) => string): string[] {
  const out: string[] = [];
  for (const event of events) {
    const entered = event.stateEnteredEventDetails;
    if (entered) out.push(`  ${iso(event.timestamp)}  ${entered.name}`);
    const output = event.taskSucceededEventDetails?.output;
    if (output) out.push(`  ${iso(event.timestamp)}    answered ${describeOutput(output, money)}`);
    if (event.type?.endsWith('TimedOut')) out.push(`  ${iso(event.timestamp)}    timed out`);
    const failed = event.taskFailedEventDetails;
    if (failed) out.push(`  ${iso(event.timestamp)}    failed ${failed.error ?? ''}: ${failed.cause ?? ''}`);
    if (event.executionFailedEventDetails)
      out.push(`  ${iso(event.timestamp)}    FAILED ${event.executionFailedEventDetails.error ?? ''}`);
    if (event.type === 'ExecutionAborted') out.push(`  ${iso(event.timestamp)}    ABORTED`);
    if (event.executionRedrivenEventDetails)
      out.push(`  ${iso(event.timestamp)}    REDRIVEN (redrive ${event.executionRedrivenEventDetails.redriveCount ?? ''})`);
  }
  return out;
}

/** The report as lines of text (pure: tested without AWS). */
export function executionReport(input: ExecutionReportInput): string[] {
  const { contractId, execution, events, contract, ledger, payout } = input;
  const currency = contract?.currency ?? 'NGN';
  const money = (minor: number) => formatAmount(minor, currency);
  const out: string[] = [`Contract ${contractId}${contract ? `: "${contract.title}"` : ' (not found)'}`];
  if (contract) {
    out.push(`  status ${contract.status}, paid ${money(contract.amount_paid_minor)} of ${money(contract.total_amount_minor)}`);
    if (contract.delivered_at) out.push(`  delivered ${contract.delivered_at}: ${contract.delivery_note ?? ''}`);
    if (contract.inspection_ends_at) out.push(`  inspection ends ${contract.inspection_ends_at}`);
  }
  for (const run of [
    { name: contractId, execution, executionError: input.executionError, events },
    ...(input.continuations ?? []),
  ]) {
    const named = run.name === contractId ? 'Execution' : `Execution ${run.name}`;
    const redriven = run.execution?.redriveCount
      ? `, redriven ${run.execution.redriveCount} time${run.execution.redriveCount === 1 ? '' : 's'}`
      : '';
    out.push(
      '',
      run.execution
        ? `${named}: ${run.execution.status} since ${iso(run.execution.startDate)}${run.execution.stopDate ? `, ended ${iso(run.execution.stopDate)}` : ''}${redriven}`
        : run.executionError
          ? `${named}: could not be read (${run.executionError})`
          : `${named}: none`,
    );
    out.push(...historyLines(run.events, money));
  }
  const hold = input.hold;
  if (hold) {
    const what = `${hold.execution_name} at ${hold.state} since ${hold.since}: ${hold.error}${hold.cause ? ` (${hold.cause})` : ''}`;
    out.push(
      '',
      hold.status === 'waiting'
        ? `Waiting for ops: ${what}`
        : `Waited for ops: ${what}; ${hold.status === 'ended' ? 'its execution ended' : `${hold.state} tried again`}`,
    );
    if (hold.status === 'waiting')
      out.push(
        `  tried again by itself ${hold.retries} time${hold.retries === 1 ? '' : 's'}; next at ${hold.retry_at}, or now with npm run resume-execution -- ${contractId}`,
      );
    if (hold.resumed_at) out.push(`  resumed by ${hold.resumed_by ?? 'ops'} at ${hold.resumed_at}`);
  }
  const dispute = input.dispute;
  if (dispute) {
    out.push(
      '',
      `Dispute: ${dispute.status}, opened ${dispute.opened_at} by the ${dispute.opened_side} (${dispute.reason}): ${dispute.details}`,
      `  held ${money(dispute.held_minor)}; the parties had until ${dispute.agree_by} to agree`,
    );
    for (const p of dispute.proposals)
      out.push(`  ${p.created_at}  proposal ${p.id} by the ${p.by}: ${money(p.refund_minor)} back to the buyer`);
    const d = dispute.settlement;
    if (d)
      out.push(
        `  settled ${d.settled_at} (${d.source}${d.proposal_id ? ` ${d.proposal_id}` : ''}) by ${d.decided_by}${d.reason ? `: ${d.reason}` : ''}`,
        `  refund ${money(d.refund_minor)} + fee ${money(d.fee_minor)} + payout ${money(d.payout_minor)} = held ${money(d.held_minor)}` +
          (d.refund_minor + d.fee_minor + d.payout_minor === d.held_minor ? '' : '  (DOES NOT ADD UP)'),
      );
  }
  const refunds = input.refunds ?? [];
  out.push('', refunds.length === 0 ? 'Refunds: none' : `Refunds: ${refunds.length} leg${refunds.length === 1 ? '' : 's'}`);
  for (const leg of refunds) {
    const amount = formatAmount(leg.amount_minor, leg.currency ?? currency);
    out.push(
      `  ${leg.leg} (${leg.reason}) ${amount}: ${leg.status} after ${leg.attempts} attempt${leg.attempts === 1 ? '' : 's'}` +
        `, provider refund ${leg.provider_refund_id ?? '-'}` +
        (leg.failure_reason ? ` (${leg.failure_reason})` : ''),
    );
    // Refused by the provider as a refund: a bank transfer to the payer's own account, each account tried.
    for (const d of leg.previous_destinations ?? [])
      out.push(
        `    by bank transfer ${d.transfer_reference} to bank ${d.bank_code} account ${d.account_number}: transfer ${d.transfer_id ?? '-'} FAILED ${d.failed_at}${d.provider_message ? ` (${d.provider_message})` : ''}`,
      );
    if (leg.method === 'bank_transfer')
      out.push(
        leg.destination
          ? `    by bank transfer ${leg.destination.transfer_reference} to ${leg.destination.account_name}, bank ${leg.destination.bank_code} account ${leg.destination.account_number}: transfer ${leg.transfer_id ?? '-'} ${leg.transfer_status ?? 'not made'}` +
              (leg.destination.conversion
                ? `, converted: ${describeConversion(leg.destination.conversion, leg.currency ?? currency)}`
                : '')
          : '    by bank transfer: waiting for the payer’s bank account',
      );
  }
  out.push('', payout ? `Payout: ${payout.status}, reference ${payout.reference}` : 'Payout: not requested');
  if (payout) {
    out.push(
      `  released ${money(payout.released_minor)} = fee ${money(payout.fee_minor)} + payout ${money(payout.payout_minor)}` +
        (payout.fee_minor + payout.payout_minor === payout.released_minor ? '' : '  (DOES NOT ADD UP)'),
      `  to ${payout.account_name}, bank ${payout.bank_code} account ${payout.account_number}` +
        (payout.destination_currency && payout.destination_currency !== nairaCurrency
          ? ` (the seller's ${payout.destination_currency} account, not converted)`
          : ''),
      ...(payout.waiting_for === 'rate' && payout.confirmed_rate && payout.moved_rate
        ? [
            `  waits for the seller to confirm the rate: it fell from ${describeRate(payout.confirmed_rate, currency)} to ${describeRate(payout.moved_rate, currency)} before the transfer`,
          ]
        : []),
      ...(payout.conversion
        ? [
            `  converted: ${describeConversion(payout.conversion, currency)}` +
              (payout.confirmed_rate ? ` (the seller confirmed ${describeRate(payout.confirmed_rate, currency)})` : ''),
          ]
        : []),
      ...(payout.previous_destinations ?? []).map(
        (d) =>
          `  before ${d.redirected_at}: reference ${d.reference} to bank ${d.bank_code} account ${d.account_number}, transfer ${d.transfer_id ?? '-'} ${d.transfer_status ?? 'not made'} after ${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`,
      ),
      `  transfer ${payout.transfer_id ?? '-'} ${payout.transfer_status ?? 'not made'} after ${payout.attempts} attempt${payout.attempts === 1 ? '' : 's'}` +
        (payout.provider_message ? ` (${payout.provider_message})` : '') +
        (payout.paid_at ? `, paid ${payout.paid_at}` : ''),
    );
  }
  out.push(
    '',
    input.milestone === undefined
      ? `Ledger: ${ledger.length} posting${ledger.length === 1 ? '' : 's'}`
      : `Ledger: ${ledger.length} posting${ledger.length === 1 ? '' : 's'} of milestone ${input.milestone}, in the whole contract's ledger`,
  );
  for (const posting of ledger) {
    const postingMoney = (minor: number) => formatAmount(minor, posting.currency ?? currency);
    out.push(
      `  ${posting.created_at}  ${posting.kind}  ${posting.reference}${posting.provider_id ? `  provider ${posting.provider_id}` : ''}${posting.currency ? `  (in ${posting.currency})` : ''}${posting.milestone !== undefined && input.milestone === undefined ? `  milestone ${posting.milestone}` : ''}`,
    );
    for (const line of posting.lines) out.push(`      ${line.account.padEnd(16)} ${postingMoney(line.amount_minor)}`);
  }
  if (input.milestone !== undefined) {
    out.push(...milestoneTotals(ledger, money));
    return out;
  }
  // The contract's own currency, then each other one money was paid in by mistake (only ever refunded).
  for (const other of [undefined, ...foreignCurrencies(ledger)]) {
    const inIt = ledger.filter((p) => p.currency === other);
    if (other !== undefined) out.push(`  in ${other}, paid in by mistake:`);
    out.push(...ledgerTotals(inIt, (minor) => formatAmount(minor, other ?? currency)));
  }
  return out;
}

/**
 * A milestone's postings: its money came into the whole contract's escrow with the contract's
 * payments, so they say what left escrow for it and where it went (fees, paid out, refunded), and
 * whether they sum to zero.
 */
function milestoneTotals(ledger: ExecutionReportInput['ledger'], money: (minor: number) => string): string[] {
  const totals = balances(ledger);
  const sum = Object.values(totals).reduce((a, b) => a + b, 0);
  const s = ledgerSummary(ledger);
  return [
    `  left escrow ${money(totals.escrow ?? 0)} = fees ${money(s.fees_minor)} + paid out ${money(s.paid_out_minor)}` +
      ` + refund pending ${money(s.refund_pending_minor)} + refunded ${money(s.refunded_minor)}`,
    sum === 0 ? "  the milestone's postings sum to zero" : `  THE MILESTONE'S POSTINGS DO NOT SUM TO ZERO: ${money(sum)}`,
  ];
}

/** One currency's balances, its reading by account, and whether it sums to zero. */
function ledgerTotals(ledger: ExecutionReportInput['ledger'], money: (minor: number) => string): string[] {
  const totals = balances(ledger);
  const sum = Object.values(totals).reduce((a, b) => a + b, 0);
  const s = ledgerSummary(ledger, ledger[0]?.currency);
  return [
    '  balances: ' +
      Object.entries(totals)
        .map(([account, minor]) => `${account} ${money(minor)}`)
        .join(', '),
    `  paid in ${money(s.paid_in_minor)} = held ${money(s.held_minor)} + suspense ${money(s.suspense_minor)}` +
      ` + refund pending ${money(s.refund_pending_minor)} + refunded ${money(s.refunded_minor)}` +
      ` + paid out ${money(s.paid_out_minor)} + fees ${money(s.fees_minor)}`,
    `  the provider kept ${money(s.provider_fees_minor)} in fees and holds ${money(s.at_provider_minor)} of it`,
    sum === 0 ? '  the ledger sums to zero' : `  THE LEDGER DOES NOT SUM TO ZERO: ${money(sum)}`,
  ];
}

function iso(date: Date | undefined): string {
  return date ? new Date(date).toISOString() : '-';
}

function describeOutput(output: string, money: (minor: number) => string): string {
  try {
    const value = JSON.parse(output) as Record<string, unknown>;
    const payload = (value.Payload ?? value) as Record<string, unknown>;
    // Amounts are shown once, from their minor units (`fee` beside `feeMinor` is the same figure as text).
    return Object.entries(payload)
      .filter(([key]) => !(`${key}Minor` in payload))
      .map(([key, v]) =>
        key.endsWith('Minor') && typeof v === 'number' ? `${key.replace(/Minor$/, '')} ${money(v)}` : `${key} ${String(v)}`,
      )
      .join(', ');
  } catch {
    return output;
  }
}

async function targets(stage: string | undefined, port: number) {
  if (!stage) {
    // The local cloud on `port`, unless the environment names another (a test's).
    // As finance: the credentials pointAtStage puts in the environment, which the SDK's clients take.
    await pointAtStage(undefined, port, 'finance');
    const config = { region: localStage.region };
    return {
      sfn: new SFNClient({ ...config, endpoint: process.env[envNames.sfnEndpoint] }),
      stateMachineArn: `arn:aws:states:${localStage.region}:${localStage.accountId}:stateMachine:${localStage.stateMachineName}`,
      // The local Step Functions keeps every execution: there is no log group to fall back on.
      executionLogs: undefined,
    };
  }
  const { region, output } = await stageOutputs(stage);
  // The table as the functions reach it (the entities' verbs), in the stage's region, with this shell's credentials.
  Object.assign(process.env, { AWS_REGION: region, [envNames.tableName]: output('TableName') });
  return {
    sfn: new SFNClient({ region }),
    stateMachineArn: output('StateMachineArn'),
    // Where an execution older than Step Functions' 90 days is still told.
    executionLogs: { region, logGroupName: output('ExecutionLogGroupName') },
  };
}

/**
 * `--since` (a day, or an instant) to `--until` (exclusive; a day means the end of it; default now).
 * A day is a Lagos day (WAT), as the ledger's closings and `npm run reconcile -- --date` read it.
 * Undefined without `--since`; a date that does not parse stops with one line.
 */
export function dateRange(since?: string, until?: string, now = new Date()): { since: Date; until: Date } | undefined {
  if (!since) return undefined;
  const read = (text: string, endOfDay: boolean) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? dayBounds(text) : undefined;
    const at = new Date(day ? (endOfDay ? day.until : day.from) : text);
    if (Number.isNaN(at.getTime())) {
      console.error(`Not a date: "${text}" (use YYYY-MM-DD or an ISO time).`);
      process.exit(2);
    }
    return at;
  };
  return { since: read(since, false), until: until ? read(until, true) : now };
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      stage: { type: 'string' },
      port: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      csv: { type: 'boolean' },
    },
  });
  const contractId = positionals[0];
  const range = dateRange(values.since, values.until);
  if (!contractId && !range) {
    console.error(
      'usage: npm run executions -- <contractId> | --since <date> [--until <date>] [--csv]  [--stage <name>] [--port <app port>]',
    );
    process.exit(2);
  }
  const { sfn, stateMachineArn, executionLogs } = await targets(values.stage, runningAppPort(values.port));
  if (!contractId && range) {
    const badEndsLogged = executionLogs
      ? (since: Date, until: Date) => badEndsFromLogs(executionLogs.region, executionLogs.logGroupName, since, until)
      : undefined;
    const clients = { sfn, stateMachineArn, badEndsLogged };
    // A business day as the functions count it (a local cloud's time scale shortens it; a stage's is real).
    const dayMs = scaledMs(86_400_000, timeScale());
    const rows = await moneyMovements(clients, range.since, range.until, dayMs).catch((error: Error) => {
      console.error(`Could not read the executions: ${error.name}: ${error.message}`);
      process.exit(1);
    });
    console.log(values.csv ? movementCsv(rows) : movementTable(rows).join('\n'));
    return;
  }
  if (!contractId) return;
  const read = (id: string) => contractReportInput(id, { sfn, stateMachineArn, executionLogs });
  const whole = await read(contractId);
  // A milestone asked for by its own id: its postings are in its whole contract's ledger, tagged.
  const of = whole.contract?.milestone_of;
  const lines = of
    ? executionReport({
        ...whole.input,
        ledger: (await listLedger(of.contract_id)).filter((posting) => posting.milestone === of.number),
        milestone: of.number,
      })
    : executionReport(whole.input);
  // A contract in milestones: each milestone's own contract after it (its execution, dispute,
  // refunds and payout), with the postings of the whole contract's ledger tagged with it.
  const milestones = whole.contract?.milestones ?? [];
  for (const milestone of milestones) {
    const { input } = await read(milestone.contract_id);
    const tagged = whole.input.ledger.filter((posting) => posting.milestone === milestone.number);
    lines.push(
      '',
      `Milestone ${milestone.number} of ${milestones.length}: "${milestone.title}", ${formatAmount(milestone.amount_minor, whole.input.contract?.currency ?? 'NGN')}` +
        (milestone.due_date ? `, due ${milestone.due_date}` : '') +
        (input.contract ? '' : ': not started'),
    );
    if (input.contract)
      lines.push(...executionReport({ ...input, ledger: tagged, milestone: milestone.number }).map((l) => (l ? `    ${l}` : l)));
  }
  console.log(lines.join('\n'));
}

/** Everything the report says of one contract: its executions (and continuations), the contract, its ledger, payout, dispute, hold and refunds. */
async function contractReportInput(
  contractId: string,
  { sfn, stateMachineArn, executionLogs }: Awaited<ReturnType<typeof targets>>,
): Promise<{ input: ExecutionReportInput; contract: Awaited<ReturnType<typeof getContract>> }> {
  // The contract's execution, then each that continued it (<id>--2, --3, ...) until one does not exist.
  const runs: Array<{
    name: string;
    execution?: ExecutionReportInput['execution'];
    executionError?: string;
    events: HistoryEvent[];
  }> = [];
  for (let generation = 1; ; generation++) {
    const name = executionNames(contractId, generation).at(-1) as string;
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    // Only "does not exist" means none: an access or connection error is said as such.
    const read = await sfn.send(new DescribeExecutionCommand({ executionArn })).then(
      (execution) => ({ execution, executionError: undefined }),
      (error: Error) => ({
        execution: undefined,
        executionError: error.name === 'ExecutionDoesNotExist' ? undefined : `${error.name}: ${error.message}`,
      }),
    );
    const { execution, executionError } = read;
    const events: HistoryEvent[] = [];
    if (execution)
      for await (const page of paginateGetExecutionHistory({ client: sfn }, { executionArn }))
        events.push(...(page.events ?? []));
    else if (!executionError && executionLogs) {
      // Step Functions forgets an execution 90 days after it ends; its log group keeps the history.
      events.push(...(await historyFromLogs(executionLogs.region, executionLogs.logGroupName, executionArn)));
      if (events.length > 0)
        console.log(`(${name}: older than Step Functions keeps; its history read from ${executionLogs.logGroupName})`);
    }
    if (!execution && !executionError && events.length === 0 && generation > 1) break;
    runs.push({ name, execution, executionError, events });
    if (!execution && events.length === 0) break;
  }
  const [first, ...continuations] = runs;
  const [contract, ledger, payout, dispute, hold, refunds] = await Promise.all([
    getContract(contractId),
    listLedger(contractId),
    getPayout(contractId),
    getDispute(contractId),
    getExecutionHold(contractId),
    listRefundLegs(contractId),
  ]);
  return {
    contract,
    input: {
      contractId,
      execution: first?.execution,
      executionError: first?.executionError,
      events: first?.events ?? [],
      continuations,
      contract: contract as ExecutionReportInput['contract'],
      ledger: ledger as ExecutionReportInput['ledger'],
      payout: payout as ExecutionReportInput['payout'],
      refunds: refunds as ExecutionReportInput['refunds'],
      dispute: dispute as ExecutionReportInput['dispute'],
      hold: hold as ExecutionReportInput['hold'],
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
