/**
 * The money movements of a date range, for `npm run executions -- --since <date> [--until <date>]
 * [--csv]`: every release (payout), refund leg and failure (a payout or refund waiting for ops, an
 * execution that failed) dated in the range, one row each, as a table or as CSV.
 *
 * The rows come from the executions active in the range (ListExecutions, newest first: a contract
 * lives at most a year, so paging stops a year before the range) and from the contracts with a
 * ledger posting in it (what finds them once Step Functions no longer lists their executions, 90
 * days after they end), and, for each, the contract's payout and refund legs read by key.
 */
import { type ExecutionListItem, paginateListExecutions, type SFNClient } from '@aws-sdk/client-sfn';
import { raisedAt } from '../lambdas/core/domain/bank-details-wait';
import { type Currency, currencyCodes, formatAmount } from '../lambdas/core/domain/money';
import { getContract } from '../lambdas/core/entities/contract';
import { type ExecutionHold, getExecutionHold } from '../lambdas/core/entities/execution-hold';
import { postingsBetween } from '../lambdas/core/entities/ledger';
import { getPayout, type Payout } from '../lambdas/core/entities/payout';
import { awaitingSince, listRefundLegs, type RefundLeg } from '../lambdas/core/entities/refund';
import type { LoggedBadEnd } from './execution-logs';

export type MovementKind =
  | 'release'
  | 'payout failed'
  | 'refund'
  | 'refund failed'
  | 'refund awaiting bank details'
  | 'execution failed'
  | 'execution waits for ops';

export interface MovementRow {
  /** When it happened (ISO): the payout paid or failed, the refund asked for or completed, the execution stopped. */
  at: string;
  contractId: string;
  title: string;
  kind: MovementKind;
  currency: Currency | '';
  /** Minor units moved (released, refunded); 0 for an execution that failed. */
  amountMinor: number;
  feeMinor: number;
  status: string;
  reference: string;
  detail: string;
}

export interface ContractMoney {
  contractId: string;
  title: string;
  execution?: Pick<ExecutionListItem, 'status' | 'stopDate'> & { name?: string };
  /** The contract's later execution that carried on after this one (it failed, or continued as new). */
  continuedBy?: string;
  /** Where the contract's execution waits for ops, if it does (read with its latest execution). */
  hold?: Pick<ExecutionHold, 'execution_name' | 'state' | 'error' | 'status' | 'since' | 'retries' | 'retry_at'>;
  payout?: Payout;
  refunds: RefundLeg[];
}

const failedExecution = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

/**
 * One contract's movements within [since, until) (pure: tested without AWS). A refund that has
 * waited 7 days (of `dayMs`) for its buyer's bank account, as of `now`, is also a failure, dated
 * when it was raised to ops.
 */
export function movementRows(
  money: ContractMoney,
  since: Date,
  until: Date,
  { now = new Date(), dayMs = 86_400_000 }: { now?: Date; dayMs?: number } = {},
): MovementRow[] {
  const inRange = (at: string | null | undefined): at is string =>
    typeof at === 'string' && at >= since.toISOString() && at < until.toISOString();
  const rows: MovementRow[] = [];
  const base = { contractId: money.contractId, title: money.title };
  const { payout } = money;
  if (payout) {
    const at = payout.paid_at ?? payout.updated_at;
    if (inRange(at) && (payout.status === 'paid' || payout.status === 'failed'))
      rows.push({
        ...base,
        at,
        kind: payout.status === 'paid' ? 'release' : 'payout failed',
        currency: payout.currency,
        amountMinor: payout.payout_minor,
        feeMinor: payout.fee_minor,
        status: payout.status,
        reference: payout.reference,
        detail:
          payout.status === 'failed'
            ? `waits for ops after ${payout.attempts} attempt${payout.attempts === 1 ? '' : 's'}: ${payout.provider_message ?? ''}`.trim()
            : `released ${formatAmount(payout.released_minor, payout.currency)} to ${payout.account_name}`,
      });
  }
  for (const leg of money.refunds) {
    const at = leg.completed_at ?? leg.updated_at ?? leg.created_at;
    if (!inRange(at)) continue;
    rows.push({
      ...base,
      at,
      kind: leg.status === 'failed' ? 'refund failed' : 'refund',
      currency: leg.currency,
      amountMinor: leg.amount_minor,
      feeMinor: 0,
      status: leg.status,
      reference: leg.reference,
      detail: [leg.reason, leg.failure_reason].filter(Boolean).join(': '),
    });
  }
  for (const leg of money.refunds) {
    if (leg.status !== 'awaiting_bank_details') continue;
    const raised = raisedAt(awaitingSince(leg), dayMs);
    if (raised > now || !inRange(raised.toISOString())) continue;
    const reminders = leg.bank_reminders ?? 0;
    rows.push({
      ...base,
      at: raised.toISOString(),
      kind: 'refund awaiting bank details',
      currency: leg.currency,
      amountMinor: leg.amount_minor,
      feeMinor: 0,
      status: leg.status,
      reference: leg.reference,
      detail: `waits since ${awaitingSince(leg)} for the buyer's bank account; reminded ${reminders} time${reminders === 1 ? '' : 's'}`,
    });
  }
  const stopped = money.execution?.stopDate?.toISOString();
  if (money.execution?.status && failedExecution.has(money.execution.status) && inRange(stopped))
    rows.push({
      ...base,
      at: stopped,
      kind: 'execution failed',
      currency: '',
      amountMinor: 0,
      feeMinor: 0,
      status: money.execution.status,
      reference: money.execution.name ?? money.contractId,
      detail: money.continuedBy
        ? `continued by ${money.continuedBy}`
        : 'npm run executions -- <contractId> shows where it stopped; npm run redrive -- <contractId> within 14 days',
    });
  const { hold } = money;
  if (hold?.status === 'waiting' && inRange(hold.since))
    rows.push({
      ...base,
      at: hold.since,
      kind: 'execution waits for ops',
      currency: '',
      amountMinor: 0,
      feeMinor: 0,
      status: 'waiting',
      reference: hold.execution_name,
      detail: `${hold.state}: ${hold.error}; tried again ${hold.retries} time${hold.retries === 1 ? '' : 's'}, next ${hold.retry_at}; npm run resume-execution -- <contractId>`,
    });
  return rows;
}

