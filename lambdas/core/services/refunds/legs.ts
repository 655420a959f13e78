import { allocateRefund } from '../../domain/dispute';
import type { Contract } from '../../domain/escrow-contract';
import { getContract } from '../../entities/contract';
import { listPaymentReferences } from '../../entities/contract-payment';
import { getPayment } from '../../entities/payment';
import { listTransactionRecords } from '../../entities/provider-transaction';
import { listRefundLegs, newRefundLeg, type RefundLeg, type RefundReason } from '../../entities/refund';

/**
 * Whose payments funded a contract, and every contract whose refunds come out of them: a milestone
 * contract's money is its whole contract's (issue 38), so a refund of one milestone takes from the
 * payments the whole contract received, less what every other milestone and the contract itself
 * already send back.
 */
async function fundingFamily(contract: Contract): Promise<{ fundedBy: string; members: string[] }> {
  const whole = contract.milestone_of ? await getContract(contract.milestone_of.contract_id) : contract;
  const fundedBy = whole?.id ?? contract.id;
  return { fundedBy, members: [fundedBy, ...(whole?.milestones ?? []).map((m) => m.contract_id)] };
}

/**
 * The refund legs of `refundMinor` going back out of a contract's escrow (a settlement, a
 * cancellation): spread over the payer's credited provider transactions, oldest first, each taking
 * at most what of it sits in escrow (its amount less any excess already going back from suspense),
 * so the provider is never asked for more than a transaction has left (`decidedWith`: legs decided
 * in the same transaction, not written yet). Written by the caller, with their postings, in the
 * transaction that decides them.
 */
export async function escrowRefundLegs(
  contract: Contract,
  refundMinor: number,
  reason: Extract<RefundReason, 'settlement' | 'cancellation'>,
  now: string,
  decidedWith: readonly RefundLeg[] = [],
): Promise<RefundLeg[]> {
  if (refundMinor === 0) return [];
  const family = await fundingFamily(contract);
  const [references, legs] = await Promise.all([
    listPaymentReferences(family.fundedBy),
    Promise.all(family.members.map(listRefundLegs)).then((all) => [...all.flat(), ...decidedWith]),
  ]);
  const sources: { source: string; available_minor: number; tx_ref: string; payer_id: string }[] = [];
  for (const txRef of references) {
    const [payment, records] = await Promise.all([getPayment(txRef), listTransactionRecords(txRef)]);
    if (!payment) continue;
    for (const record of records.filter((r) => r.outcome === 'credited')) {
      const goingBack = legs
        .filter((leg) => leg.provider_transaction_id === record.provider_transaction_id)
        .reduce((sum, leg) => sum + leg.amount_minor, 0);
      sources.push({
        source: record.provider_transaction_id,
        available_minor: record.amount_minor - goingBack,
        tx_ref: txRef,
        payer_id: payment.payer_id,
      });
    }
  }
  return allocateRefund(refundMinor, sources).map(({ source, amount_minor }) => {
    const from = sources.find((s) => s.source === source) as (typeof sources)[number];
    const leg = `${reason === 'settlement' ? 'settle' : 'cancel'}-tx-${source}`;
    return newRefundLeg(
      {
        contract_id: contract.id,
        leg,
        reason,
        amount_minor,
        currency: contract.currency,
        from: 'escrow',
        provider_transaction_id: source,
        tx_ref: from.tx_ref,
        payer_id: from.payer_id,
      },
      now,
    );
  });
}
