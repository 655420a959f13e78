// @vitest-environment happy-dom

import type { WebConfig } from '@escrow/api/web-config';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { composeDisputeMessage, issueCategories } from '../../../web/src/features/support/messages';
import { AuthContext, type AuthState } from '../../../web/src/lib/auth';
import { ConfigContext } from '../../../web/src/lib/config';
import { DeviceContext } from '../../../web/src/lib/device-provider';
import { ThemeProvider } from '../../../web/src/lib/theme';
import { click, signedIn, testConfig, testDevice } from './providers';

afterEach(cleanup);

function renderAt(
  path: string,
  { auth = { status: 'signedOut' }, config = testConfig }: { auth?: AuthState; config?: WebConfig } = {},
) {
  render(
    <ConfigContext.Provider value={config}>
      <ThemeProvider>
        <AuthContext.Provider value={{ state: auth, signOut: async () => {} }}>
          <DeviceContext.Provider value={testDevice}>
            <MemoryRouter initialEntries={[path]}>
              <AppRoutes />
            </MemoryRouter>
          </DeviceContext.Provider>
        </AuthContext.Provider>
      </ThemeProvider>
    </ConfigContext.Provider>,
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href') ?? '';
/** The decoded `text` of a wa.me link, and the decoded subject and body of a mailto link. */
const whatsappText = (href: string) => new URL(href).searchParams.get('text') ?? '';
const mailParts = (href: string) => {
  const query = new URLSearchParams(href.slice(href.indexOf('?') + 1).replaceAll('+', '%2B'));
  return {
    to: href.slice('mailto:'.length, href.indexOf('?')),
    subject: query.get('subject') ?? '',
    body: query.get('body') ?? '',
  };
};

/** A section of the page by its heading: /support has a Details field in two of them. */
const section = (heading: string) => {
  const found = screen.getByRole('heading', { name: heading }).closest('section');
  if (!found) throw new Error(`No section '${heading}'`);
  return within(found);
};

function fillRequest(category: string, details: string) {
  const request = section('Contact support');
  fireEvent.change(request.getByLabelText('Issue category'), { target: { value: category } });
  fireEvent.change(request.getByLabelText('Details'), { target: { value: details } });
}

/** The spec's six support issue categories (§3), word for word and in its order. */
const specCategories = [
  'Payment Problem',
  'Account Issue',
  'Contract Dispute',
  'Using a Template',
  'General Question',
  'Feedback & Suggestions',
];

const optionTexts = (select: HTMLElement) =>
  [...select.querySelectorAll('option:not([value=""])')].map((option) => option.textContent);

describe('support request (/need-help and /support)', () => {
  it('hides the send buttons until both an issue category and details are filled in', async () => {
    renderAt('/need-help');
    await screen.findByLabelText('Issue category');
    const sendButtons = () => screen.queryAllByRole('link', { name: /^Send (by email|on WhatsApp)$/ });
    expect(sendButtons()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Issue category'), { target: { value: 'Payment Problem' } });
    expect(sendButtons()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Details'), { target: { value: '   ' } });
    expect(sendButtons()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'I paid yesterday.' } });
    expect(sendButtons()).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Issue category'), { target: { value: '' } });
    expect(sendButtons()).toHaveLength(0);
  });

  it('offers the spec’s six issue categories, word for word and in its order, on /need-help and /support', async () => {
    expect([...issueCategories]).toEqual(specCategories);
    renderAt('/need-help');
    expect(optionTexts(await screen.findByLabelText('Issue category'))).toEqual(specCategories);
    cleanup();
    renderAt('/support', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Support' });
    expect(optionTexts(section('Contact support').getByLabelText('Issue category'))).toEqual(specCategories);
  });

  it('shows the support hours and the configured channels', async () => {
    renderAt('/need-help');
    await screen.findByLabelText('Issue category');
    expect(screen.getByText('Monday to Friday, 9:00 AM to 5:00 PM WAT', { exact: false })).toBeTruthy();
    expect(screen.getByText('support@middleman.ng', { exact: false })).toBeTruthy();
    expect(screen.getByText('+2348012345678', { exact: false })).toBeTruthy();
  });

  it('sends a visitor’s category and details, URL-encoded, to the configured email and WhatsApp number, without a user id', async () => {
    renderAt('/need-help');
    await screen.findByLabelText('Issue category');
    fillRequest('Payment Problem', 'Paid ₦5,000 & still waiting? 50% done');

    const mail = hrefOf('Send by email');
    expect(mail).toMatch(/^mailto:support@middleman\.ng\?subject=[^ ]+&body=[^ ]+$/);
    expect(mail).toContain(encodeURIComponent('Paid ₦5,000 & still waiting? 50% done'));
    expect(mailParts(mail)).toEqual({
      to: 'support@middleman.ng',
      subject: 'MiddleMan support: Payment Problem',
      body: 'Issue: Payment Problem\n\nPaid ₦5,000 & still waiting? 50% done',
    });

    const chat = hrefOf('Send on WhatsApp');
    expect(chat.startsWith('https://wa.me/2348012345678?text=')).toBe(true);
    expect(chat).not.toMatch(/\s/);
    const text = whatsappText(chat);
    expect(text).toContain('Payment Problem');
    expect(text).toContain('Paid ₦5,000 & still waiting? 50% done');
    expect(text).not.toContain('User ID');
  });

  it('adds the signed-in user’s id to the email and the WhatsApp message on /support', async () => {
    renderAt('/support', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Support' });
    fillRequest('Feedback & Suggestions', 'Please add a dark mode.');

    const { body, subject } = mailParts(hrefOf('Send by email'));
    expect(subject).toBe('MiddleMan support: Feedback & Suggestions');
    expect(body).toBe('Issue: Feedback & Suggestions\nUser ID: u1\n\nPlease add a dark mode.');
    const text = whatsappText(hrefOf('Send on WhatsApp'));
    expect(text).toContain('User ID: u1');
    expect(text).toContain('Please add a dark mode.');
  });

  it('offers only email when the stage configures no WhatsApp number', async () => {
    renderAt('/need-help', { config: { ...testConfig, support: { email: 'help@middleman.ng' } } });
    await screen.findByLabelText('Issue category');
    fillRequest('Account Issue', 'My account number changed.');
    expect(mailParts(hrefOf('Send by email')).to).toBe('help@middleman.ng');
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(screen.queryByText('WhatsApp:', { exact: false })).toBeNull();
  });
});

describe('feedback and disputes (/support)', () => {
  it('sends a visitor to the login form instead of /support', async () => {
    renderAt('/support');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Contract ID')).toBeNull();
  });

  it('refuses to compose a dispute message without the contract ID, the issue and the details, saying next to each which is missing', async () => {
    renderAt('/support', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Open a dispute' });
    const dispute = section('Open a dispute');
    const contractId = dispute.getByLabelText('Contract ID');
    const issue = dispute.getByLabelText('Issue');
    const details = dispute.getByLabelText('Details');
    const sendLinks = () => dispute.queryAllByRole('link');

    await click('Compose dispute message');
    expect(sendLinks()).toHaveLength(0);
    const errorOf = (field: HTMLElement) => {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(errorOf(contractId)).toBe('Please enter a Contract ID.');
    expect(errorOf(issue)).toBe('Please choose an issue.');
    expect(errorOf(details)).toBe('Please describe the problem.');
    expect(document.activeElement).toBe(contractId);

    // Filling a field takes its refusal away; the others stay until they are filled too.
    fireEvent.change(contractId, { target: { value: '01JB8ZK3Q4' } });
    fireEvent.change(details, { target: { value: '   ' } });
    expect(contractId.getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(issue)).toBe('Please choose an issue.');
    expect(errorOf(details)).toBe('Please describe the problem.');
    await click('Compose dispute message');
    expect(sendLinks()).toHaveLength(0);
    expect(document.activeElement).toBe(issue);
  });

  it('composes a dispute message carrying the contract ID, the issue and the details, each labelled, with the signed-in user', async () => {
    renderAt('/support', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Open a dispute' });
    const dispute = section('Open a dispute');
    expect(optionTexts(dispute.getByLabelText('Issue'))).toEqual(specCategories);
    fireEvent.change(dispute.getByLabelText('Contract ID'), { target: { value: ' 01JB8ZK3Q4 ' } });
    fireEvent.change(dispute.getByLabelText('Issue'), { target: { value: 'Contract Dispute' } });
    fireEvent.change(dispute.getByLabelText('Details'), { target: { value: 'Goods arrived broken.' } });
    expect(dispute.queryByRole('link', { name: 'Open dispute on WhatsApp' })).toBeNull();
    await click('Compose dispute message');

    const body = 'Contract ID: 01JB8ZK3Q4\nIssue: Contract Dispute\nUser ID: u1\nDetails: Goods arrived broken.';
    const chat = dispute.getByRole('link', { name: 'Open dispute on WhatsApp' }).getAttribute('href') ?? '';
    expect(chat.startsWith('https://wa.me/2348012345678?text=')).toBe(true);
    expect(whatsappText(chat)).toBe(`MiddleMan dispute: contract 01JB8ZK3Q4\n\n${body}`);
    const mail = mailParts(dispute.getByRole('link', { name: 'Send by email' }).getAttribute('href') ?? '');
    expect(mail).toEqual({ to: 'support@middleman.ng', subject: 'MiddleMan dispute: contract 01JB8ZK3Q4', body });

    // The links follow the fields, and go once one is emptied, which is then named.
    fireEvent.change(dispute.getByLabelText('Issue'), { target: { value: 'Payment Problem' } });
    expect(whatsappText(dispute.getByRole('link', { name: 'Open dispute on WhatsApp' }).getAttribute('href') ?? '')).toContain(
      'Issue: Payment Problem',
    );
    fireEvent.change(dispute.getByLabelText('Details'), { target: { value: '' } });
    expect(dispute.queryAllByRole('link')).toHaveLength(0);
    expect(dispute.getByText('Please describe the problem.')).toBeTruthy();
  });

  it('opens a chat with the feedback and the signed-in user id', async () => {
    renderAt('/support', { auth: signedIn });
    fireEvent.change(await screen.findByLabelText('Your feedback'), { target: { value: 'Love the escrow flow!' } });
    const text = whatsappText(hrefOf('Send feedback on WhatsApp'));
    expect(text).toContain('Love the escrow flow!');
    expect(text).toContain('User ID: u1');
  });
});

describe('dispute message', () => {
  it('carries the contract ID, the issue and the details, each labelled, and only with all three', () => {
    expect(composeDisputeMessage({ contractId: ' c-1 ', issue: 'Contract Dispute', details: ' Not delivered. ' }, 'u1')).toEqual({
      ok: true,
      message: {
        subject: 'MiddleMan dispute: contract c-1',
        body: 'Contract ID: c-1\nIssue: Contract Dispute\nUser ID: u1\nDetails: Not delivered.',
      },
    });
    expect(composeDisputeMessage({ contractId: ' ', issue: '', details: '' }, 'u1')).toEqual({
      ok: false,
      missing: {
        contractId: 'Please enter a Contract ID.',
        issue: 'Please choose an issue.',
        details: 'Please describe the problem.',
      },
    });
    expect(composeDisputeMessage({ contractId: 'c-1', issue: 'Account Issue', details: '' }, 'u1')).toEqual({
      ok: false,
      missing: { details: 'Please describe the problem.' },
    });
  });
});
