import type {
  ContractForAcceptor,
  ContractView,
  CreateContractRequest,
  EditContractRequest,
} from '../../../../lambdas/core/contracts/escrow';
import { apiFetch } from '../../lib/api';

/** The contracts endpoints; bodies and replies are the shared contract's (lambdas/core/contracts/escrow). */

export interface ContractPerson {
  id: string;
  full_name: string | null;
  username: string | null;
}

export interface ContractWithPeople {
  contract: ContractView;
  /** The creator, the named acceptor and the payers, with their names where known. */
  people: ContractPerson[];
}

const path = (contractId: string) => `/contracts/${encodeURIComponent(contractId)}`;

export function createContract(body: CreateContractRequest): Promise<{ id: string }> {
  return apiFetch('/create-contract', { method: 'POST', body });
}

export function getContractForAcceptor(contractId: string): Promise<ContractForAcceptor> {
  return apiFetch('/get-contract-for-acceptor', { method: 'POST', body: { contractId } });
}

export function acceptContract(contractId: string): Promise<{ contract: ContractView }> {
  return apiFetch('/accept-contract', { method: 'POST', body: { contractId } });
}

export function rejectContract(contractId: string): Promise<{ contract: ContractView }> {
  return apiFetch('/reject-contract', { method: 'POST', body: { contractId } });
}

/** The caller's contracts as creator, newest first. */
export async function listMyContracts(): Promise<ContractView[]> {
  const reply = await apiFetch<{ contracts: ContractView[] }>('/contracts');
  return reply.contracts;
}

export function getContract(contractId: string): Promise<ContractWithPeople> {
  return apiFetch(path(contractId));
}

export async function editContract(contractId: string, body: EditContractRequest): Promise<ContractView> {
  const reply = await apiFetch<{ contract: ContractView }>(path(contractId), { method: 'PATCH', body });
  return reply.contract;
}

export function deleteContract(contractId: string): Promise<{ message: string }> {
  return apiFetch(path(contractId), { method: 'DELETE' });
}

/** Contracts the caller accepted or paid for. */
export async function listEngagedContracts(): Promise<ContractView[]> {
  const reply = await apiFetch<{ contracts: ContractView[] }>('/engaged-contracts');
  return reply.contracts;
}
