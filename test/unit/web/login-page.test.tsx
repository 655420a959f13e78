// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../web/src/pages/auth/login-page';
import { Arrived, type ProviderOptions, renderWithProviders } from './providers';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
}));

const session = { tokens: { accessToken: { payload: {} }, idToken: { payload: {} } } } as Awaited<
  ReturnType<typeof fetchAuthSession>
>;

function authError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}

function renderLogin(options?: ProviderOptions) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<Arrived at="dashboard" />} />
        <Route path="/register-device" element={<Arrived at="register-device" />} />
      </Routes>
    </MemoryRouter>,
    options,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Ada@Example.com ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123!' } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  });
}

beforeEach(() => {
  vi.mocked(signIn).mockReset();
  vi.mocked(signOut).mockReset();
  vi.mocked(fetchAuthSession).mockReset().mockResolvedValue(session);
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('login page', () => {
  it('marks empty fields under each, focuses the first, and neither signs in nor locks the button', async () => {
    renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '' } });
    await submit();

    expect(screen.getByText('Please enter your email address.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(screen.queryByText('Invalid Email Or Password. Please try again.')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(false);
  });

  it('signs in with SRP and the device in client metadata, then opens the dashboard after 500 ms', async () => {
    vi.useFakeTimers();
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderLogin();
    await submit();

    expect(signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'Secret123!',
      options: { authFlowType: 'CUSTOM_WITH_SRP', clientMetadata: { deviceId: 'device-1', deviceName: 'Mac' } },
    });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText('Arrived at dashboard')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Arrived at dashboard')).toBeTruthy();
  });

  it("sends the device secret this browser keeps for the account, and not another account's", async () => {
    window.localStorage.setItem(
      'middleman_device_secrets',
      JSON.stringify({ 'ada@example.com': 'ada-secret', 'bayo@example.com': 'bayo-secret' }),
    );
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderLogin();
    await submit();
    expect(signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'Secret123!',
      options: {
        authFlowType: 'CUSTOM_WITH_SRP',
        clientMetadata: { deviceId: 'device-1', deviceName: 'Mac', deviceSecret: 'ada-secret' },
      },
    });
  });

  it("locks the button for 3 seconds after a failure, counting down 'Wait Ns'", async () => {
    vi.useFakeTimers();
    vi.mocked(signIn).mockRejectedValue(authError('NotAuthorizedException', 'Incorrect username or password.'));
    renderLogin();
    await submit();

    expect(screen.getByRole('alert').textContent).toBe('Invalid Email Or Password. Please try again.');
    const button = screen.getByRole('button', { name: 'Wait 3s' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Wait 2s' })).toBe(button);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: 'Login' })).toBe(button);
    expect(button.disabled).toBe(false);
  });

  it('navigates to /register-device with user id, email, device id and the challenge when the device is new', async () => {
    const challenge = { challenge: 'SECURITY_QUESTION', question: 'What was the name of your first pet?', retry: 'false' };
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: {
        signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
        additionalInfo: { ...challenge, USERNAME: 'b1f1c3a0-user-sub' },
      },
    });
    renderLogin();
    await submit();

    expect(await screen.findByText('Arrived at register-device')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? '')).toEqual({
      userId: 'b1f1c3a0-user-sub',
      email: 'ada@example.com',
      deviceId: 'device-1',
      challenge,
    });
  });

  it("sends a new device to /register-device with the server's reason when its security question cannot be posed", async () => {
    vi.mocked(signIn).mockRejectedValue(
      authError(
        'UserLambdaValidationException',
        'CreateAuthChallenge failed with error Something went wrong. Please try again..',
      ),
    );
    renderLogin();
    await submit();

    expect(await screen.findByText('Arrived at register-device')).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('navigation-state').textContent ?? '')).toEqual({
      email: 'ada@example.com',
      deviceId: 'device-1',
      questionError: 'Something went wrong. Please try again.',
    });
  });

  it("shows 'Login failed. Please try again.' when the sign-in gives no session, and locks the button", async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    vi.mocked(fetchAuthSession).mockResolvedValue({});
    renderLogin();
    await submit();

    expect(screen.getByRole('alert').textContent).toBe('Login failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Wait 3s' })).toBeTruthy();
    expect(screen.queryByText('Login successful. Redirecting...')).toBeNull();
  });

  it("shows 'Login failed. Please try again.' when reading the session throws, and locks the button", async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    vi.mocked(fetchAuthSession).mockRejectedValue(new Error('Network error'));
    renderLogin();
    await submit();

    expect(screen.getByRole('alert').textContent).toBe('Login failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Wait 3s' })).toBeTruthy();
  });

  it("shows 'Invalid response from server' when the sign-in gives neither an error nor a session, and locks the button", async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    renderLogin();
    await submit();

    expect(screen.getByRole('alert').textContent).toBe('Invalid response from server');
    expect(screen.getByRole('button', { name: 'Wait 3s' })).toBeTruthy();
    expect(screen.queryByText('Arrived at register-device')).toBeNull();
  });

  it('asks an unconfirmed user to verify the email first, and locks the button', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    renderLogin();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Please verify your email before logging in. Check your inbox for the confirmation link.',
    );
    expect(screen.getByRole('button', { name: 'Wait 3s' })).toBeTruthy();
  });

  it("shows the server's throttling message as it is", async () => {
    vi.mocked(signIn).mockRejectedValue(authError('TooManyRequestsException', 'Too many failed attempts. Try later.'));
    renderLogin();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Too many failed attempts. Try later.');
  });

  it('refuses to sign in without a device id', async () => {
    renderLogin({ device: { loading: false } });
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Unable to generate device ID. Try again.');
    expect(signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Wait 3s' })).toBeTruthy();
  });

  it('signs out a session left in the tab and signs in again', async () => {
    vi.mocked(signIn)
      .mockRejectedValueOnce(authError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'))
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderLogin();
    await submit();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Arrived at dashboard')).toBeTruthy();
  });
});
