import type { NotificationsResponse } from '@escrow/api/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../lib/realtime';
import { getNotifications, markNotificationRead } from './api';
import { markedRead } from './notifications';

export type NotificationsState = { status: 'loading' } | { status: 'loaded'; data: NotificationsResponse } | { status: 'failed' };

/**
 * The caller's notifications, reloaded the moment the server announces a new one on the person's
 * realtime channel, and whenever the tab comes back into view (the fallback while that channel
 * reconnects), with an optimistic mark-as-read.
 */
export function useNotifications() {
  const [state, setState] = useState<NotificationsState>({ status: 'loading' });
  // A reply to an older request must not overwrite a newer one.
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const data = await getNotifications();
      if (mine === generation.current) setState({ status: 'loaded', data });
    } catch {
      // A failed refresh keeps what is on screen; only a first load shows the failure.
      if (mine === generation.current) setState((previous) => (previous.status === 'loaded' ? previous : { status: 'failed' }));
    }
  }, []);

  useRealtimeEvent((event) => {
    if (event.type === 'notification') void load();
  });

  useEffect(() => {
    void load();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load();
    };
    const onFocus = () => void load();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocus);
    return () => {
      generation.current++;
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocus);
    };
  }, [load]);

  const markRead = useCallback(
    async (notificationId: string) => {
      generation.current++;
      setState((previous) =>
        previous.status === 'loaded' ? { status: 'loaded', data: markedRead(previous.data, notificationId) } : previous,
      );
      try {
        const { unread_count } = await markNotificationRead(notificationId);
        setState((previous) =>
          previous.status === 'loaded'
            ? { status: 'loaded', data: { ...previous.data, unread_count: Math.max(0, unread_count) } }
            : previous,
        );
      } catch {
        // The server still has it unread: show what it has.
        void load();
      }
    },
    [load],
  );

  return { state, markRead, reload: load };
}
