import type { Contract } from './escrow-contract';
import { scaledMs } from './time-scale';

/**
 * Delivery and inspection (ARCHITECTURE §5b): once a contract is fully funded the creator marks it
 * delivered with a note; the payer then has the contract's inspection window to accept it or
 * open a dispute, and silence until the window ends counts as satisfaction. Plain functions, no AWS.
 */

/** The inspection window a contract (or template) is created with, in days. */
export const inspectionDays = { min: 1, max: 14, default: 3 } as const;

/** The longest delivery note, in characters. */
export const deliveryNoteMaxLength = 1_000;

/** The payer is reminded this long before the inspection window ends. */
export const inspectionReminderMs = 24 * 60 * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

/** When the inspection window of a delivery made at `deliveredAt` ends, under the time scale `factor`. */
export function inspectionEndsAt(deliveredAt: string, days: number, factor: number): string {
  return new Date(Date.parse(deliveredAt) + scaledMs(days * dayMs, factor)).toISOString();
}

/** When the payer is reminded: 24 h (scaled) before the window ends, but never before the delivery. */
export function inspectionReminderAt(deliveredAt: string, endsAt: string, factor: number): string {
  const at = Date.parse(endsAt) - scaledMs(inspectionReminderMs, factor);
  return new Date(Math.max(Date.parse(deliveredAt), at)).toISOString();
}

/**
 * Whole seconds from `now` until `at`, at least 1: a state machine timer (TimeoutSecondsPath must
 * be a positive integer), so a moment already past is waited for one second and then acted on.
 */
export function secondsUntil(at: string, now: number): number {
  return Math.max(1, Math.ceil((Date.parse(at) - now) / 1000));
}

/** Where a contract's inspection timer stands, for the state machine: the status, and the seconds to wait next. */
export interface InspectionTimer {
  status: Contract['status'];
  /** Seconds until the timer is due again (the reminder, then the window's end); 1 at least. */
  seconds: number;
}

/**
 * The inspection timer of a contract as of `now` under the time scale `factor`: while it is
 * `delivered`, the reminder while that is still to come (and not `reminded`), then the window's end.
 */
export function inspectionTimer(
  contract: Pick<Contract, 'status' | 'delivered_at' | 'inspection_ends_at'>,
  reminded: boolean,
  now: number,
  factor: number,
): InspectionTimer {
  if (contract.status !== 'delivered' || !contract.delivered_at || !contract.inspection_ends_at)
    return { status: contract.status, seconds: 1 };
  const reminderAt = inspectionReminderAt(contract.delivered_at, contract.inspection_ends_at, factor);
  const next = !reminded && Date.parse(reminderAt) > now ? reminderAt : contract.inspection_ends_at;
  return { status: contract.status, seconds: secondsUntil(next, now) };
}

/**
 * Days from the first money in escrow the creator has to deliver: a contract still undelivered then
 * (fully or partly funded) is refunded to the payer in full, so no escrow waits forever.
 */
export const deliveryDeadlineDays = 30;

/** When a contract first funded at `fundedAt` must be delivered by, under the time scale `factor`. */
export function deliveryDueAt(fundedAt: string, factor: number): string {
  return new Date(Date.parse(fundedAt) + scaledMs(deliveryDeadlineDays * dayMs, factor)).toISOString();
}

/** Where a contract's delivery deadline stands, for the state machine: the status, and the seconds left. */
export interface DeliveryTimer {
  status: Contract['status'];
  amountPaidMinor: number;
  /** Seconds until the delivery deadline (1 at least). */
  deliverySeconds: number;
}

/**
 * The longest one timer of the workflow waits (20 days, like its other re-armed waits): a longer
 * deadline is waited for in turns, DeliveryDue handing back what is left. Local Step Functions
 * runs on Node timers, which cannot wait past about 24.8 days.
 */
export const longestTimerSeconds = 20 * 24 * 60 * 60;

/** The delivery deadline's timer as of `now`: the seconds until it, in turns of at most {@link longestTimerSeconds}. */
export function deliveryTimer(
  contract: Pick<Contract, 'status' | 'amount_paid_minor' | 'delivery_due_at'>,
  now: number,
): DeliveryTimer {
  const left = contract.delivery_due_at ? secondsUntil(contract.delivery_due_at, now) : 1;
  return {
    status: contract.status,
    amountPaidMinor: contract.amount_paid_minor,
    deliverySeconds: Math.min(left, longestTimerSeconds),
  };
}

export const deliveryMessages = {
  onlyCreatorDelivers: 'Only the creator of this contract can mark it delivered.',
  notDeliverable: (status: string) =>
    `This contract is currently "${status}" and cannot be marked delivered: it must be fully funded first.`,
  noteRequired: 'Please say what was delivered (what was sent, tracking or a link).',
  noteTooLong: `The delivery note can be at most ${deliveryNoteMaxLength} characters.`,
  inspectionDaysRange: `The inspection window must be a whole number of days from ${inspectionDays.min} to ${inspectionDays.max}.`,
} as const;