const columns = ['at', 'contract', 'kind', 'amount', 'fee', 'status', 'reference', 'detail'] as const;

function cells(row: MovementRow): string[] {
  const money = (minor: number) => (row.currency ? formatAmount(minor, row.currency) : '');
  return [
    row.at,
    row.contractId,
    row.kind,
    money(row.amountMinor),
    row.feeMinor ? money(row.feeMinor) : '',
    row.status,
    row.reference,
    row.detail,
  ];
}

/** The rows as an aligned table, oldest first, with a count of each kind under it. */
export function movementTable(rows: MovementRow[]): string[] {
  if (rows.length === 0) return ['No releases, refunds or failures in this range.'];
  const body = rows.map(cells);
  const widths = columns.map((name, i) => Math.max(name.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.kind, (counts.get(row.kind) ?? 0) + 1);
  return [line(columns), ...body.map(line), '', [...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')];
}

/** The rows as CSV (RFC 4180: quoted where needed), amounts also in minor units for spreadsheets. */
export function movementCsv(rows: MovementRow[]): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const header = ['at', 'contract_id', 'title', 'kind', 'currency', 'amount_minor', 'fee_minor', 'status', 'reference', 'detail'];
  const lines = rows.map((r) =>
    [r.at, r.contractId, r.title, r.kind, r.currency, r.amountMinor, r.feeMinor, r.status, r.reference, r.detail]
      .map(quote)
      .join(','),
  );
  return [header.join(','), ...lines].join('\n');
}

/** A contract lives at most a year (and its continuations after it): executions that started earlier have nothing in the range. */
const oldestStartMs = 400 * 24 * 60 * 60 * 1000;

/** The contracts with a ledger posting in [since, until), in any currency. */
async function contractsWithPostings(since: Date, until: Date): Promise<string[]> {
  const found = new Set<string>();
  for (const currency of currencyCodes)
    for (const entry of await postingsBetween(currency, since.toISOString(), until.toISOString())) found.add(entry.contract_id);
  return [...found];
}

/** Every movement of the range on a stage (or the local cloud), oldest first. */
export async function moneyMovements(
  clients: {
    sfn: SFNClient;
    stateMachineArn: string;
    /** The executions that ended badly in the range, from the stage's log group (none locally: the local Step Functions forgets nothing). */
    badEndsLogged?: (since: Date, until: Date) => Promise<LoggedBadEnd[]>;
  },
  since: Date,
  until: Date,
  /** A business day (shorter under a local cloud's time scale): when a refund waiting for bank details is raised. */
  dayMs = 86_400_000,
): Promise<MovementRow[]> {
  const { sfn, stateMachineArn } = clients;
  const executions: ExecutionListItem[] = [];
  pages: for await (const page of paginateListExecutions({ client: sfn }, { stateMachineArn })) {
    for (const execution of page.executions ?? []) {
      if (execution.startDate && execution.startDate.getTime() < since.getTime() - oldestStartMs) break pages;
      if (execution.startDate && execution.startDate >= until) continue;
      if (execution.stopDate && execution.stopDate < since) continue;
      executions.push(execution);
    }
  }
  const rows: MovementRow[] = [];
  // A contract's latest execution, the first listed (newest first): `<id>--2` carries on after `<id>`.
  const latestOf = new Map<string, string | undefined>();
  const add = async (contractId: string, execution?: Pick<ExecutionListItem, 'status' | 'stopDate' | 'name'>) => {
    // Only the latest execution of a contract reads its payout, refunds and hold.
    const latest = !latestOf.has(contractId);
    if (latest) latestOf.set(contractId, execution?.name);
    const newest = latestOf.get(contractId);
    const [contract, payout, hold, refunds] = await Promise.all([
      getContract(contractId),
      latest ? getPayout(contractId) : undefined,
      latest ? getExecutionHold(contractId) : undefined,
      latest ? listRefundLegs(contractId) : [],
    ]);
    rows.push(
      ...movementRows(
        {
          contractId,
          title: String(contract?.title ?? ''),
          ...(execution ? { execution } : {}),
          ...(!latest && newest && newest !== execution?.name ? { continuedBy: newest } : {}),
          hold,
          payout,
          refunds,
        },
        since,
        until,
        { dayMs },
      ),
    );
  };
  // A continuation (`<id>--2`) is the same contract.
  for (const execution of executions) await add((execution.name ?? '').replace(/--\d+$/, ''), execution);
  // An execution that ended badly more than 90 days ago is no longer listed: its logged end still says so.
  const listed = new Set(executions.map((e) => e.name));
  for (const ended of (await clients.badEndsLogged?.(since, until)) ?? [])
    if (!listed.has(ended.name)) await add(ended.name.replace(/--\d+$/, ''), ended);
  // Step Functions lists an execution for 90 days after it ends; the ledger's postings of the range
  // (GSI1, by time) find the contracts whose money moved then, however old.
  for (const contractId of await contractsWithPostings(since, until)) if (!latestOf.has(contractId)) await add(contractId);
  return rows.sort((a, b) => a.at.localeCompare(b.at));
}
