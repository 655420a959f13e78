import { BatchGetCommand, GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documents } from '../clients';
import type { ContractForAcceptor, ContractStatus, ContractView } from '../contracts/escrow';
import { requireEnv } from '../env';
import type { Currency } from '../money';
import { byCreator, byParty, contractKey, partyLinkKey, partyLinkPrefix } from './keys';
import { itemsByCreator, queryAll } from './query';

/** The contract item: its view plus the optimistic-lock version every change is conditional on. */
export interface ContractItem extends ContractView {
  version: number;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const table = () => requireEnv('tableName');

export function newContract(fields: {
  id: string;
  creatorId: string;
  acceptorId: string;
  title: string;
  description: string;
  valueMinor: number;
  currency: Currency;
  now: string;
  acceptedBy?: string[];
}): ContractItem {
  return {
    id: fields.id,
    creator_id: fields.creatorId,
    acceptor_id: fields.acceptorId,
    title: fields.title,
    description: fields.description,
    value_minor: fields.valueMinor,
    currency: fields.currency,
    status: 'pending',
    amount_paid_minor: 0,
    total_amount_minor: fields.valueMinor,
    payer_user_ids: [],
    marked_as_cc: null,
    accepted_by: fields.acceptedBy ?? [],
    rejected_by: [],
    created_at: fields.now,
    version: 1,
  };
}

export function contractPut(contract: ContractItem): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...contractKey(contract.id),
        ...byCreator(contract.creator_id, 'CONTRACT', contract.created_at, contract.id),
        ...contract,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The link that puts a contract under a party's Engaged Contracts (GSI2). */
export function partyLinkPut(contractId: string, sub: string, role: 'acceptor' | 'payer', now: string): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: {
        ...partyLinkKey(contractId, sub),
        ...byParty(sub, now, contractId),
        contract_id: contractId,
        user_id: sub,
        role,
        linked_at: now,
      },
    },
  };
}

export async function getContract(id: string): Promise<ContractItem | undefined> {
  const { Item } = await documents().send(new GetCommand({ TableName: table(), Key: contractKey(id), ConsistentRead: true }));
  return Item ? toItem(Item) : undefined;
}

/** A conditional update of the contract: only from `expected` status and version; bumps the version. */
export function contractUpdate(
  contract: ContractItem,
  expected: ContractStatus,
  set: Partial<Omit<ContractView, 'id' | 'creator_id' | 'created_at'>>,
): TransactItem {
  const names: Record<string, string> = { '#status': 'status', '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': expected, ':version': contract.version, ':next': contract.version + 1 };
  const assignments = ['#version = :next'];
  for (const [key, value] of Object.entries(set)) {
    names[`#${key}`] = key;
    values[`:${key}`] = value;
    assignments.push(`#${key} = :${key}`);
  }
  return {
    Update: {
      TableName: table(),
      Key: contractKey(contract.id),
      UpdateExpression: `SET ${assignments.join(', ')}`,
      ConditionExpression: '#status = :expected AND #version = :version',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

/** Deletion of the contract and its party links, only from `pending` at this version. */
export async function contractDeletion(contract: ContractItem): Promise<TransactItem[]> {
  const Items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': contractKey(contract.id).PK, ':prefix': partyLinkPrefix },
    ProjectionExpression: 'PK, SK',
  });
  return [
    {
      Delete: {
        TableName: table(),
        Key: contractKey(contract.id),
        ConditionExpression: '#status = :pending AND #version = :version',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: { ':pending': 'pending', ':version': contract.version },
      },
    },
    ...Items.map((key) => ({ Delete: { TableName: table(), Key: { PK: key.PK, SK: key.SK } } })),
  ];
}

/** A creator's contracts, newest first (GSI1). */
export async function listContractsByCreator(sub: string): Promise<ContractItem[]> {
  return (await itemsByCreator(sub, 'CONTRACT')).map(toItem);
}

/** Contracts a user accepted or paid for, newest link first (GSI2). */
export async function listContractsByParty(sub: string): Promise<ContractItem[]> {
  const Items = await queryAll({
    TableName: table(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': `PAYER#${sub}` },
    ScanIndexForward: false,
  });
  const ids = [...new Set(Items.map((i) => String(i.contract_id)))];
  const contracts = await getContracts(ids);
  return ids.flatMap((id) => contracts.get(id) ?? []);
}

async function getContracts(ids: string[]): Promise<Map<string, ContractItem>> {
  const found = new Map<string, ContractItem>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys = ids.slice(i, i + 100).map(contractKey);
    while (keys.length) {
      const { Responses, UnprocessedKeys } = await documents().send(
        new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }),
      );
      for (const item of Responses?.[table()] ?? []) found.set(String(item.id), toItem(item));
      keys = (UnprocessedKeys?.[table()]?.Keys as typeof keys | undefined) ?? [];
    }
  }
  return found;
}

function toItem(raw: Record<string, unknown>): ContractItem {
  const { PK, SK, GSI1PK, GSI1SK, ...rest } = raw;
  return rest as unknown as ContractItem;
}

export function toContractView(item: ContractItem): ContractView {
  const { version, ...view } = item;
  return view;
}

export function toAcceptorView(item: ContractItem): ContractForAcceptor {
  const { id, title, description, value_minor, currency, status, payer_user_ids } = item;
  return { id, title, description, value_minor, currency, status, payer_user_ids };
}
