// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginGuard } from '../../../web/src/components/login-guard';
import { AuthContext, type AuthState } from '../../../web/src/lib/auth';

function renderProtectedPage(state: AuthState) {
  render(
    <AuthContext.Provider value={{ state, signOut: async () => {} }}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<LoginGuard />}>
            <Route path="/dashboard" element={<p>Protected content</p>} />
          </Route>
          <Route path="/login" element={<p>Login screen</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

afterEach(cleanup);

describe('login guard', () => {
  it('shows "Checking authentication..." and not the page while the session loads', () => {
    renderProtectedPage({ status: 'loading' });
    expect(screen.getByText('Checking authentication...')).toBeTruthy();
    expect(screen.queryByText('Protected content')).toBeNull();
  });

  it('redirects to /login when nobody is signed in', () => {
    renderProtectedPage({ status: 'signedOut' });
    expect(screen.getByText('Login screen')).toBeTruthy();
    expect(screen.queryByText('Protected content')).toBeNull();
  });

  it('shows the protected page to a signed-in user', () => {
    renderProtectedPage({ status: 'signedIn', user: { sub: 'u1', email: 'ada@example.com' } });
    expect(screen.getByText('Protected content')).toBeTruthy();
  });
});
