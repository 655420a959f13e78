import {
  type EvidenceType,
  evidenceMaxBytes,
  evidenceMessages,
  evidencePerMessage,
  evidenceTypes,
} from '@escrow/domain/evidence';

/** What the picker tells a person about a file it will not send, or about the files it could not take. */
export const evidencePickerMessages = {
  // Not in the spec: plain texts for the attachments, in the voice of the other forms.
  label: 'Attach photos or PDFs (optional)',
  hint: `Up to ${evidencePerMessage} files, images (JPEG, PNG or WebP) or PDFs, 10 MB each.`,
  uploading: 'Uploading...',
  attached: 'Attached',
  remove: (name: string) => `Remove ${name}`,
  uploadFailed: 'The file could not be uploaded. Please try again.',
  waitForUploads: 'Wait for your files to finish uploading.',
  refusedType: (name: string) => `${name}: ${evidenceMessages.typeNotAllowed}`,
  refusedSize: (name: string) => `${name}: ${evidenceMessages.tooLarge}`,
  refusedEmpty: (name: string) => `${name}: ${evidenceMessages.empty}`,
  tooMany: evidenceMessages.tooMany,
} as const;

const isEvidenceType = (type: string): type is EvidenceType => (evidenceTypes as readonly string[]).includes(type);

/** The `accept` of the file input: the types the server takes. */
export const evidenceAccept = evidenceTypes.join(',');

/**
 * The files of a pick the browser may send, and why each other one is refused: a type the server
 * refuses, an empty file, one over 10 MB, or more than 5 with the `kept` already on the message.
 * The server checks each again (and the bucket fixes type and size): this only saves a useless upload.
 */
export function checkPickedFiles(
  picked: readonly File[],
  kept: number,
): { accepted: Array<{ file: File; contentType: EvidenceType }>; refusals: string[] } {
  const accepted: Array<{ file: File; contentType: EvidenceType }> = [];
  const refusals: string[] = [];
  let tooMany = false;
  for (const file of picked) {
    const contentType = file.type;
    if (!isEvidenceType(contentType)) refusals.push(evidencePickerMessages.refusedType(file.name));
    else if (file.size < 1) refusals.push(evidencePickerMessages.refusedEmpty(file.name));
    else if (file.size > evidenceMaxBytes) refusals.push(evidencePickerMessages.refusedSize(file.name));
    else if (kept + accepted.length >= evidencePerMessage) tooMany = true;
    else accepted.push({ file, contentType });
  }
  if (tooMany) refusals.push(evidencePickerMessages.tooMany);
  return { accepted, refusals };
}

/**
 * A file size as a person reads it: "820 bytes", "12 kB", "1.2 MB", counted in 1024s as the 10 MB
 * limit is (a file at the limit reads "10 MB"); the words are the browser's own unit formatting.
 */
export function formatFileSize(bytes: number): string {
  const [value, unit] =
    bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / (1024 * 1024), 'megabyte'];
  const format = new Intl.NumberFormat('en', {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  });
  return format.format(value);
}
