import type { WebConfig } from '@escrow/api/web-config';

/** The six issue categories a support request is filed under (the spec fixes their number, not their names). */
export const issueCategories = [
  'Payment not received',
  'Release or payout delay',
  'Contract dispute',
  'Account or sign-in problem',
  'Bank details',
  'Other',
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

export function disputeMessage(contractId: string, reason: string, userId: string): SupportMessage {
  const contract = contractId.trim();
  return {
    subject: `MiddleMan dispute: contract ${contract}`,
    body: [`Dispute for contract ${contract}`, `User ID: ${userId}`, '', reason.trim()].join('\n'),
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
