import {
  pinCodeRequestSchema,
  providerProxyRequestSchema,
  providerProxyResponseSchema,
  resetPinRequestSchema,
  saveBankInfoRequestSchema,
  saveBankInfoResponseSchema,
} from '../account';
import { messageResponseSchema } from '../common';
import { devicePathSchema, devicesResponseSchema, emailPreferencesRequestSchema, profileResponseSchema } from '../identity';
import type { Endpoint } from './endpoint';

/** The signed-in person's account: profile, devices, email preferences, and, to be paid, bank details and payment PIN. */

export const getProfile = {
  name: 'get-profile',
  method: 'GET',
  path: '/profile',
  auth: 'protected',
  response: profileResponseSchema,
} as const satisfies Endpoint;
export const listDevices = {
  name: 'list-devices',
  method: 'GET',
  path: '/devices',
  auth: 'protected',
  response: devicesResponseSchema,
} as const satisfies Endpoint;
/** Sent with the `x-device-id` header: the device the request comes from is never removed. */
export const removeDevice = {
  name: 'remove-device',
  method: 'DELETE',
  path: '/devices/{id}',
  auth: 'protected',
  params: devicePathSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const saveEmailPreferences = {
  name: 'save-email-preferences',
  method: 'POST',
  path: '/email-preferences',
  auth: 'protected',
  request: emailPreferencesRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const flutterwaveProxy = {
  name: 'flutterwave-proxy',
  method: 'POST',
  path: '/flutterwave-proxy',
  auth: 'protected',
  request: providerProxyRequestSchema,
  response: providerProxyResponseSchema,
} as const satisfies Endpoint;
export const saveBankInfo = {
  name: 'save-bank-info',
  method: 'POST',
  path: '/save-bank-info',
  auth: 'protected',
  request: saveBankInfoRequestSchema,
  response: saveBankInfoResponseSchema,
} as const satisfies Endpoint;
export const requestPinCode = {
  name: 'request-pin-code',
  method: 'POST',
  path: '/request-pin-code',
  auth: 'protected',
  request: pinCodeRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
export const resetPin = {
  name: 'reset-pin',
  method: 'POST',
  path: '/reset-pin',
  auth: 'protected',
  request: resetPinRequestSchema,
  response: messageResponseSchema,
} as const satisfies Endpoint;
