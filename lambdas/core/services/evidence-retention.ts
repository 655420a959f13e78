import { CopyObjectCommand, PutObjectTaggingCommand } from '@aws-sdk/client-s3';
import { requireEnv } from '../adapters/env';
import { s3 } from '../adapters/s3';
import { endedContractTag, evidenceKeys } from '../domain/evidence-keys';
import { contractEvidence } from '../entities/evidence';

/**
 * A contract ended (its last workflow step): each of its confirmed files starts its year of
 * retention (issue 38). S3's lifecycle counts an object's age from when it was written, so each file
 * is written again in place (same bytes, same type, a note of the day) and then tagged; the bucket's
 * rule deletes tagged files under `evidence/` a year later (lib/evidence.ts). Safe to repeat: a file
 * written again later only starts its year later.
 */
export async function startEvidenceRetention(contractId: string, now = new Date()): Promise<number> {
  const files = (await contractEvidence(contractId)).filter((file) => file.status === 'confirmed');
  const Bucket = requireEnv('evidenceBucket');
  for (const file of files) {
    const Key = evidenceKeys.evidence(contractId, file.file_id);
    await s3().send(
      new CopyObjectCommand({
        Bucket,
        Key,
        CopySource: `${Bucket}/${Key}`,
        // In place, S3 takes a copy only with new metadata: the day its contract ended.
        MetadataDirective: 'REPLACE',
        ContentType: file.content_type,
        Metadata: { 'contract-ended': now.toISOString() },
      }),
    );
    await s3().send(
      new PutObjectTaggingCommand({
        Bucket,
        Key,
        Tagging: { TagSet: [{ Key: endedContractTag.key, Value: endedContractTag.value }] },
      }),
    );
  }
  return files.length;
}
