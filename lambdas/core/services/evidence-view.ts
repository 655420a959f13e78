import type { EvidenceView } from '../api/evidence-view';
import type { EvidenceFile } from '../entities/evidence';

/** A file as the contract's parties see it. */
export function evidenceView(file: EvidenceFile): EvidenceView {
  return {
    file_id: file.file_id,
    name: file.name,
    content_type: file.content_type,
    size: file.size,
    purpose: file.purpose,
    status: file.status,
    by: file.uploader_side,
    attached_to: file.attached_to ?? null,
  };
}
