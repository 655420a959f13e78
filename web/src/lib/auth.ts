import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { appConfig } from './config';
import { onUnauthorized } from './unauthorized';

export interface AuthUser {
  sub: string;
  email: string;
}

export type AuthState = { status: 'loading' } | { status: 'signedIn'; user: AuthUser } | { status: 'signedOut' };

export interface AuthContextValue {
  state: AuthState;
  signOut: () => Promise<void>;
  /** Starts watching the session; {@link useAuth} calls it. Tests that set the state leave it out. */
  watch?: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The session, looked up the first time a component asks for it ({@link useAuth}): the landing
 * and the other public pages never do, so they never load Amplify (lib/session.ts). Sits under
 * the router: when the API refuses the person's token (lib/unauthorized.ts) it signs them out and
 * goes to the login page.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const current = useRef(state);
  current.current = state;
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const stop = useRef<(() => void) | undefined>(undefined);
  const watching = useRef(false);
  // Bumped when the provider unmounts, so a lookup still loading then starts nothing.
  const generation = useRef(0);

  const watch = useCallback(() => {
    if (watching.current) return;
    watching.current = true;
    const mine = ++generation.current;
    Promise.all([import('./session'), appConfig()]).then(
      ([session]) => {
        if (mine === generation.current) stop.current = session.watchSession(setState);
      },
      (error: unknown) => {
        console.error('Could not check the session', error);
        setState({ status: 'signedOut' });
      },
    );
  }, []);

  useEffect(
    () => () => {
      watching.current = false;
      generation.current++;
      stop.current?.();
      stop.current = undefined;
    },
    [],
  );

  const signOut = useCallback(async () => {
    const session = await import('./session');
    await session.signOut();
    setState({ status: 'signedOut' });
  }, []);

  // Once for all the calls a page had under way: the first 401 ends the session, the others find it ended.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (current.current.status === 'signedOut') return;
        current.current = { status: 'signedOut' };
        setState({ status: 'signedOut' });
        navigateRef.current(paths.login.getHref(), { replace: true });
        // Signs this tab out (lib/session.ts: a failure there is only logged).
        import('./session').then(
          (session) => session.signOut(),
          (error: unknown) => console.error('Could not sign out', error),
        );
      }),
    [],
  );

  // One realtime connection per signed-in session, to the person's own channel (lib/realtime.ts);
  // its session-ended event reaches onUnauthorized above.
  const signedInSub = state.status === 'signedIn' ? state.user.sub : null;
  useEffect(() => {
    if (!signedInSub) return;
    let close: (() => void) | undefined;
    let cancelled = false;
    import('./realtime-connection').then(
      (realtime) => {
        if (!cancelled) close = realtime.connectRealtime();
      },
      (error: unknown) => console.warn('Realtime updates unavailable', error),
    );
    return () => {
      cancelled = true;
      close?.();
    };
  }, [signedInSub]);

  const value = useMemo(() => ({ state, signOut, watch }), [state, signOut, watch]);
  return createElement(AuthContext.Provider, { value }, children);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  const { watch } = value;
  useEffect(() => watch?.(), [watch]);
  return value;
}
