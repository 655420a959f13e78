import { useState } from 'react';
import { failureMessage } from './api';

/**
 * What every form's or action button's submit needs: `working` while the request is out (one at
 * a time), and the refusal to show, the server's own text or `fallback`. `run` answers the
 * action's reply, or undefined when it failed (the refusal is then in `error`).
 */
export function useSubmit(fallback: string) {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(action: () => Promise<T>): Promise<T | undefined> {
    if (working) return undefined;
    setError(null);
    setWorking(true);
    try {
      return await action();
    } catch (failure) {
      setError(failureMessage(failure, fallback));
      return undefined;
    } finally {
      setWorking(false);
    }
  }

  return { working, error, setError, run };
}
