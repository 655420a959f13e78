// @vitest-environment happy-dom

import { act, cleanup, render, screen } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { AuthProvider } from '../../../web/src/lib/auth';
import { ConfigContext } from '../../../web/src/lib/config';
import { DeviceContext } from '../../../web/src/lib/device-provider';
import { ThemeProvider } from '../../../web/src/lib/theme';
import { fakeApi, reply } from './fake-api';
import { testConfig, testDevice } from './providers';

// The real auth provider and session code, over an Amplify whose session is signed in (its token expired).
vi.mock('aws-amplify/auth', () => ({
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
}));
vi.mock('../../../web/src/lib/config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/lib/config')>()),
  appConfig: async () => testConfig,
}));

const api = fakeApi();

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

async function renderAppAt(path: string) {
  render(
    <ConfigContext.Provider value={testConfig}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            <DeviceContext.Provider value={testDevice}>
              <AppRoutes />
              <Where />
            </DeviceContext.Provider>
          </AuthProvider>
        </MemoryRouter>
      </ThemeProvider>
    </ConfigContext.Provider>,
  );
  await act(async () => {});
}

const location = () => screen.getByTestId('location').textContent;

/** Lets every reply still on its way arrive, and what each starts settle. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

const tokens = { idToken: { toString: () => 'expired-id-token', payload: { email: 'ada@example.com' } } };

beforeEach(() => {
  vi.mocked(getCurrentUser).mockReset().mockResolvedValue({ userId: 'u1', username: 'u1' });
  vi.mocked(fetchAuthSession)
    .mockReset()
    .mockResolvedValue({ tokens } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  vi.mocked(signOut).mockReset().mockResolvedValue(undefined);
  api.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a 401 from the API', () => {
  it('signs the person out and ends on /login instead of showing Unauthorized', async () => {
    api.on('GET', '/profile', reply({ error: 'Unauthorized' }, 401));
    await renderAppAt('/my-account');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    await settle();
    expect(location()).toBe('/login');
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(screen.queryByText('Failed to fetch user data. Please log in again.')).toBeNull();
    console.log('ASSERT', performance.now(), vi.mocked(signOut).mock.calls.length);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out once however many of the page’s calls are refused', async () => {
    api
      .on('GET', '/contracts', reply({ error: 'Unauthorized' }, 401))
      .on('GET', '/profile', reply({ error: 'Unauthorized' }, 401))
      .on('GET', '/notifications', reply({ error: 'Unauthorized' }, 401));
    await renderAppAt('/dashboard');
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    await settle();
    expect(location()).toBe('/login');
    expect(api.calls.filter((call) => call.headers.authorization === 'Bearer expired-id-token').length).toBeGreaterThan(1);
    console.log('ASSERT', performance.now(), vi.mocked(signOut).mock.calls.length);
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('leaves a signed-in page alone when the API answers', async () => {
    api.on(
      'GET',
      '/profile',
      reply({ id: 'u1', email: 'ada@example.com', created_at: '2026-11-22T10:00:00.000Z', profile: null }),
    );
    await renderAppAt('/my-account');
    expect(await screen.findByText('ada@example.com', { selector: 'dd' })).toBeTruthy();
    expect(location()).toBe('/my-account');
    expect(signOut).not.toHaveBeenCalled();
  });
});
