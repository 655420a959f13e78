import { evidencePurposes, evidenceTypes } from '../domain/evidence';
import * as z from '../domain/zod';

/** Evidence files as the contract's parties see them: in their own module, as the contract details list them too. */
/** A file as the contract's parties see it. */
export const evidenceViewSchema = z.object({
  file_id: z.string(),
  name: z.string(),
  content_type: z.enum(evidenceTypes),
  size: z.int(),
  purpose: z.enum(evidencePurposes),
  status: z.enum(['pending', 'confirmed', 'refused']),
  /** Which side uploaded it. */
  by: z.enum(['creator', 'payer']),
  attached_to: z.nullable(z.string()),
});
export type EvidenceView = z.output<typeof evidenceViewSchema>;
