import {
  type Bank,
  banksResponseSchema,
  type ProviderProxyRequest,
  type pinCodeRequestSchema,
  type ResetPinRequest,
  resolveAccountResponseSchema,
  type SaveBankInfoRequest,
  saveBankInfoResponseSchema,
} from '@escrow/api/account';
import { type MessageResponse, messageResponseSchema } from '@escrow/api/common';
import {
  devicesResponseSchema,
  type EmailPreferencesRequest,
  type ProfileResponse,
  profileResponseSchema,
  type TrustedDevice,
} from '@escrow/api/identity';
import type { z } from 'zod';
import { apiFetch } from '../../lib/api';

/** The account endpoints; bodies and replies are the shared API's (`@escrow/api/account`, `@escrow/api/identity`). */

/** The caller's account: id, email, created date and the profile row (null when it is missing). */
export function getAccount(): Promise<ProfileResponse> {
  return apiFetch('/profile', { schema: profileResponseSchema });
}

/** Turns the emails that are not about money (a contract accepted or rejected) on or off. */
export function saveEmailPreferences(body: EmailPreferencesRequest): Promise<MessageResponse> {
  return apiFetch('/email-preferences', { method: 'POST', body, schema: messageResponseSchema });
}

export async function listDevices(): Promise<TrustedDevice[]> {
  const reply = await apiFetch('/devices', { schema: devicesResponseSchema });
  return reply.devices;
}

/** `currentDeviceId` goes along so the server can refuse to remove the device the request comes from. */
export function removeDevice(id: string, currentDeviceId: string | undefined): Promise<MessageResponse> {
  return apiFetch(`/devices/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    deviceId: currentDeviceId,
    schema: messageResponseSchema,
  });
}

const proxy = (body: ProviderProxyRequest) => ({ method: 'POST' as const, body });

/** The payment provider's Nigerian banks, as it lists them (duplicates included). */
export async function listBanks(): Promise<Bank[]> {
  const reply = await apiFetch('/flutterwave-proxy', {
    ...proxy({ path: '/banks/NG', method: 'GET' }),
    schema: banksResponseSchema,
  });
  return reply.data;
}

/** The name of the account holder, as the provider resolves it; fails when it cannot. */
export async function resolveAccountName(accountNumber: string, bankCode: string): Promise<string> {
  const reply = await apiFetch('/flutterwave-proxy', {
    ...proxy({
      path: '/accounts/resolve',
      method: 'POST',
      flutterwavePayload: { account_number: accountNumber, account_bank: bankCode },
    }),
    schema: resolveAccountResponseSchema,
  });
  return reply.data.account_name;
}

export function saveBankInfo(body: SaveBankInfoRequest) {
  return apiFetch('/save-bank-info', { method: 'POST', body, schema: saveBankInfoResponseSchema });
}

/** Checks the security answer; the server then emails a 6-digit code. */
export function requestPinCode(securityAnswer: string): Promise<MessageResponse> {
  const body: z.input<typeof pinCodeRequestSchema> = { securityAnswer };
  return apiFetch('/request-pin-code', { method: 'POST', body, schema: messageResponseSchema });
}

export function resetPin(body: ResetPinRequest): Promise<MessageResponse> {
  return apiFetch('/reset-pin', { method: 'POST', body, schema: messageResponseSchema });
}
