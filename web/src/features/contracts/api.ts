import type {
  ContractForAcceptor,
  ContractView,
  ContractWithPeople,
  CreateContractRequest,
  CreateContractResponse,
  cancellationResponseSchema,
  EditContractRequest,
  OfferedTerms,
} from '@escrow/api/contracts';
import type {
  AcceptSettlementRequest,
  DisputeActionResponse,
  DisputeView,
  OpenDisputeRequest,
  ProposeSettlementRequest,
} from '@escrow/api/disputes';
import * as endpoints from '@escrow/api/endpoints';
import type { RefundView } from '@escrow/api/refunds';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** The contracts endpoints; bodies and replies are the shared API's (`@escrow/api/endpoints`). */

const byId = (contractId: string) => ({ body: { contractId } });
const contract = (contractId: string) => ({ params: { id: contractId } });

/** Named by email, the reply says whether we emailed the buyer (`invitation_emailed`); false: share the link by hand. */
export function createContract(body: CreateContractRequest): Promise<CreateContractResponse> {
  return call(endpoints.createContract, { body });
}

export function getContractForAcceptor(contractId: string): Promise<ContractForAcceptor> {
  return call(endpoints.getContractForAcceptor, byId(contractId));
}

/** Accepts the contract on the terms the buyer's page showed (`offeredTerms`): changed since, it is refused (409). */
export function acceptContract(contractId: string, terms: OfferedTerms): Promise<{ contract: ContractView }> {
  return call(endpoints.acceptContract, { body: { contractId, terms } });
}

export function rejectContract(contractId: string): Promise<{ contract: ContractView }> {
  return call(endpoints.rejectContract, byId(contractId));
}

/** The caller's contracts as creator, newest first. */
export async function listMyContracts(): Promise<ContractView[]> {
  const reply = await call(endpoints.listMyContracts);
  return reply.contracts;
}

/** The contract with its creator, named acceptor and payers, with their names where known. */
export function getContract(contractId: string): Promise<ContractWithPeople> {
  return call(endpoints.getContract, contract(contractId));
}

export async function editContract(contractId: string, body: EditContractRequest): Promise<ContractView> {
  const reply = await call(endpoints.updateContract, { ...contract(contractId), body });
  return reply.contract;
}

export function deleteContract(contractId: string): Promise<{ message: string }> {
  return call(endpoints.deleteContract, contract(contractId));
}

/** Contracts the caller accepted or paid for. */
export async function listEngagedContracts(): Promise<ContractView[]> {
  const reply = await call(endpoints.listEngagedContracts);
  return reply.contracts;
}

/** The payer says the contract is done (satisfied); the creator may then release the funds. */
export async function markContractCompleted(contractId: string): Promise<ContractView> {
  const reply = await call(endpoints.markContractCompleted, byId(contractId));
  return reply.contract;
}

/** The creator says what was delivered, with the files attached to it (their ids); the payer's inspection window starts. */
export async function markDelivered(contractId: string, note: string, evidence: string[] = []): Promise<ContractView> {
  const reply = await call(endpoints.markDelivered, { body: { contractId, note, ...(evidence.length > 0 && { evidence }) } });
  return reply.contract;
}

/**
 * Cancels a funded contract before delivery (everything paid back to the buyer, no fee), or, when
 * the caller is a buyer who may not cancel alone, asks the seller to: the reply's `message` says which.
 */
export function cancelContract(contractId: string): Promise<z.infer<typeof cancellationResponseSchema>> {
  return call(endpoints.cancelContract, byId(contractId));
}

/** The contract's dispute as the caller's side sees it; null while it has none. */
export async function getDispute(contractId: string): Promise<DisputeView | null> {
  const reply = await call(endpoints.getDispute, contract(contractId));
  return reply.dispute;
}

/** The caller's own refunds on the contract, oldest first: empty for the seller, and for a buyer with none. */
export async function getRefunds(contractId: string): Promise<RefundView[]> {
  const reply = await call(endpoints.getRefunds, contract(contractId));
  return reply.refunds;
}

/** Either party opens a dispute on a funded contract: the release is frozen until it is settled. */
export function openDispute(body: OpenDisputeRequest): Promise<DisputeActionResponse> {
  return call(endpoints.openDispute, { body });
}

/** Proposes how the held money is split (the amount back to the buyer); it replaces any earlier proposal. */
export function proposeSettlement(body: ProposeSettlementRequest): Promise<DisputeActionResponse> {
  return call(endpoints.proposeSettlement, { body });
}

/** Accepts the other side's latest proposal, named by its id: the dispute is settled on it. */
export function acceptSettlement(body: AcceptSettlementRequest): Promise<DisputeActionResponse> {
  return call(endpoints.acceptSettlement, { body });
}

/** The seller gives everything held back to the buyer, which settles the dispute. */
export function refundInFull(contractId: string): Promise<DisputeActionResponse> {
  return call(endpoints.refundInFull, byId(contractId));
}
