/**
 * Evidence files (issue 38): what either party may attach to a delivery or to a dispute. Images and
 * PDFs only, each at most 10 MB, at most 5 per message. A file's type is what its first bytes say
 * (its magic number), never what its name or the browser claims: the upload declares a type, the
 * bucket keeps the declared Content-Type, and the confirmation refuses a file whose bytes disagree.
 */

export const evidenceTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type EvidenceType = (typeof evidenceTypes)[number];

export const evidencePurposes = ['delivery', 'dispute'] as const;
export type EvidencePurpose = (typeof evidencePurposes)[number];

/** What a person reads a type as, in a refusal ("This file is not a PNG image."). */
export const evidenceTypeNames: Record<EvidenceType, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'application/pdf': 'PDF',
};

export const evidenceMaxBytes = 10 * 1024 * 1024;
export const evidenceMinBytes = 1;
export const evidencePerMessage = 5;
/** Uploads one person may request on one contract, whatever became of them: nobody fills the bucket. */
export const evidenceUploadsPerPerson = 30;
export const evidenceNameMaxLength = 100;
/** How long a presigned POST or GET stays usable. */
export const evidenceUrlSeconds = 300;
/** An upload nobody confirmed is forgotten after a day, as the bucket's uploads/ lifecycle deletes it. */
export const evidencePendingSeconds = 24 * 60 * 60;
/** How many first bytes the confirmation reads: enough for every magic number below. */
export const evidenceSniffBytes = 16;

export const evidenceMessages = {
  typeNotAllowed: 'Attach an image (JPEG, PNG or WebP) or a PDF.',
  tooLarge: 'A file can be at most 10 MB.',
  empty: 'The file is empty.',
  sizeRequired: "Give the file's size in bytes.",
  nameRequired: 'Give the file a name.',
  tooMany: `Attach at most ${evidencePerMessage} files to one message.`,
  capReached: `You have uploaded ${evidenceUploadsPerPerson} files to this contract, the most one person may.`,
  notParty: 'Only the seller and the buyer of this contract can attach or read its files.',
  deliveryNotOpen: 'Files for a delivery can be attached only by the seller of a funded contract not yet delivered.',
  disputeNotOpen: 'Files for a dispute can be attached only while a dispute of the contract is open.',
  unknownFile: 'No such file.',
  notUploader: 'Only the person who uploaded a file can confirm it.',
  notUploaded: 'Nothing was uploaded for this file: upload it again.',
  notConfirmed: 'This file was not confirmed: upload it and confirm it first.',
  refused: (type: EvidenceType) => `This file is not a ${evidenceTypeNames[type]}.`,
  wrongSize: 'The uploaded file is not the size that was declared: upload it again.',
  notAttachable: 'A file can be attached only once, by the person who uploaded it, to the message it was uploaded for.',
} as const;

/** Whether the size is one a file may have (whole bytes, 1 B to 10 MB). */
export function evidenceSizeAllowed(size: number): boolean {
  return Number.isInteger(size) && size >= evidenceMinBytes && size <= evidenceMaxBytes;
}

/**
 * The name a file is shown under: its last path segment (a browser may send `C:\fakepath\x.pdf`),
 * without control characters, trimmed, at most 100 characters; undefined when nothing is left.
 */
export function evidenceDisplayName(raw: string): string | undefined {
  const last = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean || clean === '.' || clean === '..') return undefined;
  return clean.slice(0, evidenceNameMaxLength).trim();
}

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type a file's first bytes say it is, by its magic number; undefined for anything else. A few
 * fixed signatures: hand-written because a sniffing library would bring many types we refuse anyway.
 */
export function sniffType(firstBytes: Uint8Array): EvidenceType | undefined {
  if (startsWith(firstBytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(firstBytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(firstBytes, 0, ascii('RIFF')) && startsWith(firstBytes, 8, ascii('WEBP'))) return 'image/webp';
  if (startsWith(firstBytes, 0, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}
