import { type Currency, formatAmount, platformFeePercent } from '@escrow/domain/money';
import { Detail } from './ui/page';

/** The Title and Description rows of a contract's or template's details; the description keeps its line breaks. */
export function TitleAndDescription({ title, description }: { title: string; description: string }) {
  return (
    <>
      <Detail label="Title">{title}</Detail>
      <Detail label="Description">
        <span className="whitespace-pre-line">{description}</span>
      </Detail>
    </>
  );
}

/** "3 days" / "1 day": an inspection window as people read it. */
export const inspectionWindowText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** What a buyer is told about the inspection window before they take an offer: what happens when it ends. */
export const inspectionWindowExplained =
  'After the seller delivers, you have this long to check it and mark the contract completed, or open a dispute. If you do neither, the delivery counts as accepted.';

/**
 * The Inspection window row of a template's (or contract's) details: the days the buyer has to
 * check a delivery; `forBuyer` (an offer they are about to take) adds what happens when it ends.
 */
export function InspectionWindowDetail({ days, forBuyer = false }: { days: number; forBuyer?: boolean }) {
  return (
    <Detail label="Inspection window">
      <span>{`${inspectionWindowText(days)} to check the delivery`}</span>
      {forBuyer && <span className="block text-sm text-gray-600 dark:text-gray-400">{inspectionWindowExplained}</span>}
    </Detail>
  );
}

/** What the buyer is told about the fee before paying: it is the seller's, never added to what they pay. */
export const buyerPaysNote = `No fee for you: the ${platformFeePercent} fee comes out of the seller's payout. The money stays in escrow until you are satisfied.`;

/**
 * Who is paid and what the buyer pays, before they pay (accept, summary, checkout): the seller's
 * name, the contract's amount and what is charged now (`payNowMinor`: the whole value, or what
 * is still due), with the fee said to be the seller's.
 */
export function WhatYouPay({
  seller,
  amountMinor,
  payNowMinor,
  currency,
}: {
  seller: string | undefined;
  amountMinor: number;
  payNowMinor: number;
  currency: Currency;
}) {
  return (
    <>
      {seller && <Detail label="Seller">{seller}</Detail>}
      <Detail label="Contract amount">{formatAmount(amountMinor, currency)}</Detail>
      <Detail label="You pay">
        <span className="text-xl font-bold">{formatAmount(payNowMinor, currency)}</span>
        <span className="block text-sm text-gray-600 dark:text-gray-400">{buyerPaysNote}</span>
      </Detail>
    </>
  );
}
