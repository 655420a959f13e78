// @vitest-environment happy-dom

import { pinCodeRequestSchema } from '@escrow/api/account';
import type { ProfileResponse } from '@escrow/api/identity';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResetPinPage } from '../../../web/src/pages/account/reset-pin-page';
import { fakeApi, reply } from './fake-api';
import { Arrived, click, renderSignedInAt } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

const account: ProfileResponse = {
  id: 'u1',
  email: 'ada@example.com',
  created_at: '2025-10-01T10:00:00.000Z',
  profile: {
    full_name: 'Ada Lovelace',
    username: null,
    phone_number: null,
    security_ques: 'What was the name of your first pet?',
    has_security_answer: true,
    has_payment_pin: false,
    account_number: null,
    bank_code: null,
    account_name: null,
    email_updates: true,
  },
};

const codeSent = 'Correct answer. A 6-digit code has been sent to your email.';
const api = fakeApi();

const renderResetPin = (entry = '/reset-pin') =>
  renderSignedInAt(
    entry,
    <>
      <Route path="/reset-pin" element={<ResetPinPage />} />
      <Route path="/my-account" element={<Arrived at="my-account" />} />
      <Route path="/dashboard" element={<Arrived at="dashboard" />} />
    </>,
  );

const withPin = {
  ...account,
  profile: { ...(account.profile as NonNullable<ProfileResponse['profile']>), has_payment_pin: true },
};

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
/** The texts a control points to with aria-describedby (its hint, its refusal). */
const describedBy = (label: string) =>
  (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

async function answerCorrectly() {
  type('Security answer', ' Rex ');
  await click('Send Code');
}

beforeEach(() => {
  api.install();
  api
    .on('GET', '/profile', reply(account))
    .on('POST', '/request-pin-code', reply({ message: codeSent }))
    .on('POST', '/reset-pin', reply({ message: 'Your payment PIN has been set.' }));
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reset payment PIN', () => {
  it('asks the security question, then takes the emailed code and the new PIN twice, and ends on My Account', async () => {
    await renderResetPin();
    expect(screen.getByText('What was the name of your first pet?')).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();

    await answerCorrectly();
    // Sent as typed: the server reads it with the same schema, which trims it.
    expect(pinCodeRequestSchema.parse(api.callsTo('POST', '/request-pin-code')[0]?.body)).toEqual({ securityAnswer: 'Rex' });
    expect(screen.getByRole('status').textContent).toBe(codeSent);
    expect(screen.queryByLabelText('Security answer')).toBeNull();

    type('6-digit code', '12-34 56 7');
    expect(value('6-digit code')).toBe('123456');
    type('New PIN', '4321');
    type('Confirm PIN', '4321');
    await click('Set PIN');
    expect(api.callsTo('POST', '/reset-pin')[0]?.body).toEqual({ code: '123456', pin: '4321', confirmPin: '4321' });
    expect(screen.getByText('Arrived at my-account')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? 'null')).toEqual({
      notice: 'Your payment PIN has been set.',
    });
  });

  it("shows the server's refusal of the answer and stays on the question", async () => {
    api.on('POST', '/request-pin-code', reply({ error: 'Incorrect security answer.' }, 400));
    await renderResetPin();
    await answerCorrectly();
    expect(screen.getByRole('alert').textContent).toBe('Incorrect security answer.');
    expect(screen.getByLabelText('Security answer')).toBeTruthy();
  });

  it('asks for an answer under its box, and focuses it, before calling the server', async () => {
    await renderResetPin();
    await click('Send Code');
    expect(describedBy('Security answer')).toBe('Please enter your security answer.');
    expect(screen.getByLabelText('Security answer').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Security answer'));
    expect(api.callsTo('POST', '/request-pin-code')).toHaveLength(0);
  });

  it('marks each missing box of the second step under it, each problem once, focusing the first', async () => {
    await renderResetPin();
    await answerCorrectly();
    await click('Set PIN');
    // Nothing typed is asked for, never called expired.
    expect(describedBy('6-digit code')).toBe('Please enter the 6-digit code sent to your email.');
    expect(describedBy('New PIN')).toBe('Your payment PIN must be exactly 4 digits.');
    // The confirmation repeats nothing: the problem is the new PIN, said once under its box.
    expect(describedBy('Confirm PIN')).toBe('');
    expect(screen.getAllByText('Your payment PIN must be exactly 4 digits.')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByLabelText('6-digit code'));
    expect(api.callsTo('POST', '/reset-pin')).toHaveLength(0);
  });

  it('refuses an empty confirmation of a 4-digit new PIN as not matching it', async () => {
    await renderResetPin();
    await answerCorrectly();
    type('6-digit code', '123456');
    type('New PIN', '4321');
    await click('Set PIN');
    expect(describedBy('New PIN')).toBe('');
    expect(describedBy('Confirm PIN')).toBe('The two PINs do not match.');
    expect(api.callsTo('POST', '/reset-pin')).toHaveLength(0);
  });

  it('refuses PINs that differ under the second box, and shows a code the server refuses', async () => {
    api.on('POST', '/reset-pin', reply({ error: 'Invalid or expired code.' }, 400));
    await renderResetPin();
    await answerCorrectly();
    type('6-digit code', '123456');
    type('New PIN', '4321');
    type('Confirm PIN', '4322');
    await click('Set PIN');
    expect(describedBy('Confirm PIN')).toBe('The two PINs do not match.');
    expect(api.callsTo('POST', '/reset-pin')).toHaveLength(0);

    type('Confirm PIN', '4321');
    await click('Set PIN');
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired code.');
  });

  it("says 'Set Payment PIN' while the account has no PIN", async () => {
    await renderResetPin();
    expect(screen.getByRole('heading', { name: 'Set Payment PIN' })).toBeTruthy();
    await answerCorrectly();
    expect(screen.getByRole('button', { name: 'Set PIN' })).toBeTruthy();
  });

  it("says 'Reset Payment PIN' once the account has one", async () => {
    api.on('GET', '/profile', reply(withPin));
    await renderResetPin();
    expect(screen.getByRole('heading', { name: 'Reset Payment PIN' })).toBeTruthy();
    await answerCorrectly();
    expect(screen.getByRole('button', { name: 'Reset PIN' })).toBeTruthy();
  });

  async function setPin() {
    await answerCorrectly();
    type('6-digit code', '123456');
    type('New PIN', '4321');
    type('Confirm PIN', '4321');
    await click('Set PIN');
  }

  it('goes back to where it was opened from (returnTo) once the PIN is set, with the message', async () => {
    await renderResetPin('/reset-pin?returnTo=%2Fdashboard');
    await setPin();
    expect(screen.getByText('Arrived at dashboard')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? 'null')).toEqual({
      notice: 'Your payment PIN has been set.',
    });
  });

  it.each(['//evil.example', 'https://evil.example/dashboard', '/\\evil.example', '/\t/evil.example', 'dashboard'])(
    'refuses returnTo=%j and ends on My Account',
    async (returnTo) => {
      await renderResetPin(`/reset-pin?returnTo=${encodeURIComponent(returnTo)}`);
      await setPin();
      expect(screen.getByText('Arrived at my-account')).toBeTruthy();
    },
  );

  it('keeps the PIN boxes to 4 digits', async () => {
    await renderResetPin();
    await answerCorrectly();
    type('New PIN', '12a345');
    expect(value('New PIN')).toBe('1234');
  });
});
