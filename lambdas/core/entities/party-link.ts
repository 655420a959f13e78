import { queryAll, type TransactItem, tableName } from './table';

/**
 * A party's link to a contract (they accepted or paid for it): `CONTRACT#<id>` / `PAYER#<sub>`,
 * indexed by party in GSI2, which is what Engaged Contracts lists.
 */
export const partyLinkKey = (contractId: string, sub: string) => ({ PK: `CONTRACT#${contractId}`, SK: `PAYER#${sub}` });

export type PartyRole = 'acceptor' | 'payer';

export interface PartyLink {
  contract_id: string;
  user_id: string;
  role: PartyRole;
  linked_at: string;
}

export function toItem(link: PartyLink): Record<string, unknown> {
  return {
    ...partyLinkKey(link.contract_id, link.user_id),
    GSI2PK: `PAYER#${link.user_id}`,
    GSI2SK: `${link.linked_at}#${link.contract_id}`,
    ...link,
  };
}

/** The put of a link (part of a transaction); linking twice leaves one link. */
export function partyLinkPut(link: PartyLink): TransactItem {
  return { Put: { TableName: tableName(), Item: toItem(link) } };
}

/** The ids of the contracts a user accepted or paid for, newest link first (GSI2). */
export async function listContractIdsByParty(sub: string): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': `PAYER#${sub}` },
    ScanIndexForward: false,
  });
  return [...new Set(items.map((item) => String(item.contract_id)))];
}
