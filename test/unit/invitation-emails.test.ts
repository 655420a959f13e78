import { describe, expect, it } from 'vitest';
import {
  renderTemplate,
  stepEmailNames,
  stepEmails,
  templateContent,
  templateData,
} from '../../lambdas/core/domain/email-templates';
import { addressDigest, invitationStopToken, readInvitationStopToken } from '../../lambdas/core/domain/invitation-stop';
import { invitationEmailRule, invitationLimits, throttles } from '../../lambdas/core/domain/throttle-rules';

const key = 'k'.repeat(32);
const sender = '3f1c2a9e-5b6d-4c7e-8f90-1a2b3c4d5e6f';
const email = 'bola@example.com';

describe('the stop token of an invitation email', () => {
  it('names its sender and its address (by digest only), whatever the case the address was typed in', () => {
    const token = invitationStopToken(key, sender, email);
    expect(readInvitationStopToken(key, token)).toEqual({ sender, addressDigest: addressDigest(key, 'Bola@Example.COM ') });
    expect(token).not.toContain('bola');
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}\.[\w-]{43}$/);
  });

  it('is refused when signed with another key, or when any part of it is changed or moved to another token', () => {
    const token = invitationStopToken(key, sender, email);
    const [who, digest, signature] = token.split('.') as [string, string, string];
    const [otherWho, otherDigest, otherSignature] = invitationStopToken(key, 'another-sender', 'ade@example.com').split('.') as [
      string,
      string,
      string,
    ];
    expect(readInvitationStopToken('another key', token)).toBeNull();
    for (const forged of [
      `${otherWho}.${digest}.${signature}`,
      `${who}.${otherDigest}.${signature}`,
      `${who}.${digest}.${otherSignature}`,
      `${who}.${digest}.${signature.slice(1)}`,
      `${who}.${digest}`,
      `${token}.${signature}`,
      `.${digest}.${signature}`,
      '',
    ])
      expect(readInvitationStopToken(key, forged), forged).toBeNull();
  });
});

describe('invitation emails an account may have sent', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  const hoursAgo = (hours: number) => new Date(now - hours * 3600_000).toISOString();

  it(`allows a new account ${invitationLimits.perHourNewAccount} an hour, one a day old or more ${invitationLimits.perHour}, on one counter`, () => {
    expect(invitationEmailRule(hoursAgo(1), now).limit).toBe(invitationLimits.perHourNewAccount);
    expect(invitationEmailRule(hoursAgo(invitationLimits.newAccountHours - 0.01), now).limit).toBe(
      invitationLimits.perHourNewAccount,
    );
    expect(invitationEmailRule(hoursAgo(invitationLimits.newAccountHours), now).limit).toBe(invitationLimits.perHour);
    expect(invitationEmailRule(hoursAgo(24 * 400), now).limit).toBe(invitationLimits.perHour);
    // Turning a day old within an hour carries on from what was sent in it.
    expect(throttles.invitationEmailsNewAccount.scope).toBe(throttles.invitationEmails.scope);
    expect(invitationLimits.perHourNewAccount).toBeLessThan(invitationLimits.perHour);
  });

  it('treats an account whose creation date is missing, unreadable or in the future as new', () => {
    for (const createdAt of [undefined, '', 'yesterday', hoursAgo(-48)])
      expect(invitationEmailRule(createdAt, now).limit, String(createdAt)).toBe(invitationLimits.perHourNewAccount);
  });
});

describe('the invitation email template', () => {
  it('has a subject of ours alone, and ends with the stop link in both parts', () => {
    const { Subject, Text, Html } = templateContent('contract-invitation');
    expect(Subject).not.toContain('{{');
    expect(Text).toContain('Stop emails from this sender: {{stop_link}}');
    expect(Html).toContain('href="{{stop_link_html}}"');
  });

  it('escapes the title in the HTML part', () => {
    const data = templateData({
      name: email,
      message: 'Pay for "<b>Gown</b>" & more',
      link: 'https://a/c/1',
      stop_link: 'https://a/s?t=1&u=2',
    });
    const html = renderTemplate(templateContent('contract-invitation').Html, data);
    expect(html).toContain('&#34;&#60;b&#62;Gown&#60;/b&#62;&#34; &#38; more');
    expect(html).not.toContain('<b>Gown</b>');
    expect(html).toContain('href="https://a/s?t=1&#38;u=2"');
  });

  it('gives the stop link to the invitation only: every other step goes to people who asked for the deal', () => {
    const withStop = stepEmailNames.filter((step) => 'stopLink' in stepEmails[step]);
    expect(withStop).toEqual(['contract-invitation']);
    for (const step of stepEmailNames.filter((s) => s !== 'contract-invitation'))
      expect(templateContent(step).Text).not.toContain('stop_link');
  });
});
