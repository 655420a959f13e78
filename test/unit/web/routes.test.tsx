// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../web/src/app/router';
import { AuthContext, type AuthState } from '../../../web/src/lib/auth';
import { ThemeProvider } from '../../../web/src/lib/theme';

function renderApp(path: string, state: AuthState = { status: 'signedOut' }) {
  render(
    <AuthContext.Provider value={{ state, signOut: async () => {} }}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </ThemeProvider>
    </AuthContext.Provider>,
  );
}

afterEach(cleanup);

describe('routes', () => {
  it('shows "Page Not Found" for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
  });

  it('offers the help button linking to /need-help on every page', async () => {
    renderApp('/no-such-page');
    await screen.findByText('Page Not Found');
    const help = screen.getByRole('link', { name: 'Need Help?' });
    expect(help.getAttribute('href')).toBe('/need-help');
    expect(help.getAttribute('title')).toBe('Need Help?');
  });

  it('shows the public header on the landing page', async () => {
    renderApp('/', { status: 'signedIn', user: { sub: 'u1', email: 'ada@example.com' } });
    expect(await screen.findByRole('link', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/who-we-are');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('greets a signed-in user on /dashboard, under the signed-in header', async () => {
    renderApp('/dashboard', { status: 'signedIn', user: { sub: 'u1', email: 'ada@example.com' } });
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My Contracts' }).getAttribute('href')).toBe('/view-contracts');
  });
});
