import { deleteItem } from '../adapters/dynamodb';
import { queryAll, type TransactItem, tableName } from './table';

/**
 * A contract offered by email to someone without an account: `INVITE#<email>` / `CONTRACT#<id>`.
 * When an account with that email signs in, its invitations are taken up (the contract's acceptor
 * becomes that person) and the item goes.
 */
export const invitationKey = (email: string, contractId: string) => ({ PK: `INVITE#${email}`, SK: `CONTRACT#${contractId}` });

export interface Invitation {
  email: string;
  contract_id: string;
  created_at: string;
}

export function invitationPut(invitation: Invitation): TransactItem {
  return {
    Put: { TableName: tableName(), Item: { ...invitationKey(invitation.email, invitation.contract_id), ...invitation } },
  };
}

export function invitationDelete(email: string, contractId: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: invitationKey(email, contractId) } };
}

/** The contracts waiting for an email's person. */
export async function listInvitations(email: string): Promise<Invitation[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :contract)',
    ExpressionAttributeValues: { ':pk': `INVITE#${email}`, ':contract': 'CONTRACT#' },
  });
  return items.map((item) => ({
    email: String(item.email),
    contract_id: String(item.contract_id),
    created_at: String(item.created_at),
  }));
}

/** Forgets an invitation whose contract went (deleted, or already taken up). */
export async function deleteInvitation(email: string, contractId: string): Promise<void> {
  await deleteItem({ TableName: tableName(), Key: invitationKey(email, contractId) });
}
