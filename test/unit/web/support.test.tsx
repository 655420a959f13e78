// @vitest-environment happy-dom

import type { WebConfig } from '@escrow/api/web-config';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { AuthContext, type AuthState } from '../../../web/src/lib/auth';
import { ConfigContext } from '../../../web/src/lib/config';
import { DeviceContext } from '../../../web/src/lib/device-provider';
import { ThemeProvider } from '../../../web/src/lib/theme';
import { signedIn, testConfig, testDevice } from './providers';

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

function fillRequest(category: string, details: string) {
  fireEvent.change(screen.getByLabelText('Issue category'), { target: { value: category } });
  fireEvent.change(screen.getByLabelText('Details'), { target: { value: details } });
}

describe('support request (/need-help and /support)', () => {
  it('hides the send buttons until both an issue category and details are filled in', async () => {
    renderAt('/need-help');
    await screen.findByLabelText('Issue category');
    const sendButtons = () => screen.queryAllByRole('link', { name: /^Send (by email|on WhatsApp)$/ });
    expect(sendButtons()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Issue category'), { target: { value: 'Payment not received' } });
    expect(sendButtons()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Details'), { target: { value: '   ' } });
    expect(sendButtons()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'I paid yesterday.' } });
    expect(sendButtons()).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Issue category'), { target: { value: '' } });
    expect(sendButtons()).toHaveLength(0);
  });

  it('offers six issue categories, the support hours and the configured channels', async () => {
    renderAt('/need-help');
    const select = await screen.findByLabelText('Issue category');
    expect(select.querySelectorAll('option:not([value=""])')).toHaveLength(6);
    expect(screen.getByText('Monday to Friday, 9:00 AM to 5:00 PM WAT', { exact: false })).toBeTruthy();
    expect(screen.getByText('support@middleman.ng', { exact: false })).toBeTruthy();
    expect(screen.getByText('+2348012345678', { exact: false })).toBeTruthy();
  });

  it('sends a visitor’s category and details, URL-encoded, to the configured email and WhatsApp number, without a user id', async () => {
    renderAt('/need-help');
    await screen.findByLabelText('Issue category');
    fillRequest('Release or payout delay', 'Paid ₦5,000 & still waiting? 50% done');

    const mail = hrefOf('Send by email');
    expect(mail).toMatch(/^mailto:support@middleman\.ng\?subject=[^ ]+&body=[^ ]+$/);
    expect(mail).toContain(encodeURIComponent('Paid ₦5,000 & still waiting? 50% done'));
    expect(mailParts(mail)).toEqual({
      to: 'support@middleman.ng',
      subject: 'MiddleMan support: Release or payout delay',
      body: 'Issue: Release or payout delay\n\nPaid ₦5,000 & still waiting? 50% done',
    });

    const chat = hrefOf('Send on WhatsApp');
    expect(chat.startsWith('https://wa.me/2348012345678?text=')).toBe(true);
    expect(chat).not.toMatch(/\s/);
    const text = whatsappText(chat);
    expect(text).toContain('Release or payout delay');
    expect(text).toContain('Paid ₦5,000 & still waiting? 50% done');
    expect(text).not.toContain('User ID');
  });

  it('adds the signed-in user’s id to the email and the WhatsApp message on /support', async () => {
    renderAt('/support', { auth: signedIn });
    await screen.findByRole('heading', { name: 'Support' });
    fillRequest('Contract dispute', 'The seller never delivered.');

    const { body, subject } = mailParts(hrefOf('Send by email'));
    expect(subject).toBe('MiddleMan support: Contract dispute');
    expect(body).toBe('Issue: Contract dispute\nUser ID: u1\n\nThe seller never delivered.');
    const text = whatsappText(hrefOf('Send on WhatsApp'));
    expect(text).toContain('User ID: u1');
    expect(text).toContain('The seller never delivered.');
  });

  it('offers only email when the stage configures no WhatsApp number', async () => {
    renderAt('/need-help', { config: { ...testConfig, support: { email: 'help@middleman.ng' } } });
    await screen.findByLabelText('Issue category');
    fillRequest('Bank details', 'My account number changed.');
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

  it('opens a chat naming the disputed contract and the signed-in user once both fields are filled', async () => {
    renderAt('/support', { auth: signedIn });
    const contractId = await screen.findByLabelText('Contract ID');
    expect(screen.queryByRole('link', { name: 'Open dispute on WhatsApp' })).toBeNull();
    fireEvent.change(contractId, { target: { value: '01JB8ZK3Q4' } });
    expect(screen.queryByRole('link', { name: 'Open dispute on WhatsApp' })).toBeNull();
    fireEvent.change(screen.getByLabelText('What went wrong'), { target: { value: 'Goods arrived broken.' } });

    const chat = hrefOf('Open dispute on WhatsApp');
    expect(chat.startsWith('https://wa.me/2348012345678?text=')).toBe(true);
    const text = whatsappText(chat);
    expect(text).toContain('contract 01JB8ZK3Q4');
    expect(text).toContain('User ID: u1');
    expect(text).toContain('Goods arrived broken.');
  });

  it('opens a chat with the feedback and the signed-in user id', async () => {
    renderAt('/support', { auth: signedIn });
    fireEvent.change(await screen.findByLabelText('Your feedback'), { target: { value: 'Love the escrow flow!' } });
    const text = whatsappText(hrefOf('Send feedback on WhatsApp'));
    expect(text).toContain('Love the escrow flow!');
    expect(text).toContain('User ID: u1');
  });
});
