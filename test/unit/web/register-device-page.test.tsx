// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { confirmSignIn } from 'aws-amplify/auth';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterDeviceState } from '../../../web/src/features/auth/sign-in';
import { RegisterDevicePage } from '../../../web/src/pages/auth/register-device-page';
import { Arrived, click, renderWithProviders } from './providers';

vi.mock('aws-amplify/auth', () => ({ signIn: vi.fn(), signOut: vi.fn(), confirmSignIn: vi.fn() }));

const questionState: RegisterDeviceState = {
  email: 'ada@example.com',
  deviceId: 'device-1',
  challenge: { challenge: 'SECURITY_QUESTION', question: 'What was the name of your first pet?', retry: 'false' },
};
const otpState: RegisterDeviceState = {
  ...questionState,
  challenge: { challenge: 'EMAIL_OTP', retry: 'false', deviceSecret: 'secret-1' },
};
const storedSecrets = () => JSON.parse(window.localStorage.getItem('middleman_device_secrets') ?? '{}');

const customChallenge = (additionalInfo: Record<string, string>) => ({
  isSignedIn: false,
  nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' as const, additionalInfo },
});

function renderRegisterDevice(state: RegisterDeviceState | null, signOut = vi.fn(async () => {})) {
  renderWithProviders(
    <MemoryRouter initialEntries={[{ pathname: '/register-device', state }]}>
      <Routes>
        <Route path="/register-device" element={<RegisterDevicePage />} />
        <Route path="/login" element={<Arrived at="login" />} />
      </Routes>
    </MemoryRouter>,
    { signOut },
  );
  return { signOut };
}

const otpBox = () => screen.getByLabelText('Enter the 6-digit code sent to ada@example.com') as HTMLInputElement;
const verifyButton = () => screen.getByRole('button', { name: 'Verify OTP' }) as HTMLButtonElement;

beforeEach(() => {
  vi.mocked(confirmSignIn).mockReset();
  window.localStorage.clear();
});
afterEach(cleanup);

