import { accountNumberLength } from '@escrow/domain/banks';
import { useRef, useState } from 'react';
import { resolveAccountName } from './api';
import { accountPageMessages } from './messages';

const messages = accountPageMessages.bank;

export interface AccountNameMessage {
  tone: 'error' | 'success' | 'warning';
  text: string;
}

interface Check {
  /** The holder's name as the provider resolved it, '' until then. */
  name: string;
  verifying: boolean;
  message: AccountNameMessage | null;
}

const unchecked: Check = { name: '', verifying: false, message: null };

/**
 * The bank page's account-name check (spec §5 "Bank info"): `verify` asks the provider to name the
 * account (exactly 10 digits and a bank needed, or it asks nothing); `changed` forgets the name whenever the bank or the
 * number changes, and drops a verification still answering for the old details.
 */
export function useAccountName() {
  const [check, setCheck] = useState<Check>(unchecked);
  // Bumped by every change: an answer for older details is dropped.
  const edits = useRef(0);

  function changed() {
    edits.current++;
    setCheck(unchecked);
  }

  async function verify(bankCode: string, accountNumber: string) {
    if (check.name || check.verifying) return;
    // Nothing to ask the provider yet; the form says under each box what is missing.
    if (!bankCode || accountNumber.length !== accountNumberLength) return;
    const mine = edits.current;
    setCheck({ ...unchecked, verifying: true });
    let next: Check;
    try {
      next = {
        ...unchecked,
        name: await resolveAccountName(accountNumber, bankCode),
        message: { tone: 'success', text: messages.verified },
      };
    } catch {
      next = { ...unchecked, message: { tone: 'error', text: messages.verifyFailed } };
    }
    if (mine === edits.current) setCheck(next);
  }

  /** Shows `text` as a warning, e.g. that saving needs a verified name first. */
  function warn(text: string) {
    setCheck((current) => ({ ...current, message: { tone: 'warning', text } }));
  }

  return { ...check, verify, changed, warn };
}
