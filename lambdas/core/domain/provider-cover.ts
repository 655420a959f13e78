import { type CustomerMoney, owedMinor } from './ledger';
import { type Currency, formatAmount } from './money';

/**
 * Whether the provider holds what customers are owed: the money in escrow, in suspense (owed
 * back) and on its way back, against the provider's balance. The reconciliation proves the ledger
 * and the provider agree; this proves the money they agree on is enough. They can agree and still
 * fall short: the provider's fees on a refund (the payment's fee is not given back) or on a transfer
 * come out of its balance, and when the platform's 2% and its float do not cover them, they come
 * out of customers' money. Plain functions, no AWS.
 */

/** What the check reads, in minor units of `currency`. */
export interface CoverFigures {
  currency: Currency;
  /** What the ledger says customers are owed. */
  owed: CustomerMoney;
  /**
   * The provider's ledger balance: everything it holds for us, settled or not (the ledger counts a
   * payment once the provider confirms it, before it settles).
   */
  providerMinor: number;
  /** What of it transfers and refunds can be paid from now. */
  availableMinor: number;
  /**
   * Transfers and refunds the provider has taken out of its balance and the ledger still counts as
   * owed (it posts them once they complete): their amounts only, since the fee taken with a transfer
   * is gone for good whichever way it ends.
   */
  inFlightMinor: number;
}

export interface CoverCheck extends CoverFigures {
  owedMinor: number;
  /** What the provider holds for customers: its balance and what is on its way to them. */
  coverMinor: number;
  /** How far the cover falls short of what is owed (0 when it covers it). */
  shortfallMinor: number;
  /** When the figures were read (ISO). */
  checkedAt: string;
}

/** The check of one currency's figures as read at `checkedAt`. */
export function coverCheck(figures: CoverFigures, checkedAt: string): CoverCheck {
  const owed = owedMinor(figures.owed);
  const cover = figures.providerMinor + figures.inFlightMinor;
  return { ...figures, owedMinor: owed, coverMinor: cover, shortfallMinor: Math.max(0, owed - cover), checkedAt };
}

/** Whether there is anything to check in a currency: money owed, held or moving. */
export const isQuiet = (figures: CoverFigures) =>
  owedMinor(figures.owed) === 0 && figures.providerMinor === 0 && figures.availableMinor === 0 && figures.inFlightMinor === 0;

/** A check as finance and ops read it, on one line. */
export function describeCover(check: CoverCheck): string {
  const money = (minor: number) => formatAmount(minor, check.currency);
  const figures =
    `the provider holds ${money(check.providerMinor)}` +
    (check.inFlightMinor === 0 ? '' : ` and ${money(check.inFlightMinor)} on its way to customers`) +
    `; customers are owed ${money(check.owedMinor)}`;
  return check.shortfallMinor > 0
    ? `${check.currency}: ${figures}: SHORT by ${money(check.shortfallMinor)}`
    : `${check.currency}: ${figures}: covered, ${money(check.coverMinor - check.owedMinor)} to spare`;
}
