// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../web/src/lib/api';
import { ForgotPasswordPage } from '../../../web/src/pages/auth/forgot-password-page';
import { click, renderWithProviders } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function renderForgotPassword() {
  renderWithProviders(
    <MemoryRouter>
      <ForgotPasswordPage />
    </MemoryRouter>,
  );
}

const body = (index: number) => JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApi('https://api.example.com');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('forgot password page', () => {
  it('goes from email to security question to Email Sent, sending the device fingerprint', async () => {
    fetchMock
      .mockResolvedValueOnce(Response.json({ securityQuestion: 'What was the name of your first pet?' }))
      .mockResolvedValueOnce(Response.json({ message: 'Reset link sent.' }));
    renderForgotPassword();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Ada@Example.com' } });
    await click('Continue');
    expect(body(0)).toEqual({ email: 'ada@example.com', fingerprint: 'device-1' });
    expect(screen.getByText('What was the name of your first pet?')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Security Answer'), { target: { value: 'Rex' } });
    await click('Send Reset Link');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('https://api.example.com/verify-answer-and-reset');
    expect(body(1)).toEqual({ email: 'ada@example.com', securityAnswer: 'Rex', deviceFingerprint: 'device-1' });
    expect(screen.getByRole('heading', { name: 'Email Sent' })).toBeTruthy();
  });

  it('marks a missing email, then a missing answer, under its field and focused, before calling the server', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ securityQuestion: 'Q?' }));
    renderForgotPassword();
    await click('Continue');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter your email address.')).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await click('Continue');
    await click('Send Reset Link');
    const answer = screen.getByLabelText('Security Answer');
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter your security answer.')).toBeTruthy();
    expect(document.activeElement).toBe(answer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a malformed email under the field without calling the server', async () => {
    renderForgotPassword();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@' } });
    await click('Continue');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Security question not found.' when the account has none", async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ securityQuestion: '' }));
    renderForgotPassword();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await click('Continue');
    expect(screen.getByRole('alert').textContent).toBe('Security question not found.');
    expect(screen.queryByLabelText('Security Answer')).toBeNull();
  });

  it('says to wait 30 minutes when throttled, and calls a 401 an incorrect answer', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'Too many attempts' }, { status: 429 }));
    renderForgotPassword();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    await click('Continue');
    expect(screen.getByRole('alert').textContent).toBe('Too Many Attempts. Please try again in 30 minutes.');

    fetchMock
      .mockResolvedValueOnce(Response.json({ securityQuestion: 'Q?' }))
      .mockResolvedValueOnce(Response.json({ error: 'Incorrect' }, { status: 401 }));
    await click('Continue');
    fireEvent.change(screen.getByLabelText('Security Answer'), { target: { value: 'Tom' } });
    await click('Send Reset Link');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect security answer.');
  });
});
