import type { LocalCloud } from '../../lib/local/index';
import { apiRequest } from './http';
import { type SignedInPerson, waitForEmail } from './identity';
import { sixDigitCode } from './mailbox';

/**
 * Makes a seller ready to be paid, as My Account does: the payment PIN set the way /reset-pin sets
 * it (the security answer, then the emailed code), and a bank account saved with that PIN.
 */
export async function readyToBePaid(
  cloud: LocalCloud,
  seller: SignedInPerson,
  pin: string,
  account = { bank_code: '044', account_number: '0690000032' },
): Promise<void> {
  await setPin(cloud, seller, pin);
  await postAs(cloud, seller)('/save-bank-info', { ...account, pin });
}

/** Sets a payment PIN the way /reset-pin does: the security answer, the emailed code, the PIN. */
export async function setPin(cloud: LocalCloud, who: SignedInPerson, pin: string): Promise<void> {
  const post = postAs(cloud, who);
  await post('/request-pin-code', { securityAnswer: who.user.answer });
  const code = sixDigitCode(await waitForEmail(cloud, who.user.email, /payment PIN code/));
  await post('/reset-pin', { code, pin, confirmPin: pin });
}

/** A POST as `who` that throws unless it answers 200 (this module also serves the benches, outside vitest). */
function postAs(cloud: LocalCloud, who: SignedInPerson) {
  return async (path: string, body: unknown) => {
    const answer = await apiRequest(cloud.apiUrl, { method: 'POST', path, token: who.token, body });
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
  };
}
