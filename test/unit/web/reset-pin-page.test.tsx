// @vitest-environment happy-dom

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
  },
};

const codeSent = 'Correct answer. A 6-digit code has been sent to your email.';
const api = fakeApi();

const renderResetPin = () =>
  renderSignedInAt(
    '/reset-pin',
    <>
      <Route path="/reset-pin" element={<ResetPinPage />} />
      <Route path="/my-account" element={<Arrived at="my-account" />} />
    </>,
  );

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
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
    expect(api.callsTo('POST', '/request-pin-code')[0]?.body).toEqual({ securityAnswer: 'Rex' });
    expect(screen.getByRole('status').textContent).toBe(codeSent);
    expect(screen.queryByLabelText('Security answer')).toBeNull();

    type('6-digit code', '12-34 56 7');
    expect(value('6-digit code')).toBe('123456');
    type('New PIN', '4321');
    type('Confirm PIN', '4321');
    await click('Reset PIN');
    expect(api.callsTo('POST', '/reset-pin')[0]?.body).toEqual({ code: '123456', pin: '4321', confirmPin: '4321' });
    expect(screen.getByText('Arrived at my-account')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? 'null')).toEqual({
      notice: 'Your payment PIN has been set.',
    });
  });

  it("shows the server's refusal of the answer and stays on the question", async () => {
    api.on('POST', '/request-pin-code', reply({ error: 'Incorrect security answer.' }, 401));
    await renderResetPin();
    await answerCorrectly();
    expect(screen.getByRole('alert').textContent).toBe('Incorrect security answer.');
    expect(screen.getByLabelText('Security answer')).toBeTruthy();
  });

  it('asks for an answer before calling the server', async () => {
    await renderResetPin();
    await click('Send Code');
    expect(screen.getByRole('alert').textContent).toBe('Please enter your security answer.');
    expect(api.callsTo('POST', '/request-pin-code')).toHaveLength(0);
  });

  it('refuses PINs that differ, and shows a code the server refuses', async () => {
    api.on('POST', '/reset-pin', reply({ error: 'Invalid or expired code.' }, 400));
    await renderResetPin();
    await answerCorrectly();
    type('6-digit code', '123456');
    type('New PIN', '4321');
    type('Confirm PIN', '4322');
    await click('Reset PIN');
    expect(screen.getByRole('alert').textContent).toBe('The two PINs do not match.');
    expect(api.callsTo('POST', '/reset-pin')).toHaveLength(0);

    type('Confirm PIN', '4321');
    await click('Reset PIN');
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired code.');
  });

  it('keeps the PIN boxes to 4 digits', async () => {
    await renderResetPin();
    await answerCorrectly();
    type('New PIN', '12a345');
    expect(value('New PIN')).toBe('1234');
  });
});
