/**
 * A success the account page shows on arrival (bank details saved, PIN reset): the pages that
 * finish there pass it in the navigation state, so it outlives their own unmounting.
 */
export interface AccountNoticeState {
  notice: string;
}

export function accountNotice(notice: string): AccountNoticeState {
  return { notice };
}

/** The notice in a navigation state, or null. */
export function readAccountNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' && state.notice ? state.notice : null;
}
