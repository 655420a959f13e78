import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'loaded'; data: T } | { status: 'failed'; error: unknown };

/**
 * Runs `load` on mount and whenever it changes (memoise it with useCallback on its inputs); a
 * reply that arrives after the page moved on is dropped. `setData` replaces the loaded value,
 * e.g. after a save; it is stable, so effects may depend on it.
 */
export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    load().then(
      (data) => active && setState({ status: 'loaded', data }),
      (error: unknown) => active && setState({ status: 'failed', error }),
    );
    return () => {
      active = false;
    };
  }, [load]);

  const setData: Dispatch<SetStateAction<T>> = useCallback(
    (next) =>
      setState((previous) => {
        if (previous.status !== 'loaded') return previous;
        const data = typeof next === 'function' ? (next as (value: T) => T)(previous.data) : next;
        return { status: 'loaded', data };
      }),
    [],
  );
  return [state, setData];
}
