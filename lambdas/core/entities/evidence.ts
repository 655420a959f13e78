import { getItem } from '../adapters/dynamodb';
import type { DisputeSide } from '../domain/dispute';
import { type EvidencePurpose, type EvidenceType, evidencePendingSeconds, evidenceUploadsPerPerson } from '../domain/evidence';
import { queryAll, type TransactItem, tableName, withoutKeys } from './table';

/**
 * Evidence files (issue 38), one item per file in its contract's partition, `CONTRACT#<id>` /
 * `EVIDENCE#<file>`, beside the contract, its delivery and its dispute: the contract's page lists
 * them in one query. A request names a file by its id alone, so `EVIDENCE#<file>` / `FILE` points
 * to its contract (written in the same transaction; never changed). Per person and contract,
 * `CONTRACT#<id>` / `EVIDENCE_UPLOADS#<sub>` counts the uploads asked for, so one person cannot fill
 * the bucket. Every write is conditional.
 */
export const evidenceKey = (contractId: string, fileId: string) => ({ PK: `CONTRACT#${contractId}`, SK: `EVIDENCE#${fileId}` });
const fileKey = (fileId: string) => ({ PK: `EVIDENCE#${fileId}`, SK: 'FILE' });
const uploadsKey = (contractId: string, sub: string) => ({ PK: `CONTRACT#${contractId}`, SK: `EVIDENCE_UPLOADS#${sub}` });

export type EvidenceStatus = 'pending' | 'confirmed' | 'refused';

export interface EvidenceFile {
  file_id: string;
  contract_id: string;
  uploader_id: string;
  uploader_side: DisputeSide;
  purpose: EvidencePurpose;
  /** The display name (domain/evidence.ts evidenceDisplayName). */
  name: string;
  /** The declared type, which the bytes were checked against on confirmation. */
  content_type: EvidenceType;
  size: number;
  status: EvidenceStatus;
  /** The message it is attached to (`delivery`, `dispute`, or `proposal#<id>`), once attached: never twice. */
  attached_to?: string;
  created_at: string;
  /** When it was confirmed or refused. */
  checked_at: string | null;
  /** Epoch seconds: a pending file's item goes (TTL) a day after it was asked for, with its upload. */
  expiresAt?: number;
}

function fromItem(item: Record<string, unknown>): EvidenceFile {
  return withoutKeys(item) as unknown as EvidenceFile;
}

/** The file a request names, or undefined (never asked for, or a pending one gone with its TTL). */
export async function getEvidence(fileId: string): Promise<EvidenceFile | undefined> {
  const pointer = await getItem({ TableName: tableName(), Key: fileKey(fileId), ConsistentRead: true });
  const contractId = pointer.Item?.contract_id;
  if (typeof contractId !== 'string') return undefined;
  const { Item } = await getItem({ TableName: tableName(), Key: evidenceKey(contractId, fileId), ConsistentRead: true });
  return Item ? fromItem(Item) : undefined;
}

/** Every file of a contract, in the order they were asked for (their ids are ulids). */
export async function contractEvidence(contractId: string): Promise<EvidenceFile[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': `CONTRACT#${contractId}`, ':sk': 'EVIDENCE#' },
    ConsistentRead: true,
  });
  return items.map(fromItem);
}

/**
 * The writes of a new pending file: its item, its pointer, and the uploader's count on the contract,
 * taken only while under the cap. Item index 0 refusing means the cap is reached.
 */
export function evidenceRequestItems(file: EvidenceFile, now: Date): TransactItem[] {
  const expiresAt = Math.floor(now.getTime() / 1000) + evidencePendingSeconds;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: uploadsKey(file.contract_id, file.uploader_id),
        UpdateExpression: 'ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :cap',
        ExpressionAttributeNames: { '#count': 'uploads' },
        ExpressionAttributeValues: { ':one': 1, ':cap': evidenceUploadsPerPerson },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...evidenceKey(file.contract_id, file.file_id), ...file, expiresAt },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...fileKey(file.file_id), contract_id: file.contract_id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** A pending file's outcome: confirmed (kept: its TTL removed) or refused; only from pending. */
export function evidenceCheckedUpdate(file: EvidenceFile, status: 'confirmed' | 'refused', at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: evidenceKey(file.contract_id, file.file_id),
      UpdateExpression: `SET #status = :status, checked_at = :at${status === 'confirmed' ? ' REMOVE expiresAt' : ''}`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':at': at, ':pending': 'pending' },
    },
  };
}

/**
 * Attaching a file to a message, in the message's own transaction: only a confirmed file of this
 * contract, uploaded by this person for this purpose, and never attached before.
 */
export function evidenceAttachUpdate(
  file: Pick<EvidenceFile, 'contract_id' | 'file_id'>,
  by: string,
  purpose: EvidencePurpose,
  attachedTo: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: evidenceKey(file.contract_id, file.file_id),
      UpdateExpression: 'SET attached_to = :to',
      ConditionExpression:
        '#status = :confirmed AND uploader_id = :by AND #purpose = :purpose AND attribute_not_exists(attached_to)',
      ExpressionAttributeNames: { '#status': 'status', '#purpose': 'purpose' },
      ExpressionAttributeValues: { ':to': attachedTo, ':confirmed': 'confirmed', ':by': by, ':purpose': purpose },
    },
  };
}
