import { floatFundedPosting } from '../domain/ledger';
import type { Currency } from '../domain/money';
import { floatLedgerId, getTopUp, ledgerEntryPut, type TopUp, topUpPut } from '../entities/ledger';
import { failedConditions, transactWrite } from '../entities/table';

/**
 * Records a top-up of the provider wallet with the platform's own money (its float), once per
 * reference: the record and its posting (provider_holding up, `float` credited) in one
 * transaction. Without it, money put in to cover a shortfall would be a difference between the
 * ledger and the provider every day. Answers whether this call recorded it, and the record.
 */
export async function recordTopUp(input: {
  currency: Currency;
  amountMinor: number;
  reference: string;
  recordedBy: string;
}): Promise<{ recorded: boolean; topUp: TopUp }> {
  const now = new Date().toISOString();
  const topUp: TopUp = {
    reference: input.reference,
    currency: input.currency,
    amount_minor: input.amountMinor,
    recorded_by: input.recordedBy,
    recorded_at: now,
  };
  const posting = floatFundedPosting(`top-up-${input.reference}`, input.amountMinor);
  try {
    await transactWrite([topUpPut(topUp), ledgerEntryPut({ id: floatLedgerId, currency: input.currency }, posting, now)]);
    return { recorded: true, topUp };
  } catch (error) {
    if (!failedConditions(error)) throw error;
    const kept = await getTopUp(input.reference);
    if (!kept) throw error;
    return { recorded: false, topUp: kept };
  }
}
