import { deleteItem, getItem, putItem } from '../adapters/dynamodb';
import type { Currency } from '../domain/money';
import { onConditionFailed, tableName, withoutKeys } from './table';

/**
 * The contract's bank-transfer account: `CONTRACT#<id>` / `TRANSFER_ACCOUNT`. Either the open
 * account, the one every visit to the checkout shows while nothing has reached it (so two visits
 * never make two accounts that each take the full amount), or, while a request is making one at
 * the provider, that request's claim: one conditional put decides which request makes the
 * account, and every other request waits for it instead of making its own.
 */
export const transferAccountKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'TRANSFER_ACCOUNT' });

export interface OpenTransferAccount {
  contract_id: string;
  /** The payment it credits. */
  tx_ref: string;
  account_number: string;
  bank_name: string;
  /** What to send (the provider's figure) and what was due when it was made. */
  amount_minor: number;
  amount_due_minor: number;
  currency: Currency;
  expires_at: string;
  created_at: string;
}

/** A request making the contract's account at the provider, for the payment `tx_ref` (no account number yet). */
export interface TransferAccountClaim {
  contract_id: string;
  /**
   * Made afresh by each claim (a payment reference is not unique to one request: two of one payer
   * in the same millisecond make the same): how a request knows the claim for its own.
   */
  claim_id: string;
  tx_ref: string;
  payer_id: string;
  claimed_at: string;
  /** After this the request is taken to have died (its provider call is long over): another may claim. */
  claimed_until: string;
}

export type TransferAccountSlot = OpenTransferAccount | TransferAccountClaim;

/** Whether the slot holds an account (a claim has no account number yet). */
export function isOpenAccount(slot: TransferAccountSlot): slot is OpenTransferAccount {
  return typeof (slot as Partial<OpenTransferAccount>).account_number === 'string';
}

export async function getTransferAccount(contractId: string): Promise<TransferAccountSlot | undefined> {
  const { Item } = await getItem({ TableName: tableName(), Key: transferAccountKey(contractId), ConsistentRead: true });
  return Item ? (withoutKeys(Item) as unknown as TransferAccountSlot) : undefined;
}

/** The condition that the slot is still `seen` (none at all when undefined): the same reference, and still an account or still a claim. */
function stillSeen(seen: TransferAccountSlot | undefined) {
  if (!seen) return { ConditionExpression: 'attribute_not_exists(PK)' };
  return {
    ConditionExpression: `tx_ref = :seen AND ${isOpenAccount(seen) ? 'attribute_exists' : 'attribute_not_exists'}(account_number)`,
    ExpressionAttributeValues: { ':seen': seen.tx_ref },
  };
}

/**
 * Claims the making of the contract's account, in place of `replacing` as it was read (an account
 * nobody may pay into any more, a claim whose request died, or none): false when another request
 * changed the slot first, and so makes the account itself.
 */
export async function claimTransferAccount(
  claim: TransferAccountClaim,
  replacing: TransferAccountSlot | undefined,
): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: { ...transferAccountKey(claim.contract_id), ...claim },
    ...stillSeen(replacing),
  });
  // Refused, or taken by an attempt whose answer was lost (the retry then finds the claim in place):
  // the slot says which.
  return onConditionFailed(
    write.then(() => true),
    async () => {
      const slot = await getTransferAccount(claim.contract_id);
      return slot !== undefined && !isOpenAccount(slot) && slot.claim_id === claim.claim_id;
    },
  );
}

/** Makes `account` the contract's open one in place of the claim `claimId`: false when the claim was lost (it lapsed and another took over). */
export async function openTransferAccount(account: OpenTransferAccount, claimId: string): Promise<boolean> {
  const write = putItem({
    TableName: tableName(),
    Item: { ...transferAccountKey(account.contract_id), ...account },
    ConditionExpression: 'claim_id = :mine AND attribute_not_exists(account_number)',
    ExpressionAttributeValues: { ':mine': claimId },
  });
  // Refused, or put by an attempt whose answer was lost (the retry then finds the account in place).
  return onConditionFailed(
    write.then(() => true),
    async () => {
      const slot = await getTransferAccount(account.contract_id);
      return (
        slot !== undefined &&
        isOpenAccount(slot) &&
        slot.tx_ref === account.tx_ref &&
        slot.account_number === account.account_number
      );
    },
  );
}

/** Withdraws the claim `claimId` that made no account (refused, or the provider failed), so the next visit may try; a no-op once it is not ours. */
export async function releaseTransferAccountClaim(contractId: string, claimId: string): Promise<void> {
  await onConditionFailed(
    deleteItem({
      TableName: tableName(),
      Key: transferAccountKey(contractId),
      ConditionExpression: 'claim_id = :mine AND attribute_not_exists(account_number)',
      ExpressionAttributeValues: { ':mine': claimId },
    }),
    () => undefined,
  );
}
