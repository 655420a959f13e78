import type { RefundView, RefundViewStatus } from '../../api/refunds';
import { bankName, maskAccountNumber } from '../../domain/banks';
import { disputeSide } from '../../domain/dispute';
import { loadContract } from '../../entities/contract';
import { listRefundLegs, type RefundLeg } from '../../entities/refund';

function statusOf(leg: RefundLeg): RefundViewStatus {
  switch (leg.status) {
    case 'completed':
      return 'refunded';
    case 'awaiting_bank_details':
      return 'awaiting_bank_details';
    case 'failed':
      return 'with_support';
    default:
      return 'on_its_way';
  }
}

function viewOf(leg: RefundLeg): RefundView {
  const to = leg.method === 'bank_transfer' ? leg.destination : null;
  return {
    leg: leg.leg,
    reason: leg.reason,
    amount_minor: leg.amount_minor,
    currency: leg.currency,
    status: statusOf(leg),
    method: leg.method ?? 'provider_refund',
    to: to
      ? { account_name: to.account_name, bank_name: bankName(to.bank_code), account_number: maskAccountNumber(to.account_number) }
      : null,
    conversion: to?.conversion ?? null,
    created_at: leg.created_at,
    completed_at: leg.completed_at,
  };
}

/** The caller's refunds on a contract they are a party to (403 for anyone else, 404 without the contract). */
export async function refundsFor(contractId: string, sub: string): Promise<RefundView[]> {
  const contract = await loadContract(contractId);
  disputeSide(contract, sub);
  const legs = await listRefundLegs(contractId);
  return legs
    .filter((leg) => leg.payer_id === sub)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map(viewOf);
}
