import { isoInstants } from './instants';

/**
 * The emails a deal sends, one SES template per step (CDK creates them per stage, `npm start`
 * creates them in the local SES). Each has a subject, a plain-text part and an HTML part, and
 * ends with a deep link to the contract. Placeholders are SES's `{{name}}`: the sender fills
 * `name` (the person), `title` (the contract's), `message` (what happened, the notification's
 * own words), `link`; the HTML part reads the `_html` copy of each (escaped by the sender, since
 * SES substitutes values as they are). Plain data, no AWS.
 */

export interface StepEmail {
  subject: string;
  /** What the link's button says. */
  action: string;
  /** Money movements and what a person must act on always go; the rest may be turned off in My Account. */
  essential: boolean;
  /**
   * Sent to someone who asked for nothing (an invitation to an address without an account): it
   * ends with "stop emails from this sender", the template's `stop_link`.
   */
  stopLink?: true;
}

export const stepEmails = {
  // Its subject is ours alone: a subject carrying the sender's words ("... invited you to a
  // MiddleMan escrow: "Your parcel is waiting, pay here"") made our address a relay for their spam.
  // The body carries the contract's title only, escaped in the HTML part (services/invitations.ts).
  'contract-invitation': {
    subject: 'You are invited to a contract on MiddleMan escrow',
    action: 'Open the contract',
    essential: true,
    stopLink: true,
  },
  'contract-created': { subject: 'New contract for you: "{{title}}"', action: 'Open the contract', essential: true },
  'contract-accepted': { subject: '"{{title}}" was accepted', action: 'Open the contract', essential: false },
  'contract-rejected': { subject: '"{{title}}" was rejected', action: 'Open the contract', essential: false },
  'payment-received': { subject: 'Payment received for "{{title}}"', action: 'Open the contract', essential: true },
  // A contract in milestones: the next milestone is open, for the seller to deliver (issue 38).
  'milestone-started': { subject: '"{{title}}" has started', action: 'Open the milestone', essential: true },
  'contract-delivered': { subject: '"{{title}}" was delivered', action: 'Inspect the delivery', essential: true },
  'inspection-ending': { subject: '"{{title}}": inspection ends soon', action: 'Inspect the delivery', essential: true },
  'inspection-ended': { subject: '"{{title}}": inspection ended', action: 'Open the contract', essential: true },
  'contract-disputed': { subject: 'Dispute on "{{title}}"', action: 'Open the dispute', essential: true },
  'dispute-settled': { subject: 'Dispute on "{{title}}" settled', action: 'Open the contract', essential: true },
  // Each way a contract ends with money going back has its own closing email (one subject for all
  // of them told a buyer whose seller never delivered that a dispute they never opened was settled).
  'settlement-complete': { subject: 'Settlement of "{{title}}" complete', action: 'Open the contract', essential: true },
  'cancellation-refunded': {
    subject: 'Refund complete for cancelled "{{title}}"',
    action: 'Open the contract',
    essential: true,
  },
  'delivery-expired': { subject: '"{{title}}" was not delivered in time', action: 'Open the contract', essential: true },
  'delivery-refunded': {
    subject: 'Refund complete for undelivered "{{title}}"',
    action: 'Open the contract',
    essential: true,
  },
  // The payer's satisfaction and the contract's final status are two steps with a template each;
  // the creator still reads the subject they always had for the first.
  'contract-satisfied': { subject: '"{{title}}" is complete', action: 'Open the contract', essential: true },
  'contract-completed': { subject: '"{{title}}" is complete', action: 'Open the contract', essential: true },
  'contract-cancelled': { subject: '"{{title}}" was cancelled', action: 'Open the contract', essential: true },
  'cancellation-requested': { subject: 'Cancellation requested for "{{title}}"', action: 'Open the contract', essential: true },
  'funds-released': { subject: 'Funds released for "{{title}}"', action: 'Open the contract', essential: true },
  'refund-sent': { subject: 'Refund for "{{title}}"', action: 'Open the contract', essential: true },
  'refund-awaiting-bank-details': {
    subject: 'Your refund for "{{title}}" is waiting for your bank account',
    action: 'Add your bank account',
    essential: true,
  },
  'payout-delayed': { subject: 'Payout delayed for "{{title}}"', action: 'Open the contract', essential: true },
} as const satisfies Record<string, StepEmail>;

export type StepEmailName = keyof typeof stepEmails;

export const stepEmailNames = Object.keys(stepEmails) as StepEmailName[];

/** The SES name of a step's template on a stage (templates are per account and region, so the stage keeps them apart). */
export const emailTemplateName = (stage: string, step: StepEmailName) => `escrow-${stage}-${step}`;

const footer = 'MiddleMan: escrow for online buyers and sellers.';
const preferences = 'You can turn off emails that are not about money in My Account.';
/** The words of the stop link (`stopLink`): one click, and this sender's invitations to this address are no longer emailed. */
export const stopText = 'Not expecting this? Stop emails from this sender';

/** The three parts of a step's template, as stored in SES. */
export function templateContent(step: StepEmailName): { Subject: string; Text: string; Html: string } {
  const { subject, action, essential } = stepEmails[step];
  const stopLink = 'stopLink' in stepEmails[step];
  const text = [
    'Hello {{name}},',
    '{{message}}',
    `${action}: {{link}}`,
    essential ? footer : `${footer}\n${preferences}`,
    ...(stopLink ? [`${stopText}: {{stop_link}}`] : []),
  ].join('\n\n');
  const html = [
    '<p>Hello {{name_html}},</p>',
    '<p>{{message_html}}</p>',
    `<p><a href="{{link_html}}" style="display:inline-block;padding:12px 20px;background:#047857;color:#ffffff;border-radius:6px;text-decoration:none">${action}</a></p>`,
    '<p style="font-size:12px;color:#4b5563">If the button does not work, open this link: {{link_html}}</p>',
    `<p style="font-size:12px;color:#4b5563">${footer}${essential ? '' : `<br>${preferences}`}</p>`,
    ...(stopLink
      ? [`<p style="font-size:12px;color:#4b5563"><a href="{{stop_link_html}}" style="color:#4b5563">${stopText}</a></p>`]
      : []),
  ].join('\n');
  return { Subject: subject, Text: text, Html: html };
}

const lagosTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', dateStyle: 'long', timeStyle: 'short' });

/**
 * A notification's text as an email says it: each instant in Lagos time, where the product's
 * people are ('28 November 2026 at 15:05 (Lagos time)'), not the UTC the text is stored in (the web
 * shows the same text in the reader's own zone, web/src/lib/format.ts).
 */
export function withLagosTimes(text: string): string {
  return text.replace(isoInstants, (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : `${lagosTime.format(date)} (Lagos time)`;
  });
}

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A step's template data: each value, and its `_html` copy escaped for the HTML part. */
export function templateData(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) => [
      [key, value],
      [`${key}_html`, escapeHtml(value)],
    ]),
  );
}

/** Renders a template as SES does (simple substitution), for tests and the local mailbox's checks. */
export function renderTemplate(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => data[key] ?? '');
}
