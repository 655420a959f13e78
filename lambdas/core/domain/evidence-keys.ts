/**
 * Where a file attached to a contract lives in the evidence bucket (lib/evidence.ts): first at its
 * upload key, where only a presigned POST puts it; then, once its bytes are checked, at its evidence
 * key, the only one ever read. Both name the contract, so a grant or a lifecycle rule can go by it.
 */
export const evidenceKeys = {
  uploadPrefix: 'uploads/',
  evidencePrefix: 'evidence/',
  upload: (contractId: string, fileId: string) => `uploads/${contractId}/${fileId}`,
  evidence: (contractId: string, fileId: string) => `evidence/${contractId}/${fileId}`,
} as const;

/**
 * The tag a confirmed file gets when its contract ended (written again then, so its age counts from
 * that day): the bucket's lifecycle deletes files with it {@link evidenceRetentionDays} days later.
 */
export const endedContractTag = { key: 'retention', value: 'contract-ended' } as const;

/** A contract's files are kept a year after it ended. */
export const evidenceRetentionDays = 365;
