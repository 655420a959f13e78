import { messageResponseSchema } from '@escrow/api/common';
import {
  type ContractForAcceptor,
  type ContractView,
  type ContractWithPeople,
  type CreateContractRequest,
  type CreateContractResponse,
  cancellationResponseSchema,
  contractForAcceptorSchema,
  type contractIdRequestSchema,
  contractListResponseSchema,
  contractResponseSchema,
  contractWithPeopleSchema,
  createContractResponseSchema,
  type EditContractRequest,
  type MarkDeliveredRequest,
} from '@escrow/api/contracts';
import {
  type AcceptSettlementRequest,
  type DisputeActionResponse,
  type DisputeView,
  disputeActionResponseSchema,
  disputeResponseSchema,
  type OpenDisputeRequest,
  type ProposeSettlementRequest,
  type refundInFullRequestSchema,
} from '@escrow/api/disputes';
import { type RefundView, refundsResponseSchema } from '@escrow/api/refunds';
import type { markSatisfiedRequestSchema } from '@escrow/api/satisfaction';
import type { z } from 'zod';
import { apiFetch } from '../../lib/api';

/** The contracts endpoints; bodies and replies are the shared API's (`@escrow/api/contracts`). */

const path = (contractId: string) => `/contracts/${encodeURIComponent(contractId)}`;
const byId = (contractId: string): z.input<typeof contractIdRequestSchema> => ({ contractId });

/** Named by email, the reply says whether we emailed the buyer (`invitation_emailed`); false: share the link by hand. */
export function createContract(body: CreateContractRequest): Promise<CreateContractResponse> {
  return apiFetch('/create-contract', { method: 'POST', body, schema: createContractResponseSchema });
}

export function getContractForAcceptor(contractId: string): Promise<ContractForAcceptor> {
  return apiFetch('/get-contract-for-acceptor', { method: 'POST', body: byId(contractId), schema: contractForAcceptorSchema });
}

export function acceptContract(contractId: string): Promise<{ contract: ContractView }> {
  return apiFetch('/accept-contract', { method: 'POST', body: byId(contractId), schema: contractResponseSchema });
}

export function rejectContract(contractId: string): Promise<{ contract: ContractView }> {
  return apiFetch('/reject-contract', { method: 'POST', body: byId(contractId), schema: contractResponseSchema });
}

/** The caller's contracts as creator, newest first. */
export async function listMyContracts(): Promise<ContractView[]> {
  const reply = await apiFetch('/contracts', { schema: contractListResponseSchema });
  return reply.contracts;
}

/** The contract with its creator, named acceptor and payers, with their names where known. */
export function getContract(contractId: string): Promise<ContractWithPeople> {
  return apiFetch(path(contractId), { schema: contractWithPeopleSchema });
}

export async function editContract(contractId: string, body: EditContractRequest): Promise<ContractView> {
  const reply = await apiFetch(path(contractId), { method: 'PATCH', body, schema: contractResponseSchema });
  return reply.contract;
}

export function deleteContract(contractId: string): Promise<{ message: string }> {
  return apiFetch(path(contractId), { method: 'DELETE', schema: messageResponseSchema });
}

/** Contracts the caller accepted or paid for. */
export async function listEngagedContracts(): Promise<ContractView[]> {
  const reply = await apiFetch('/engaged-contracts', { schema: contractListResponseSchema });
  return reply.contracts;
}

/** The payer says the contract is done (satisfied); the creator may then release the funds. */
export async function markContractCompleted(contractId: string): Promise<ContractView> {
  const body: z.input<typeof markSatisfiedRequestSchema> = { contractId };
  const reply = await apiFetch('/mark-contract-completed', { method: 'POST', body, schema: contractResponseSchema });
  return reply.contract;
}

/** The creator says what was delivered; the payer's inspection window starts. */
export async function markDelivered(contractId: string, note: string): Promise<ContractView> {
  const body: MarkDeliveredRequest = { contractId, note };
  const reply = await apiFetch('/mark-delivered', { method: 'POST', body, schema: contractResponseSchema });
  return reply.contract;
}

/**
 * Cancels a funded contract before delivery (everything paid back to the buyer, no fee), or, when
 * the caller is a buyer who may not cancel alone, asks the seller to: the reply's `message` says which.
 */
export function cancelContract(contractId: string): Promise<z.infer<typeof cancellationResponseSchema>> {
  return apiFetch('/cancel-contract', { method: 'POST', body: byId(contractId), schema: cancellationResponseSchema });
}

/** The contract's dispute as the caller's side sees it; null while it has none. */
export async function getDispute(contractId: string): Promise<DisputeView | null> {
  const reply = await apiFetch(`${path(contractId)}/dispute`, { schema: disputeResponseSchema });
  return reply.dispute;
}

/** The caller's own refunds on the contract, oldest first: empty for the seller, and for a buyer with none. */
export async function getRefunds(contractId: string): Promise<RefundView[]> {
  const reply = await apiFetch(`${path(contractId)}/refunds`, { schema: refundsResponseSchema });
  return reply.refunds;
}

/** Either party opens a dispute on a funded contract: the release is frozen until it is settled. */
export function openDispute(body: OpenDisputeRequest): Promise<DisputeActionResponse> {
  return apiFetch('/open-dispute', { method: 'POST', body, schema: disputeActionResponseSchema });
}

/** Proposes how the held money is split (the amount back to the buyer); it replaces any earlier proposal. */
export function proposeSettlement(body: ProposeSettlementRequest): Promise<DisputeActionResponse> {
  return apiFetch('/propose-settlement', { method: 'POST', body, schema: disputeActionResponseSchema });
}

/** Accepts the other side's latest proposal, named by its id: the dispute is settled on it. */
export function acceptSettlement(body: AcceptSettlementRequest): Promise<DisputeActionResponse> {
  return apiFetch('/accept-settlement', { method: 'POST', body, schema: disputeActionResponseSchema });
}

/** The seller gives everything held back to the buyer, which settles the dispute. */
export function refundInFull(contractId: string): Promise<DisputeActionResponse> {
  const body: z.input<typeof refundInFullRequestSchema> = { contractId };
  return apiFetch('/refund-in-full', { method: 'POST', body, schema: disputeActionResponseSchema });
}
