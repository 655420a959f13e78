import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates to `to` after `delayMs` once `when` turns true (cancelled if the page goes away first). */
export function useRedirectAfter(when: boolean, to: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [when, to, delayMs, navigate]);
}
