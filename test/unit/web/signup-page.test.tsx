// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../web/src/lib/api';
import { SignupPage } from '../../../web/src/pages/auth/signup-page';
import { Arrived, renderWithProviders, testDevice, testDeviceInfo } from './providers';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const execute = vi.fn(async (_siteKey: string, _options: { action: string }) => 'captcha-token');

function renderSignup() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/signup']}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<Arrived at="login" />} />
      </Routes>
    </MemoryRouter>,
    { device: { ...testDevice, deviceInfo: { ...testDeviceInfo, components: { fonts: { value: [] } } } } },
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillForm(overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'Full Name': 'Ada Lovelace',
    Email: ' Ada@Example.COM ',
    Password: 'Secret123!',
    'Confirm Password': 'Secret123!',
    'Phone Number': '+2348012345678',
    'Security Question': 'What was the name of your first pet?',
    'Security Answer': 'Rex',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) type(label, value);
}

/** What a field points to as its description (aria-describedby): its hint, if any, then its refusal. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('');
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
  });
}

const requests = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

beforeEach(() => {
  fetchMock.mockReset();
  execute.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  window.grecaptcha = { ready: (callback) => callback(), execute };
  configureApi('https://api.example.com');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.grecaptcha = undefined;
});

describe('sign-up page', () => {
  it("keeps the device secret of the reply beside the fingerprint, for the account's email", async () => {
    window.localStorage.setItem('middleman_device_secrets', JSON.stringify({ 'bayo@example.com': 'bayo-secret' }));
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/secure-signup')
        ? Response.json({ message: 'Account created.', deviceSecret: 'signup-secret' }, { status: 201 })
        : Response.json({ message: 'sent' }),
    );
    renderSignup();
    fillForm();
    await submit();
    expect(screen.getByRole('status').textContent).toBe('Account created.');
    expect(JSON.parse(window.localStorage.getItem('middleman_device_secrets') ?? '{}')).toEqual({
      'bayo@example.com': 'bayo-secret',
      'ada@example.com': 'signup-secret',
    });
    window.localStorage.clear();
  });

  it('warns inline while the confirmation differs from the password', () => {
    renderSignup();
    type('Password', 'Secret123!');
    type('Confirm Password', 'Secret12');
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    type('Confirm Password', 'Secret123!');
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
  });

  it('shows the strength of the password and can show the password', () => {
    renderSignup();
    type('Password', 'Abcdef1');
    expect(screen.getByText('Password strength: Good')).toBeTruthy();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });

  it('marks each missing field under it when the form is sent empty, focuses the first, and calls no server', async () => {
    renderSignup();
    await submit();

    const missing: Record<string, string> = {
      'Full Name': 'Please enter your full name.',
      Email: 'Please enter your email address.',
      Password: 'Please enter your password.',
      'Confirm Password': 'Please confirm your password.',
      'Phone Number': 'Please enter your phone number.',
      'Security Question': 'Please select a security question.',
      'Security Answer': 'Please enter your security answer.',
    };
    for (const [label, message] of Object.entries(missing)) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      expect(descriptionOf(field), label).toBe(message);
    }
    expect(document.activeElement).toBe(screen.getByLabelText('Full Name'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(execute).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks only the fields still wrong, and clears a mark once its field is put right', async () => {
    renderSignup();
    fillForm({ Email: 'ada@', 'Phone Number': '12' });
    await submit();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number.')).toBeTruthy();
    expect(screen.getByLabelText('Full Name').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    await act(async () => type('Email', 'ada@example.com'));
    expect(screen.queryByText('Please enter a valid email address.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters under the password, without calling the server', async () => {
    renderSignup();
    fillForm({ Password: 'Ab1!', 'Confirm Password': 'Ab1!' });
    await submit();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs under it, and takes the mark away once the password is changed to match', async () => {
    renderSignup();
    fillForm({ 'Confirm Password': 'Secret123?' });
    await submit();
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => type('Password', 'Secret123?'));
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
    expect(screen.getByLabelText('Confirm Password').hasAttribute('aria-invalid')).toBe(false);
  });

  it('sends the spec payload with the captcha token and the device info without components, then opens login after 3 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/secure-signup')
        ? Response.json({ message: 'Sign-up successful! Please check your email to confirm your account.', deviceSecret: null })
        : Response.json({ message: 'sent' }),
    );
    renderSignup();
    fillForm();
    await submit();

    expect(execute).toHaveBeenCalledWith('site-key', { action: 'signup' });
    const [signup] = requests('/secure-signup');
    expect(JSON.parse(String(signup?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'Secret123!',
      captchaToken: 'captcha-token',
      userData: {
        full_name: 'Ada Lovelace',
        phone_number: '+2348012345678',
        security_question: 'What was the name of your first pet?',
        security_answer: 'Rex',
      },
      deviceInfo: testDeviceInfo,
    });
    expect(JSON.parse(String(requests('/send-signup-confirmation')[0]?.[1]?.body))).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('status').textContent).toBe('Sign-up successful! Please check your email to confirm your account.');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(screen.queryByText('Arrived at login')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('Arrived at login')).toBeTruthy();
  });

  it("opens the 'Account Exists' dialog when the email is taken", async () => {
    fetchMock.mockResolvedValue(Response.json({ error: 'An account with this email already exists' }, { status: 409 }));
    renderSignup();
    fillForm();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('An account with this email already exists. Please sign in instead.');
    expect(screen.getByRole('dialog', { name: 'Account Exists' })).toBeTruthy();
  });

  it('says the CAPTCHA is not ready when no token can be had', async () => {
    execute.mockRejectedValueOnce(new Error('offline'));
    renderSignup();
    fillForm();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('CAPTCHA not ready. Please try again.');
    expect(requests('/secure-signup')).toHaveLength(0);
  });
});
