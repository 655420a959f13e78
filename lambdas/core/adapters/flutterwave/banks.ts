import * as z from '../../domain/zod';
import { call, ProviderRejectedError } from './client';

/** Banks and account names, for the seller's bank details. */

const banksSchema = z.object({
  status: z.literal('success'),
  data: z.array(z.object({ code: z.string().check(z.minLength(1)), name: z.string() })),
});

/**
 * Nigerian banks that take transfers (`GET /banks/NG`), in the provider's order. The live list
 * repeats some codes under other names; the first name a code appears with is kept.
 */
export async function listBanks(): Promise<Array<{ code: string; name: string }>> {
  const answer = await call('GET', '/banks/NG', 'GET /banks/NG', banksSchema);
  const byCode = new Map<string, string>();
  for (const bank of answer.data) if (!byCode.has(bank.code)) byCode.set(bank.code, bank.name.trim());
  return [...byCode].map(([code, name]) => ({ code, name }));
}

const resolvedAccountSchema = z.object({
  status: z.literal('success'),
  data: z.object({ account_name: z.string().check(z.minLength(1)) }),
});

/**
 * The holder's name of `accountNumber` at `bankCode` (`POST /accounts/resolve`), or null when the
 * provider cannot resolve it (any 4xx but a refused secret key, which stays a ProviderRejectedError:
 * our configuration is wrong, not the account). Unavailable provider: ProviderUnavailableError.
 */
export async function resolveAccount(accountNumber: string, bankCode: string): Promise<string | null> {
  try {
    const answer = await call('POST', '/accounts/resolve', 'POST /accounts/resolve', resolvedAccountSchema, {
      account_number: accountNumber,
      account_bank: bankCode,
    });
    return answer.data.account_name;
  } catch (error) {
    if (error instanceof ProviderRejectedError && error.statusCode !== 401 && error.statusCode !== 403) return null;
    throw error;
  }
}
