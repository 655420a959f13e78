/**
 * A refund that waits for its buyer's bank account (the provider would not refund their payment,
 * or the bank declined the transfer to the account they gave): how often the buyer is reminded,
 * and when ops are raised. Business days (scaled by the time scale like every other deadline);
 * plain functions, no AWS.
 */

/** After how many days of waiting the buyer is reminded: then every week on from the last. */
export const bankDetailsReminderDays = [1, 3, 6] as const;
const reminderEveryDaysAfter = 7;

/** After this many days of waiting, ops are raised (RefundsAwaitingBankDetailsOver7Days): the buyer may never come back. */
export const bankDetailsRaiseAfterDays = 7;

/**
 * How many reminders are due after waiting `waitedMs`, with days of `dayMs`: 1 after a day, 2
 * after 3 days, 3 after 6 days, then one more each week. A run sends one reminder when fewer than
 * this were sent, never the ones it missed (a sweep that was down does not make up a flood).
 */
export function remindersDue(waitedMs: number, dayMs: number): number {
  const days = waitedMs / dayMs;
  const first = bankDetailsReminderDays.filter((day) => days >= day).length;
  if (first < bankDetailsReminderDays.length) return first;
  const last = bankDetailsReminderDays[bankDetailsReminderDays.length - 1] as number;
  return first + Math.floor((days - last) / reminderEveryDaysAfter);
}

/** Whether a refund has waited long enough for ops to be raised. */
export const isOverdue = (waitedMs: number, dayMs: number) => waitedMs >= bankDetailsRaiseAfterDays * dayMs;

/** When a wait that began at `since` (ISO) was raised to ops. */
export const raisedAt = (since: string, dayMs: number) => new Date(Date.parse(since) + bankDetailsRaiseAfterDays * dayMs);
