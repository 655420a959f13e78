import { getItem } from '../adapters/dynamodb';
import { deliveryDueAt, inspectionDays } from '../domain/delivery';
import { NotFoundError } from '../domain/errors';
import { type Contract, type ContractStatus, contractMessages, fundingEndsAt } from '../domain/escrow-contract';
import { personAudience } from './profile';
import {
  announceOnCommit,
  batchGetAll,
  byCreator,
  conflict,
  itemsByCreator,
  onConditionFailed,
  type TransactItem,
  tableName,
  transactWrite,
  versionedUpdate,
  withoutKeys,
} from './table';

/** The contract item: `CONTRACT#<id>` / `META`, listed by creator in GSI1. */
export const contractKey = (id: string) => ({ PK: `CONTRACT#${id}`, SK: 'META' });

export function toItem(contract: Contract): Record<string, unknown> {
  return {
    ...contractKey(contract.id),
    // A milestone contract is shown within its contract, never listed as a contract of its own.
    ...(contract.milestone_of ? {} : byCreator(contract.creator_id, 'CONTRACT', contract.created_at, contract.id)),
    ...contract,
  };
}

/** What a contract stored before delivery, inspection and cancellation existed reads as: the default window, not delivered, none asked. */
const beforeDelivery = {
  inspection_days: inspectionDays.default,
  delivered_at: null,
  delivery_note: null,
  inspection_ends_at: null,
  delivery_due_at: null,
  accepted_at: null,
  cancellation_requested_by: null,
};

export function fromItem(item: Record<string, unknown>): Contract {
  const contract = { ...beforeDelivery, ...(withoutKeys(item) as unknown as Contract) };
  // Funded before the delivery deadline existed: it counts from the end of its funding window.
  if (contract.amount_paid_minor > 0 && !contract.delivery_due_at)
    contract.delivery_due_at = deliveryDueAt(fundingEndsAt(contract, 1), 1);
  return contract;
}

/** The put of a new contract (part of a transaction): only if the id is new. */
export function contractPut(contract: Contract): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(contract), ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getContract(id: string): Promise<Contract | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: contractKey(id), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** The contract a caller names: a 404 when there is none. */
export async function loadContract(id: string): Promise<Contract> {
  const contract = await getContract(id);
  if (!contract) throw new NotFoundError(contractMessages.notFound);
  return contract;
}

/**
 * One transaction that holds a change of the contract ({@link contractUpdate}, {@link contractUnchanged},
 * {@link contractPut}, {@link contractDelete}) with what goes with it; a refused condition means
 * someone changed the contract meanwhile (409). The announcement to its parties rides on the
 * contract's item; whatever else the caller does after (a workflow step answered) is the caller's.
 */
export async function commitContractChange(items: TransactItem[]): Promise<void> {
  await onConditionFailed(transactWrite(items), conflict(contractMessages.changedMeanwhile));
}

/** Contracts by id, in the order of `ids`; ids with no contract are left out. */
export async function getContracts(ids: string[]): Promise<Contract[]> {
  const found = new Map((await batchGetAll(ids.map(contractKey))).map((item) => [String(item.id), fromItem(item)]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** A creator's contracts, newest first (GSI1). */
export async function listContractsByCreator(sub: string): Promise<Contract[]> {
  return (await itemsByCreator(sub, 'CONTRACT')).map(fromItem);
}

/** The fields a change may set; the id, parties and creation date never change. */
/** What a change may set: never the id, creator or creation; the acceptor only when an invitation by email is taken up. */
export type ContractChanges = Partial<Omit<Contract, 'id' | 'creator_id' | 'created_at' | 'version'>>;

/**
 * A change of the contract (part of a transaction), only from the status and version it was read
 * at; it bumps the version, so of two changes made from the same read only one succeeds.
 */
export function contractUpdate(contract: Contract, set: ContractChanges): TransactItem {
  return toEveryParty(versionedUpdate(contractKey(contract.id), contract, set), updated(contract, set));
}

/**
 * Marks `item` to be announced to every party of `contract` (as it is once written) when its
 * transaction has committed: their open pages (checkout, contract page, lists) ask for the
 * contract again. Every transaction that holds the contract announces this way, whether it
 * changes the contract or only something shown with it (its dispute, a refund, a payout).
 */
function toEveryParty(item: TransactItem, contract: Contract): TransactItem {
  const change = { type: 'contract', contract_id: contract.id, status: contract.status, version: contract.version };
  for (const party of new Set([contract.creator_id, contract.acceptor_id, ...contract.payer_user_ids].filter(Boolean)))
    announceOnCommit(item, personAudience(party), change);
  return item;
}

/** The contract as it is after {@link contractUpdate} succeeded. */
export function updated(contract: Contract, set: ContractChanges): Contract {
  return { ...contract, ...set, version: contract.version + 1 };
}

/**
 * A check (part of a transaction) that the contract is still as it was read: the same status and
 * version. What its transaction writes is decided on the contract and shown with it (a proposal
 * of its dispute, a refund of a payment it refused, its settlement's payout), so once written it
 * is announced to every party, as a change of the contract is: a proposal reaches the other
 * side's open page at once.
 */
export function contractUnchanged(contract: Contract): TransactItem {
  return toEveryParty(
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: contractKey(contract.id),
        ConditionExpression: '#status = :status AND #version = :version',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':status': contract.status, ':version': contract.version },
      },
    },
    contract,
  );
}

/** The deletion of the contract (part of a transaction), only in `status` at the version it was read at. */
export function contractDelete(contract: Contract, status: ContractStatus): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: contractKey(contract.id),
      ConditionExpression: '#status = :status AND #version = :version',
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: { ':status': status, ':version': contract.version },
    },
  };
}
