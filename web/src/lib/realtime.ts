import { useEffect, useRef } from 'react';

/**
 * What the server announces on the signed-in person's channel (AppSync Events,
 * `/notifications/<sub>/<epoch>`): a notification written for them, or a change of a contract they
 * are a party to. The page reacts by asking the API again: an event says that something changed,
 * the API says what is true now. (The channel's last event after a revocation, `session-ended`, is
 * the connection's own: lib/realtime-connection.ts.)
 */
export type RealtimeEvent =
  | { type: 'notification'; notification: { id: string; contract_id?: string } }
  | { type: 'contract'; contract_id: string; status: string; version: number };

/**
 * The contract whose page `event` says is out of date, if any: a change of the contract (or of
 * what is shown with it: its dispute, a refund, a payout), or a notification about it (each step
 * of a refund tells its buyer so).
 */
export function contractChangedBy(event: RealtimeEvent): string | undefined {
  if (event.type === 'contract') return event.contract_id;
  if (event.type === 'notification') return event.notification?.contract_id;
  return undefined;
}

const listeners = new Set<(event: RealtimeEvent) => void>();

/** Whether `event` says the channel's sessions were revoked (lambdas/core/adapters/events.ts `sessionEndedEvent`). */
export function isSessionEnded(event: unknown): boolean {
  return typeof event === 'object' && event !== null && (event as { type?: unknown }).type === 'session-ended';
}

/** Hands an event from the channel to every listener (lib/realtime-connection.ts calls it). */
export function dispatchRealtimeEvent(event: unknown): void {
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') return;
  for (const listener of listeners) listener(event as RealtimeEvent);
}

/** Listens to the channel's events until the returned function is called. */
export function onRealtimeEvent(listener: (event: RealtimeEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener` for each event from the person's channel while the component is mounted (the
 * latest `listener`, without re-subscribing on every render).
 */
export function useRealtimeEvent(listener: (event: RealtimeEvent) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onRealtimeEvent((event) => latest.current(event)), []);
}
