import {
  type Bank,
  banksResponseSchema,
  type ProviderProxyRequest,
  type ResetPinRequest,
  resolveAccountResponseSchema,
  type SaveBankInfoRequest,
} from '@escrow/api/account';
import type { MessageResponse } from '@escrow/api/common';
import * as endpoints from '@escrow/api/endpoints';
import type { EmailPreferencesRequest, ProfileResponse, TrustedDevice } from '@escrow/api/identity';
import { call } from '../../lib/api';

/** The account endpoints; bodies and replies are the shared API's (`@escrow/api/endpoints`). */

/** The caller's account: id, email, created date and the profile row (null when it is missing). */
export function getAccount(): Promise<ProfileResponse> {
  return call(endpoints.getProfile);
}

/** Turns the emails that are not about money (a contract accepted or rejected) on or off. */
export function saveEmailPreferences(body: EmailPreferencesRequest): Promise<MessageResponse> {
  return call(endpoints.saveEmailPreferences, { body });
}

export async function listDevices(): Promise<TrustedDevice[]> {
  const reply = await call(endpoints.listDevices);
  return reply.devices;
}

/** `currentDeviceId` goes along so the server can refuse to remove the device the request comes from. */
export function removeDevice(id: string, currentDeviceId: string | undefined): Promise<MessageResponse> {
  return call(endpoints.removeDevice, { params: { id }, deviceId: currentDeviceId });
}

/** The proxy answers each of its two requests with its own reply, which the call reads. */
const proxy = (body: ProviderProxyRequest) => ({ body });

/** The payment provider's Nigerian banks, as it lists them (duplicates included). */
export async function listBanks(): Promise<Bank[]> {
  const reply = await call(endpoints.flutterwaveProxy, {
    ...proxy({ path: '/banks/NG', method: 'GET' }),
    reply: banksResponseSchema,
  });
  return reply.data;
}

/** The name of the account holder, as the provider resolves it; fails when it cannot. */
export async function resolveAccountName(accountNumber: string, bankCode: string): Promise<string> {
  const reply = await call(endpoints.flutterwaveProxy, {
    ...proxy({
      path: '/accounts/resolve',
      method: 'POST',
      flutterwavePayload: { account_number: accountNumber, account_bank: bankCode },
    }),
    reply: resolveAccountResponseSchema,
  });
  return reply.data.account_name;
}

export function saveBankInfo(body: SaveBankInfoRequest) {
  return call(endpoints.saveBankInfo, { body });
}

/** Checks the security answer; the server then emails a 6-digit code. */
export function requestPinCode(securityAnswer: string): Promise<MessageResponse> {
  return call(endpoints.requestPinCode, { body: { securityAnswer } });
}

export function resetPin(body: ResetPinRequest): Promise<MessageResponse> {
  return call(endpoints.resetPin, { body });
}
