// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { fetchAuthSession, signIn } from 'aws-amplify/auth';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invitationMessages } from '../../../lambdas/core/api/invitations';
import { rememberAfterSignIn } from '../../../web/src/lib/after-sign-in';
import { configureApi } from '../../../web/src/lib/api';
import { LoginPage } from '../../../web/src/pages/auth/login-page';
import { SignupPage } from '../../../web/src/pages/auth/signup-page';
import { InvitationPage } from '../../../web/src/pages/invitations/invitation-page';
import { type ProviderOptions, renderWithProviders, signedIn } from './providers';

vi.mock('aws-amplify/auth', () => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchAuthSession: vi.fn(),
}));

const contractId = '01JINVITEDCONTRACT00000000';
const token = `${contractId}.${'s'.repeat(43)}`;
const invitedEmail = 'bola@example.com';
const offer = {
  contract_id: contractId,
  seller_name: 'Chioma Obi',
  title: 'Bridal gown alteration',
  value_minor: 4_500_000,
  currency: 'NGN',
  inspection_days: 5,
  invited_email: invitedEmail,
};
const rememberedKey = 'middleman_after_sign_in';

const fetchMock = vi.fn<typeof fetch>();
const requests = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path));

/** Where the app went: the path and query a stand-in page was opened at. */
function Arrived({ at }: { at: string }) {
  const location = useLocation();
  return <p data-testid="arrived">{`${at} ${location.pathname}${location.search}`}</p>;
}

async function renderAt(entry: string, options?: ProviderOptions) {
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/invitation" element={<InvitationPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/contracts/:contractId" element={<Arrived at="contract" />} />
        <Route path="/dashboard" element={<Arrived at="dashboard" />} />
      </Routes>
    </MemoryRouter>,
    options,
  );
  await act(async () => {});
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const remembered = () => JSON.parse(window.localStorage.getItem(rememberedKey) ?? 'null')?.path;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApi('https://api.example.com');
  vi.mocked(signIn).mockReset();
  vi.mocked(fetchAuthSession)
    .mockReset()
    .mockResolvedValue({ tokens: { accessToken: { payload: {} }, idToken: { payload: {} } } } as Awaited<
      ReturnType<typeof fetchAuthSession>
    >);
  window.localStorage.clear();
  window.grecaptcha = { ready: (callback) => callback(), execute: async () => 'captcha-token' };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.grecaptcha = undefined;
});

describe('the invitation link, for someone not signed in', () => {
  it('shows the offer the server answers for the token: seller, title, amount, inspection window, and the address it went to', async () => {
    fetchMock.mockResolvedValue(Response.json(offer));
    await renderAt(`/invitation?token=${token}`);

    expect(requests('/invitations/')).toHaveLength(1);
    expect(String(requests('/invitations/')[0]?.[0])).toBe(`https://api.example.com/invitations/${token}`);
    const details = document.querySelector('dl')?.textContent ?? '';
    expect(details).toContain('SellerChioma Obi');
    expect(details).toContain('TitleBridal gown alteration');
    expect(details).toContain('Amount₦45,000.00');
    expect(details).toContain('Inspection window5 days to check the delivery');
    expect(screen.getByText(invitedEmail)).toBeTruthy();
  });

  it('opens sign-up with the invited email filled in from "Create your account to accept", keeping the contract for after sign-in', async () => {
    fetchMock.mockResolvedValue(Response.json(offer));
    await renderAt(`/invitation?token=${token}`);
    const create = screen.getByRole('link', { name: 'Create your account to accept' });
    const login = screen.getByRole('link', { name: 'I already have an account' });
    expect(login.getAttribute('href')).toBe(`/login?email=bola%40example.com&returnTo=%2Fcontracts%2F${contractId}`);

    await act(async () => {
      fireEvent.click(create);
    });
    expect(value('Email')).toBe(invitedEmail);
    expect(remembered()).toBe(`/contracts/${contractId}`);
  });

  it('says the link is closed, with a way to log in and reach the contract, when the server refuses it', async () => {
    fetchMock.mockResolvedValue(Response.json({ error: invitationMessages.invitationClosed }, { status: 404 }));
    await renderAt(`/invitation?token=${token}`);
    expect(screen.getByRole('alert').textContent).toBe(invitationMessages.invitationClosed);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?returnTo=%2Fcontracts%2F${contractId}`,
    );
  });

  it('asks the server nothing for a token of the wrong shape', async () => {
    await renderAt('/invitation?token=not-a-token');
    expect(screen.getByRole('alert').textContent).toBe(invitationMessages.invitationClosed);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends someone already signed in straight to the contract', async () => {
    await renderAt(`/invitation?token=${token}`, { auth: signedIn });
    expect(screen.getByTestId('arrived').textContent).toBe(`contract /contracts/${contractId}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('sign-up and login on the way to an invitation', () => {
  it('after sign-up, stays on a "check your email" step naming the address, instead of moving on to login', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/secure-signup')
        ? Response.json(
            { message: 'Account created. Check your email for the confirmation link.', deviceSecret: null },
            { status: 201 },
          )
        : Response.json({ message: 'sent' }),
    );
    await renderAt(`/signup?email=${encodeURIComponent(invitedEmail)}&returnTo=%2Fcontracts%2F${contractId}`);
    expect(value('Email')).toBe(invitedEmail);
    type('Full Name', 'Bola Ade');
    type('Password', 'Secret123!');
    type('Confirm Password', 'Secret123!');
    type('Phone Number', '+2348035550101');
    type('Security Question', 'What was the name of your first pet?');
    type('Security Answer', 'Rex');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    });

    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText(/Open the confirmation email we sent to/).textContent).toContain(invitedEmail);
    expect(remembered()).toBe(`/contracts/${contractId}`);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe(
      `/login?email=bola%40example.com&returnTo=%2Fcontracts%2F${contractId}`,
    );
  });

  it('logs in with the invited email filled in and goes to the page it was sent back to', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    rememberAfterSignIn('/my-account');
    await renderAt(`/login?email=${encodeURIComponent(invitedEmail)}&returnTo=%2Fcontracts%2F${contractId}`);
    expect(value('Email')).toBe(invitedEmail);
    type('Password', 'Secret123!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('arrived').textContent).toBe(`contract /contracts/${contractId}`);
    // The page remembered before is used up, not left for a later sign-in.
    expect(window.localStorage.getItem(rememberedKey)).toBeNull();
  });

  it('ignores a return path to another site and goes to the dashboard', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await renderAt(
      `/login?email=${encodeURIComponent(invitedEmail)}&returnTo=${encodeURIComponent('//evil.example/contracts/1')}`,
    );
    type('Password', 'Secret123!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('arrived').textContent).toBe('dashboard /dashboard');
  });
});
