// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { confirmSignUp } from 'aws-amplify/auth';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmEmailPage } from '../../../web/src/pages/auth/confirm-email-page';
import { Arrived, renderWithProviders } from './providers';

vi.mock('aws-amplify/auth', () => ({ confirmSignUp: vi.fn() }));

async function renderConfirm(search: string) {
  await act(async () => {
    renderWithProviders(
      <MemoryRouter initialEntries={[`/confirm-email${search}`]}>
        <Routes>
          <Route path="/confirm-email" element={<ConfirmEmailPage />} />
          <Route path="/login" element={<Arrived at="login" />} />
        </Routes>
      </MemoryRouter>,
    );
  });
}

beforeEach(() => {
  vi.mocked(confirmSignUp).mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('confirm email page', () => {
  it('confirms the code once, then opens login after 3 seconds', async () => {
    vi.useFakeTimers();
    vi.mocked(confirmSignUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    await renderConfirm('?email=ada%40example.com&code=123456');

    expect(confirmSignUp).toHaveBeenCalledTimes(1);
    expect(confirmSignUp).toHaveBeenCalledWith({ username: 'ada@example.com', confirmationCode: '123456' });
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it('shows why the confirmation failed, with a link to login', async () => {
    vi.mocked(confirmSignUp).mockRejectedValue(
      Object.assign(new Error('Invalid verification code provided, please try again.'), { name: 'CodeMismatchException' }),
    );
    await renderConfirm('?email=ada%40example.com&code=000000');
    expect(screen.getByRole('alert').textContent).toBe('Invalid verification code provided, please try again.');
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });

  it('does not call Cognito when the link lacks the email or the code', async () => {
    await renderConfirm('?email=ada%40example.com');
    expect(confirmSignUp).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
  });
});
