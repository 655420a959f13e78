// @vitest-environment happy-dom

import { act, cleanup, render, screen } from '@testing-library/react';
import { fetchAuthSession, getCurrentUser, signOut } from 'aws-amplify/auth';
import { events } from 'aws-amplify/data';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { AuthProvider } from '../../../web/src/lib/auth';
import { ConfigContext } from '../../../web/src/lib/config';
import { DeviceContext } from '../../../web/src/lib/device-provider';
import { configureAmplify } from '../../../web/src/lib/session';
import { ThemeProvider } from '../../../web/src/lib/theme';
import { fakeApi, reply } from './fake-api';
import { testConfig, testDevice } from './providers';

// The real auth provider, session and realtime connection, over a signed-in Amplify whose events
// client hands the test the page's subscription.
vi.mock('aws-amplify/auth', () => ({
  getCurrentUser: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
}));
vi.mock('aws-amplify/data', () => ({ events: { connect: vi.fn() } }));
vi.mock('../../../web/src/lib/config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../web/src/lib/config')>()),
  appConfig: async () => testConfig,
}));

const api = fakeApi();
/** What the page's subscription is handed, once it subscribed. */
let deliver: ((data: { event: unknown }) => void) | undefined;

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

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** Waits until the page subscribed to its channel. */
async function subscribed(): Promise<(data: { event: unknown }) => void> {
  for (let i = 0; i < 40 && !deliver; i++) await settle();
  if (!deliver) throw new Error('the page never subscribed');
  return deliver;
}

beforeEach(() => {
  configureAmplify(testConfig);
  deliver = undefined;
  const tokens = { idToken: { toString: () => 'id-token', payload: { email: 'ada@example.com' } } };
  vi.mocked(getCurrentUser).mockReset().mockResolvedValue({ userId: 'u1', username: 'u1' });
  vi.mocked(fetchAuthSession)
    .mockReset()
    .mockResolvedValue({ tokens } as unknown as Awaited<ReturnType<typeof fetchAuthSession>>);
  vi.mocked(signOut).mockReset().mockResolvedValue(undefined);
  vi.mocked(events.connect)
    .mockReset()
    .mockImplementation(
      async () =>
        ({
          subscribe: ({ next }: { next: (data: { event: unknown }) => void }) => {
            deliver = next;
            return { unsubscribe: vi.fn() };
          },
          close: vi.fn(),
        }) as unknown as Awaited<ReturnType<typeof events.connect>>,
    );
  api.install();
  api
    .on('GET', '/realtime-channel', reply({ channel: '/notifications/u1/1767225600' }))
    .on('GET', '/profile', reply({ id: 'u1', email: 'ada@example.com', created_at: '2026-11-22T10:00:00.000Z', profile: null }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the realtime channel of a signed-in page', () => {
  it('subscribes to the channel the API names (the account’s current session epoch)', async () => {
    await renderAppAt('/my-account');
    await subscribed();
    expect(events.connect).toHaveBeenCalledWith('/notifications/u1/1767225600');
  });

  it('signs the person out and ends on /login when the channel says their session ended (a reset, a closed account)', async () => {
    await renderAppAt('/my-account');
    expect(await screen.findByText('ada@example.com', { selector: 'dd' })).toBeTruthy();
    const next = await subscribed();
    await act(async () => next({ event: { type: 'session-ended' } }));
    await settle();
    expect(location()).toBe('/login');
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('stays signed in on any other event', async () => {
    await renderAppAt('/my-account');
    const next = await subscribed();
    await act(async () => next({ event: { type: 'notification', notification: { id: 'n1' } } }));
    await settle();
    expect(location()).toBe('/my-account');
    expect(signOut).not.toHaveBeenCalled();
  });
});
