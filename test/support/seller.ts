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
  const post = async (path: string, body: unknown) => {
    const answer = await apiRequest(cloud.apiUrl, { method: 'POST', path, token: seller.token, body });
    if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
  };
  await post('/request-pin-code', { securityAnswer: seller.user.answer });
  const code = sixDigitCode(await waitForEmail(cloud, seller.user.email, /payment PIN code/));
  await post('/reset-pin', { code, pin, confirmPin: pin });
  await post('/save-bank-info', { ...account, pin });
}