describe('register device page', () => {
  it('goes to /login without an email and device id in the navigation state', () => {
    renderRegisterDevice(null);
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it('goes to /login when the state lacks the device id', () => {
    renderRegisterDevice({ email: 'ada@example.com' } as RegisterDeviceState);
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it("shows the user's security question, or 'No security question found for this user' when the server gives none", () => {
    renderRegisterDevice(questionState);
    expect(screen.getByText('What was the name of your first pet?')).toBeTruthy();
    cleanup();
    renderRegisterDevice({ ...questionState, challenge: { challenge: 'SECURITY_QUESTION', question: '', retry: 'false' } });
    expect(screen.getByText('No security question found for this user')).toBeTruthy();
  });

  it("shows the server's message when the security question could not be loaded, and the way back to login", () => {
    renderRegisterDevice({
      email: 'ada@example.com',
      deviceId: 'device-1',
      questionError: 'Something went wrong. Please try again.',
    });
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
    expect(screen.queryByRole('button', { name: 'Submit Answer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it("shows 'Unable to load security question. Please try logging in again.' when the server gave no reason or login passed no question", () => {
    renderRegisterDevice({ email: 'ada@example.com', deviceId: 'device-1', questionError: '' });
    expect(screen.getByRole('alert').textContent).toBe('Unable to load security question. Please try logging in again.');
    cleanup();
    renderRegisterDevice({ email: 'ada@example.com', deviceId: 'device-1' });
    expect(screen.getByRole('alert').textContent).toBe('Unable to load security question. Please try logging in again.');
    expect(screen.queryByLabelText('Your Answer')).toBeNull();
  });

  it('moves to the OTP step with the spec message once the answer is accepted', async () => {
    vi.mocked(confirmSignIn).mockResolvedValue(customChallenge({ challenge: 'EMAIL_OTP', retry: 'false', deviceSecret: 's' }));
    renderRegisterDevice(questionState);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: ' Rex ' } });
    await click('Submit Answer');

    expect(confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: 'Rex',
      options: { clientMetadata: { deviceId: 'device-1', deviceName: 'Mac' } },
    });
    expect(screen.getByText('Correct answer. An OTP has been sent to your email.')).toBeTruthy();
    expect(otpBox()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Answer' })).toBeNull();
  });

  it('marks a missing answer under the field and focuses it, without answering the challenge', async () => {
    renderRegisterDevice(questionState);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: '   ' } });
    await click('Submit Answer');
    const answer = screen.getByLabelText('Your Answer');
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter your security answer.')).toBeTruthy();
    expect(document.activeElement).toBe(answer);
    expect(confirmSignIn).not.toHaveBeenCalled();
  });

  it('stays on the question after a wrong answer, with the answer box emptied', async () => {
    vi.mocked(confirmSignIn).mockResolvedValue(
      customChallenge({ challenge: 'SECURITY_QUESTION', question: 'What was the name of your first pet?', retry: 'true' }),
    );
    renderRegisterDevice(questionState);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'Tom' } });
    await click('Submit Answer');
    expect(screen.getByRole('alert').textContent).toBe('Incorrect security answer. Please try again.');
    expect((screen.getByLabelText('Your Answer') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeTruthy();
  });

  it('ends the attempt when the tries are used up', async () => {
    vi.mocked(confirmSignIn).mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    renderRegisterDevice(questionState);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'Tom' } });
    await click('Submit Answer');
    expect(screen.getByRole('alert').textContent).toBe('INCORRECT ANSWER OR MAX RETRIES REACHED. PLEASE TRY AGAIN LATER.');
    expect((screen.getByLabelText('Your Answer') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Submit Answer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the OTP submit disabled until exactly 6 digits are typed, dropping anything else', () => {
    renderRegisterDevice(otpState);
    expect(verifyButton().disabled).toBe(true);

    fireEvent.change(otpBox(), { target: { value: '12a4 5' } });
    expect(otpBox().value).toBe('1245');
    expect(verifyButton().disabled).toBe(true);

    fireEvent.change(otpBox(), { target: { value: '123456' } });
    expect(verifyButton().disabled).toBe(false);

    fireEvent.change(otpBox(), { target: { value: '1234567' } });
    expect(otpBox().value).toBe('123456');
  });

  it('says the OTP is invalid when it is asked again, and empties the box for the next try', async () => {
    vi.mocked(confirmSignIn).mockResolvedValue(customChallenge({ challenge: 'EMAIL_OTP', retry: 'true', deviceSecret: 's' }));
    renderRegisterDevice(otpState);
    fireEvent.change(otpBox(), { target: { value: '000000' } });
    await click('Verify OTP');
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired OTP.');
    expect(otpBox().value).toBe('');
    expect(verifyButton().disabled).toBe(true);
    expect(storedSecrets()).toEqual({});
  });

  it('reports the device limit', async () => {
    vi.mocked(confirmSignIn).mockRejectedValue(
      Object.assign(new Error('VerifyAuthChallengeResponse failed with error Maximum device limit reached.'), {
        name: 'UserLambdaValidationException',
      }),
    );
    renderRegisterDevice(otpState);
    fireEvent.change(otpBox(), { target: { value: '123456' } });
    await click('Verify OTP');
    expect(screen.getByRole('alert').textContent).toBe('Maximum device limit reached.');
  });

  it('signs out after registering and offers the way back to login', async () => {
    vi.mocked(confirmSignIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { signOut } = renderRegisterDevice(otpState);
    fireEvent.change(otpBox(), { target: { value: '123456' } });
    await click('Verify OTP');

    expect(signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Device Registered' })).toBeTruthy();
    await click('Go to Login');
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it('keeps the device secret of the newest code challenge once the code is accepted, for the account', async () => {
    vi.mocked(confirmSignIn)
      .mockResolvedValueOnce(customChallenge({ challenge: 'EMAIL_OTP', retry: 'false', deviceSecret: 'secret-2' }))
      .mockResolvedValueOnce(customChallenge({ challenge: 'EMAIL_OTP', retry: 'true', deviceSecret: 'secret-3' }))
      .mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderRegisterDevice(questionState);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: 'Rex' } });
    await click('Submit Answer');
    fireEvent.change(otpBox(), { target: { value: '000000' } });
    await click('Verify OTP');
    expect(storedSecrets()).toEqual({});
    fireEvent.change(otpBox(), { target: { value: '123456' } });
    await click('Verify OTP');
    expect(storedSecrets()).toEqual({ 'ada@example.com': 'secret-3' });
  });

  it('stores no secret when the code is refused for good', async () => {
    vi.mocked(confirmSignIn).mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }),
    );
    renderRegisterDevice(otpState);
    fireEvent.change(otpBox(), { target: { value: '123456' } });
    await click('Verify OTP');
    expect(screen.getByRole('alert').textContent).toBe('Invalid or expired OTP.');
    expect(storedSecrets()).toEqual({});
  });
});
