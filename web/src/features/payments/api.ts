import type { ContractView } from '@escrow/api/contracts';
import * as endpoints from '@escrow/api/endpoints';
import {
  type CardPaymentResponse,
  opayPaymentResponseSchema,
  type PaymentStatusResponse,
  type TransferAccountResponse,
} from '@escrow/api/payments';
import * as z from 'zod';
import { call } from '../../lib/api';
import { personName } from '../../lib/people';

/** The payments endpoints; bodies and replies are the shared API's (`@escrow/api/endpoints`). */

const pay = (contractId: string) => ({ body: { contractId } });

/** The contract being paid for, for the checkout summary (the caller is its acceptor, so a party). */
/** The contract being paid for, with the seller's name (who the money is for). */
export async function getCheckoutContract(contractId: string): Promise<ContractView & { seller_name?: string }> {
  const reply = await call(endpoints.getContract, { params: { id: contractId } });
  return { ...reply.contract, seller_name: personName(reply.people, reply.contract.creator_id) };
}

/** An account to transfer the amount due to; the server records the payment (its txRef) first. */
export function generateTransferAccount(contractId: string): Promise<TransferAccountResponse> {
  return call(endpoints.generateTransferAccount, pay(contractId));
}

/** The spec has its own text for a reply without a link, so the page, not the parse, decides about a missing one. */
const opayReplySchema = z.object({
  ...opayPaymentResponseSchema.shape,
  paymentLink: z.optional(opayPaymentResponseSchema.shape.paymentLink),
});
export type OpayPaymentReply = z.infer<typeof opayReplySchema>;

/** The provider's payment page to send the browser to. */
export function initiateOpayPayment(contractId: string): Promise<OpayPaymentReply> {
  return call(endpoints.initiateOpayPayment, { ...pay(contractId), reply: opayReplySchema });
}

/** The reference and amount the server recorded as due, before the card widget opens. */
export function startCardPayment(contractId: string): Promise<CardPaymentResponse> {
  return call(endpoints.startCardPayment, pay(contractId));
}

export function getPaymentStatus(txRef: string): Promise<PaymentStatusResponse> {
  return call(endpoints.getPaymentStatus, { body: { txRef } });
}
