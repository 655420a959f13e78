import { appLink } from '../../adapters/email';
import { timeScale } from '../../adapters/env';
import { logger } from '../../adapters/logger';
import { isOverdue, remindersDue } from '../../domain/bank-details-wait';
import { formatAmount } from '../../domain/money';
import type { ThrottleRule } from '../../domain/throttle-rules';
import { scaledMs } from '../../domain/time-scale';
import { getContract } from '../../entities/contract';
import { notificationItems } from '../../entities/notification';
import { awaitingSince, claimBankReminder, type RefundLeg } from '../../entities/refund';
import { transactWrite } from '../../entities/table';
import { countIfWithin } from '../../entities/throttle';

/**
 * Reminders to buyers whose refund waits for their bank account (the provider would not refund
 * their payment, or their bank declined the transfer): after 1, 3 and 6 days of waiting, then
 * weekly, one notification and one email per buyer per day at most, naming every refund of theirs
 * that is due one. Each leg's reminder is claimed on the leg first, so two runs remind once.
 */

const dayMs = () => scaledMs(86_400_000, timeScale());

/** At most one reminder a day per buyer, whatever number of their refunds wait. */
const oncePerDay = (): ThrottleRule => ({
  scope: 'refund-bank-reminder',
  limit: 1,
  windowSeconds: dayMs() / 1000,
  message: 'Reminded today already.',
});

/** Whether a waiting leg is due its next reminder now, and which one that is. */
export function nextReminder(leg: RefundLeg, now: number): number | undefined {
  const due = remindersDue(now - Date.parse(awaitingSince(leg)), dayMs());
  return due > (leg.bank_reminders ?? 0) ? due : undefined;
}

/** The legs, of the waiting ones, that have waited long enough for ops to be raised. */
export const overdueLegs = (legs: readonly RefundLeg[], now: number) =>
  legs.filter((leg) => isOverdue(now - Date.parse(awaitingSince(leg)), dayMs()));

/** Reminds each buyer due a reminder; answers the references reminded of. One buyer's failure does not stop the others. */
export async function remindAwaitingBankDetails(legs: readonly RefundLeg[], now = new Date()): Promise<string[]> {
  const byPayer = new Map<string, RefundLeg[]>();
  for (const leg of legs)
    if (nextReminder(leg, now.getTime()) !== undefined) byPayer.set(leg.payer_id, [...(byPayer.get(leg.payer_id) ?? []), leg]);
  const reminded: string[] = [];
  for (const [payer, due] of byPayer) {
    try {
      reminded.push(...(await remindPayer(payer, due, now)));
    } catch (error) {
      logger.error('Refund reminder not sent', { payer, references: due.map((l) => l.reference), error: error as Error });
    }
  }
  return reminded;
}

async function remindPayer(payer: string, due: RefundLeg[], now: Date): Promise<string[]> {
  if (!(await countIfWithin(oncePerDay(), payer, now.getTime()))) return [];
  const at = now.toISOString();
  const claimed: RefundLeg[] = [];
  for (const leg of due) {
    const count = nextReminder(leg, now.getTime());
    if (count !== undefined && (await claimBankReminder(leg, count, at))) claimed.push(leg);
  }
  const first = claimed[0];
  if (!first) return [];
  const contracts = await Promise.all(claimed.map((leg) => getContract(leg.contract_id)));
  const owed = claimed.map((leg, i) => {
    const title = contracts[i]?.title;
    return `${formatAmount(leg.amount_minor, leg.currency)} for ${title ? `"${title}"` : 'your contract'}`;
  });
  const body = `${joinAnd(owed)} ${claimed.length === 1 ? 'is' : 'are'} waiting to be sent back to you. Add or check your bank account in My Account and save it: your refund is sent there as soon as you do.`;
  await transactWrite(
    notificationItems(payer, 'Refund waiting for your bank account', body, at, {
      contract: { id: first.contract_id, title: contracts[0]?.title ?? 'your contract' },
      email: 'refund-awaiting-bank-details',
      values: { link: appLink('/bank-info') },
    }),
  );
  return claimed.map((leg) => leg.reference);
}

function joinAnd(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
