// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmEmail, removeSignup } from '../../../web/src/features/auth/api';
import { ApiError } from '../../../web/src/lib/api';
import { ConfirmEmailPage } from '../../../web/src/pages/auth/confirm-email-page';
import { Arrived, renderWithProviders } from './providers';

vi.mock('../../../web/src/features/auth/api', () => ({ confirmEmail: vi.fn(), removeSignup: vi.fn() }));

const token = 'r'.repeat(43);

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

async function typePasswordAndConfirm(password: string) {
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Email' }));
  });
}

beforeEach(() => {
  vi.mocked(confirmEmail).mockReset();
  vi.mocked(removeSignup).mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('confirm email page', () => {
  it('confirms only with the password chosen at sign-up, sent with the link, then opens login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(confirmEmail).mockResolvedValue({ message: 'Your email has been confirmed.' });
    await renderConfirm(`?email=ada%40example.com&code=123456&t=${token}`);
    expect(confirmEmail).not.toHaveBeenCalled();

    await typePasswordAndConfirm('correct-horse-7');
    expect(confirmEmail).toHaveBeenCalledTimes(1);
    expect(confirmEmail).toHaveBeenCalledWith({ email: 'ada@example.com', code: '123456', password: 'correct-horse-7' });
    expect(screen.getByRole('status').textContent).toMatch(/Your email has been confirmed/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it('shows the server\'s refusal of another password where it was typed, and offers "This was not me"', async () => {
    vi.mocked(confirmEmail).mockRejectedValue(
      new ApiError(
        401,
        'This is not the password this sign-up was made with. If you did not sign up, choose "This was not me".',
        true,
      ),
    );
    await renderConfirm(`?email=ada%40example.com&code=123456&t=${token}`);
    await typePasswordAndConfirm('my-own-password');
    expect(screen.getByRole('alert').textContent).toMatch(/not the password this sign-up was made with/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'This was not me' }));
    });
    expect(screen.getByRole('button', { name: 'Remove This Sign-up' })).toBeTruthy();
  });

  it('removes the sign-up from the "This was not me" link in one click, and says so', async () => {
    vi.mocked(removeSignup).mockResolvedValue({ message: 'The sign-up was removed.' });
    await renderConfirm(`?email=ada%40example.com&not_me=${token}`);
    expect(removeSignup).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove This Sign-up' }));
    });
    expect(removeSignup).toHaveBeenCalledWith({ email: 'ada@example.com', token });
    expect(screen.getByRole('status').textContent).toBe('The sign-up was removed.');
  });

  it('calls nothing when the link lacks the email or the code', async () => {
    await renderConfirm('?email=ada%40example.com');
    expect(confirmEmail).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
  });
});
