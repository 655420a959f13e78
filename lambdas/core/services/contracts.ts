import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { documents } from './clients';
import { assertMayChange, assertMayRespond, contractMessages, isParty } from './contract-rules';
import type { ContractView, EditContractRequest } from './contracts/escrow';
import {
  type ContractItem,
  contractDeletion,
  contractPut,
  contractUpdate,
  getContract,
  newContract,
  partyLinkPut,
  toContractView,
} from './entities/contract';
import { userKey } from './entities/keys';
import { notificationItems } from './entities/notification';
import { getProfile } from './entities/profile';
import { requireEnv } from './env';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from './errors';
import type { Currency } from './money';
import { formatAmount } from './money';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const changedMeanwhile = 'This contract was just changed. Please reload it and try again.';

/** Runs one transaction; a failed condition means someone changed the contract meanwhile (409). */
export async function commitContractWrite(items: TransactItem[]): Promise<void> {
  try {
    await documents().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw new ConflictError(changedMeanwhile);
    throw error;
  }
}

async function displayName(sub: string): Promise<string> {
  const profile = await getProfile(sub);
  return profile?.full_name || profile?.email || 'Someone';
}

export async function loadContract(id: string): Promise<ContractItem> {
  const contract = await getContract(id);
  if (!contract) throw new NotFoundError(contractMessages.notFound);
  return contract;
}

/** A private contract for one named acceptor, who is told in the same transaction. */
export async function createContract(
  creatorId: string,
  input: { acceptorId: string; title: string; description: string; value: number; currency: Currency },
): Promise<string> {
  if (input.acceptorId === creatorId) throw new ValidationError('You cannot create a contract for yourself.');
  if (!(await getProfile(input.acceptorId))) throw new NotFoundError('No user has this Acceptor ID.');
  const now = new Date().toISOString();
  const contract = newContract({
    id: ulid(),
    creatorId,
    acceptorId: input.acceptorId,
    title: input.title,
    description: input.description,
    valueMinor: input.value,
    currency: input.currency,
    now,
  });
  const creator = await displayName(creatorId);
  await commitContractWrite([
    contractPut(contract),
    ...notificationItems(
      input.acceptorId,
      'New contract',
      `${creator} created the contract "${contract.title}" for you (${formatAmount(contract.value_minor, contract.currency)}). Contract ID: ${contract.id}`,
      now,
    ),
  ]);
  return contract.id;
}

/** Accepts as the named acceptor; accepting twice changes nothing and tells nobody twice. */
export async function acceptContract(id: string, sub: string): Promise<ContractView> {
  const contract = await loadContract(id);
  assertMayRespond(contract, sub);
  if (contract.accepted_by.includes(sub)) return toContractView(contract);
  const now = new Date().toISOString();
  const accepted_by = [...contract.accepted_by, sub];
  await commitContractWrite([
    contractUpdate(contract, 'pending', { accepted_by }),
    partyLinkPut(contract.id, sub, 'acceptor', now),
    ...notificationItems(
      contract.creator_id,
      'Contract accepted',
      `${await displayName(sub)} accepted "${contract.title}".`,
      now,
    ),
  ]);
  return toContractView({ ...contract, accepted_by, version: contract.version + 1 });
}

/** Rejects as the named acceptor: the contract is cancelled and the creator told. */
export async function rejectContract(id: string, sub: string): Promise<ContractView> {
  const contract = await loadContract(id);
  assertMayRespond(contract, sub);
  const now = new Date().toISOString();
  const rejected_by = [...contract.rejected_by, sub];
  await commitContractWrite([
    contractUpdate(contract, 'pending', { status: 'cancelled', rejected_by }),
    ...notificationItems(
      contract.creator_id,
      'Contract rejected',
      `${await displayName(sub)} rejected "${contract.title}".`,
      now,
    ),
  ]);
  return toContractView({ ...contract, status: 'cancelled', rejected_by, version: contract.version + 1 });
}

export async function editContract(
  id: string,
  sub: string,
  input: Omit<EditContractRequest, 'value'> & { value: number },
): Promise<ContractView> {
  const contract = await loadContract(id);
  assertMayChange(contract, sub);
  const changes = {
    title: input.title,
    description: input.description,
    value_minor: input.value,
    total_amount_minor: input.value,
    currency: input.currency as Currency,
  };
  await commitContractWrite([contractUpdate(contract, 'pending', changes)]);
  return toContractView({ ...contract, ...changes, version: contract.version + 1 });
}

export async function deleteContract(id: string, sub: string): Promise<void> {
  const contract = await loadContract(id);
  assertMayChange(contract, sub);
  await commitContractWrite(await contractDeletion(contract));
}

export interface Person {
  id: string;
  full_name: string | null;
  username: string | null;
}

/** A contract with the names of its parties, for its creator, named acceptor and payers only. */
export async function contractForParty(id: string, sub: string): Promise<{ contract: ContractView; people: Person[] }> {
  const contract = await loadContract(id);
  if (!isParty(contract, sub)) throw new ForbiddenError(contractMessages.notCreator);
  const ids = [...new Set([contract.creator_id, contract.acceptor_id, ...contract.payer_user_ids])];
  const { Responses } = await documents().send(
    new BatchGetCommand({
      RequestItems: {
        [requireEnv('tableName')]: {
          Keys: ids.map(userKey),
          ProjectionExpression: '#sub, full_name, #username',
          ExpressionAttributeNames: { '#sub': 'sub', '#username': 'username' },
        },
      },
    }),
  );
  const found = new Map((Responses?.[requireEnv('tableName')] ?? []).map((p) => [String(p.sub), p]));
  const people = ids.map((pid) => ({
    id: pid,
    full_name: (found.get(pid)?.full_name as string | undefined) ?? null,
    username: (found.get(pid)?.username as string | undefined) ?? null,
  }));
  return { contract: toContractView(contract), people };
}
