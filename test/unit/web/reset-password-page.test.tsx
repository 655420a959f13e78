// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readResetLink } from '../../../web/src/features/auth/reset-token';
import { configureApi } from '../../../web/src/lib/api';
import { ResetPasswordPage } from '../../../web/src/pages/auth/reset-password-page';
import { Arrived, renderWithProviders } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const token = 'a'.repeat(43);
const fetchMock = vi.fn<typeof fetch>();

function renderReset(entry: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/reset-password-confirm" element={<ResetPasswordPage />} />
        <Route path="/forgot-password" element={<Arrived at="forgot-password" />} />
        <Route path="/login" element={<Arrived at="login" />} />
      </Routes>
    </MemoryRouter>,
  );
}

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
}

/** The refusal a field points to (aria-describedby), if any. */
function refusalOf(field: HTMLElement): string | undefined {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined;
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApi('https://api.example.com');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reset password page', () => {
  it('reads the token from the URL fragment, telling a missing link from a damaged one', () => {
    expect(readResetLink(`#token=${token}`)).toEqual({ kind: 'token', token });
    expect(readResetLink('')).toEqual({ kind: 'missing' });
    expect(readResetLink('#token=')).toEqual({ kind: 'missing' });
    expect(readResetLink('#token=%E0%A4%A')).toEqual({ kind: 'unreadable' });
    expect(readResetLink(`#token=${token.slice(0, 31)}`)).toEqual({ kind: 'unreadable' });
  });

  it("shows 'Please use the password reset link from your email...' without a link, then opens /forgot-password after 3 seconds", () => {
    vi.useFakeTimers();
    renderReset('/reset-password-confirm');
    expect(screen.getByRole('alert').textContent).toBe('Please use the password reset link from your email...');
    expect(screen.queryByLabelText('New Password')).toBeNull();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Arrived at forgot-password')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Arrived at forgot-password')).toBeTruthy();
  });

  it("shows 'Failed to load session...' when the link's token cannot be read, then opens /forgot-password", () => {
    vi.useFakeTimers();
    renderReset('/reset-password-confirm#token=%E0%A4%A');
    expect(screen.getByRole('alert').textContent).toBe('Failed to load session...');
    expect(screen.queryByLabelText('New Password')).toBeNull();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Arrived at forgot-password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  const bothFields = 'Please fill in both password fields.';
  it.each([
    ['', '', bothFields, bothFields],
    ['secret1', '', undefined, bothFields],
    ['secret1', 'secret2', undefined, 'Passwords do not match.'],
    ['short', 'short', 'Password must be at least 6 characters long.', undefined],
  ])(
    'refuses %j / %j under the field it concerns (%s / %s), focusing the first, without calling the server',
    async (password, confirm, ...marks) => {
      renderReset(`/reset-password-confirm#token=${token}`);
      fill(password, confirm);
      await submit();
      const fields = [screen.getByLabelText('New Password'), screen.getByLabelText('Confirm New Password')];
      expect(fields.map(refusalOf)).toEqual(marks);
      expect(fields.map((field) => field.getAttribute('aria-invalid'))).toEqual(marks.map((mark) => (mark ? 'true' : null)));
      expect(document.activeElement).toBe(fields[marks.findIndex(Boolean)]);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('takes the mismatch mark away once the new password is changed to match', async () => {
    renderReset(`/reset-password-confirm#token=${token}`);
    fill('secret1', 'secret2');
    await submit();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'secret2' } });
    });
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
  });

  it('sets the password with the token, shows the message and opens login after 3 seconds', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(Response.json({ message: 'Your password has been reset.' }));
    renderReset(`/reset-password-confirm#token=${token}`);
    fill('NewSecret1', 'NewSecret1');
    await submit();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example.com/confirm-password-reset');
    expect(JSON.parse(String(init?.body))).toEqual({ token, newPassword: 'NewSecret1' });
    expect(screen.getByRole('status').textContent).toBe('Your password has been reset.');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it("shows the server's reason alone, without the field it names, after 'Failed to set new password: '", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: 'token: This password reset link is invalid or has expired.' }, { status: 400 }),
    );
    renderReset(`/reset-password-confirm#token=${token}`);
    fill('NewSecret1', 'NewSecret1');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to set new password: This password reset link is invalid or has expired.',
    );
  });

  it("shows the server's reason when the link is refused", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'This password reset link is invalid or has expired.' }, { status: 400 }));
    renderReset(`/reset-password-confirm#token=${token}`);
    fill('NewSecret1', 'NewSecret1');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Failed to set new password: This password reset link is invalid or has expired.',
    );
  });
});
