import type { WebConfig } from '@escrow/api/web-config';

/** The six issue categories a support request is filed under: the spec's names, in the spec's order (§3). */
export const issueCategories = [
  'Payment Problem',
  'Account Issue',
  'Contract Dispute',
  'Using a Template',
  'General Question',
  'Feedback & Suggestions',
] as const;
export type IssueCategory = (typeof issueCategories)[number];

export const supportHours = 'Monday to Friday, 9:00 AM to 5:00 PM WAT';

/** What a person sends support: a subject line, and a body naming who asks (when known) and what about. */
export interface SupportMessage {
  subject: string;
  body: string;
}

export function supportRequestMessage(category: IssueCategory, details: string, userId?: string): SupportMessage {
  return {
    subject: `MiddleMan support: ${category}`,
    body: [`Issue: ${category}`, ...(userId ? [`User ID: ${userId}`] : []), '', details.trim()].join('\n'),
  };
}

export function feedbackMessage(feedback: string, userId: string): SupportMessage {
  return { subject: 'MiddleMan feedback', body: ['Feedback', `User ID: ${userId}`, '', feedback.trim()].join('\n') };
}

/** What a dispute is about, as the form holds it (any field may still be empty). */
export interface DisputeFields {
  contractId: string;
  issue: IssueCategory | '';
  details: string;
}

/** Not in the spec: plain texts for the dispute fields left empty. */
export const disputeFieldMessages = {
  /** The spec's own text for a missing contract ID (§8 "Contracts and templates"). */
  contractId: 'Please enter a Contract ID.',
  issue: 'Please choose an issue.',
  details: 'Please describe the problem.',
} as const;

export type DisputeComposition =
  | { ok: true; message: SupportMessage }
  | { ok: false; missing: Partial<Record<keyof DisputeFields, string>> };

const isIssueCategory = (value: string): value is IssueCategory => (issueCategories as readonly string[]).includes(value);

/**
 * A dispute message carries the contract ID, the issue and the details (spec §3), each labelled in
 * the body, and the signed-in user's id. Without all three there is no message: `missing` names
 * each field left out, with the text to show next to it.
 */
export function composeDisputeMessage(fields: DisputeFields, userId: string): DisputeComposition {
  const contractId = fields.contractId.trim();
  const issue = isIssueCategory(fields.issue) ? fields.issue : undefined;
  const details = fields.details.trim();
  const missing: Partial<Record<keyof DisputeFields, string>> = {};
  if (!contractId) missing.contractId = disputeFieldMessages.contractId;
  if (!issue) missing.issue = disputeFieldMessages.issue;
  if (!details) missing.details = disputeFieldMessages.details;
  if (!contractId || !issue || !details) return { ok: false, missing };
  return {
    ok: true,
    message: {
      subject: `MiddleMan dispute: contract ${contractId}`,
      body: [
        `Contract ID: ${contractId}`,
        `Issue: ${issue}`,
        ...(userId ? [`User ID: ${userId}`] : []),
        `Details: ${details}`,
      ].join('\n'),
    },
  };
}

/** A mail link: encodeURIComponent, not URLSearchParams, since mail clients do not read `+` as a space. */
export function mailtoHref(email: string, { subject, body }: SupportMessage): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** A WhatsApp chat with the number (digits, international form), the message typed in for the person to send. */
export function whatsappHref(number: string, { subject, body }: SupportMessage): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(`${subject}\n\n${body}`)}`;
}

/** `2348012345678` -> `+2348012345678`, how people read a number they may dial. */
export function displayWhatsapp(number: string): string {
  return `+${number}`;
}

export type SupportChannels = WebConfig['support'];
