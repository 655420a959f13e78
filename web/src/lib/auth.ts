import type { WebConfig } from '@escrow/api/web-config';
import { Amplify } from 'aws-amplify';
import { signOut as amplifySignOut, fetchAuthSession, getCurrentUser } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub, sessionStorage } from 'aws-amplify/utils';
import { createContext, createElement, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

export function configureAmplify({ userPoolId, userPoolClientId, endpoint }: WebConfig['cognito']): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  // Session storage: a session ends with its tab, as the spec requires.
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
}

export interface AuthUser {
  sub: string;
  email: string;
}

export type AuthState = { status: 'loading' } | { status: 'signedIn'; user: AuthUser } | { status: 'signedOut' };

export interface AuthContextValue {
  state: AuthState;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

async function currentUser(): Promise<AuthUser | null> {
  try {
    const { userId, signInDetails } = await getCurrentUser();
    const { tokens } = await fetchAuthSession();
    const email = tokens?.idToken?.payload.email;
    return { sub: userId, email: typeof email === 'string' ? email : (signInDetails?.loginId ?? '') };
  } catch {
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    // A sign-out while a refresh is under way wins: the refresh's answer is then stale.
    let generation = 0;
    const refresh = async () => {
      const mine = ++generation;
      const user = await currentUser();
      if (active && mine === generation) setState(user ? { status: 'signedIn', user } : { status: 'signedOut' });
    };
    void refresh();
    const stopListening = Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
        case 'tokenRefresh':
          void refresh();
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          generation++;
          setState({ status: 'signedOut' });
          break;
      }
    });
    return () => {
      active = false;
      stopListening();
    };
  }, []);

  const signOut = useCallback(async () => {
    try {
      await amplifySignOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
    setState({ status: 'signedOut' });
  }, []);

  const value = useMemo(() => ({ state, signOut }), [state, signOut]);
  return createElement(AuthContext.Provider, { value }, children);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
