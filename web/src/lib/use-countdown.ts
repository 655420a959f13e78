import { useCallback, useEffect, useRef, useState } from 'react';

/** Whole seconds left of a countdown started with `start(seconds)`; 0 when idle. */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stop = useCallback(() => {
    clearInterval(timer.current);
    timer.current = undefined;
  }, []);

  const start = useCallback(
    (seconds: number) => {
      stop();
      setSecondsLeft(Math.ceil(seconds));
      timer.current = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    },
    [stop],
  );

  useEffect(() => {
    if (secondsLeft === 0) stop();
  }, [secondsLeft, stop]);

  useEffect(() => stop, [stop]);

  return { secondsLeft, start };
}
