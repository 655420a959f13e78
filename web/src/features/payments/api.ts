import { type ContractView, contractWithPeopleSchema } from '@escrow/api/contracts';
import {
  type CardPaymentResponse,
  cardPaymentResponseSchema,
  opayPaymentResponseSchema,
  type PaymentStatusResponse,
  type payContractRequestSchema,
  type paymentStatusRequestSchema,
  paymentStatusResponseSchema,
  type TransferAccountResponse,
  transferAccountResponseSchema,
} from '@escrow/api/payments';
import * as z from 'zod';
import { apiFetch } from '../../lib/api';
import { personName } from '../../lib/people';

/** The payments endpoints; bodies and replies are the shared API's (`@escrow/api/payments`). */

const pay = (contractId: string): z.input<typeof payContractRequestSchema> => ({ contractId });

/** The contract being paid for, for the checkout summary (the caller is its acceptor, so a party). */
/** The contract being paid for, with the seller's name (who the money is for). */
export async function getCheckoutContract(contractId: string): Promise<ContractView & { seller_name?: string }> {
  const reply = await apiFetch(`/contracts/${encodeURIComponent(contractId)}`, { schema: contractWithPeopleSchema });
  return { ...reply.contract, seller_name: personName(reply.people, reply.contract.creator_id) };
}

/** An account to transfer the amount due to; the server records the payment (its txRef) first. */
export function generateTransferAccount(contractId: string): Promise<TransferAccountResponse> {
  return apiFetch('/generate-transfer-account', { method: 'POST', body: pay(contractId), schema: transferAccountResponseSchema });
}

/** The spec has its own text for a reply without a link, so the page, not the parse, decides about a missing one. */
const opayReplySchema = z.object({
  ...opayPaymentResponseSchema.shape,
  paymentLink: z.optional(opayPaymentResponseSchema.shape.paymentLink),
});
export type OpayPaymentReply = z.infer<typeof opayReplySchema>;

/** The provider's payment page to send the browser to. */
export function initiateOpayPayment(contractId: string): Promise<OpayPaymentReply> {
  return apiFetch('/initiate-opay-payment', { method: 'POST', body: pay(contractId), schema: opayReplySchema });
}

/** The reference and amount the server recorded as due, before the card widget opens. */
export function startCardPayment(contractId: string): Promise<CardPaymentResponse> {
  return apiFetch('/start-card-payment', { method: 'POST', body: pay(contractId), schema: cardPaymentResponseSchema });
}

export function getPaymentStatus(txRef: string): Promise<PaymentStatusResponse> {
  const body: z.input<typeof paymentStatusRequestSchema> = { txRef };
  return apiFetch('/get-payment-status', { method: 'POST', body, schema: paymentStatusResponseSchema });
}
