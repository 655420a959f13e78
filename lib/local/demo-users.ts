import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { deviceSecretHash, hashSecret, newDeviceSecret } from '../../lambdas/core/domain/hashing';
import { registerDevice } from '../../lambdas/core/entities/device';
import { getProfileByEmail, paymentPinUpdate, saveBankDetails } from '../../lambdas/core/entities/profile';
import { transactWrite } from '../../lambdas/core/entities/table';
import { registerAccount } from '../../lambdas/core/services/accounts';
import { newDevice } from '../../lambdas/core/services/devices';
import { finishSignup } from '../../lambdas/core/services/signup-confirmation';
import type { CognitoService } from './cognito/service';
import { resolveAccountName } from './flutterwave/banks';
import { localStage } from './index';

export interface DemoUser {
  role: 'seller' | 'buyer';
  email: string;
  password: string;
  fullName: string;
  securityQuestion: string;
  securityAnswer: string;
  /** The trusted device both demo accounts share (on a data folder older than device secrets, each its own). */
  deviceId: string;
  /** The secret that proves `deviceId` at sign-in, as a browser keeps it (see {@link trustedDeviceScript}). */
  deviceSecret: string;
  /** The seller's payment PIN: the seller starts with it and with bank details, so a release can be tried at once. */
  paymentPin?: string;
}

const demoAccounts = [
  { role: 'seller', email: 'seller@demo.escrow.local', fullName: 'Ada Seller', phone: '+2348010000001' },
  { role: 'buyer', email: 'buyer@demo.escrow.local', fullName: 'Bayo Buyer', phone: '+2348010000002' },
] as const;

/**
 * The two demo accounts of a fresh local cloud, made the way a person signs up (profile, hashed
 * answer, trusted device with its secret) and confirmed. Both trust the same device id, so one
 * browser can be made the device of both. Passwords, answers and secrets are generated on the
 * first start and kept with the rest of the local data (never in the repository).
 */
export async function ensureDemoUsers(cognito: CognitoService, file: string): Promise<DemoUser[]> {
  if (existsSync(file)) return withDeviceSecrets(JSON.parse(readFileSync(file, 'utf8')) as DemoUser[], file);
  const users: DemoUser[] = [];
  const deviceId = `demo-device-${randomBytes(8).toString('hex')}`;
  for (const account of demoAccounts) {
    const user: Omit<DemoUser, 'deviceSecret'> = {
      role: account.role,
      email: account.email,
      password: `Demo-${randomBytes(6).toString('base64url')}1`,
      fullName: account.fullName,
      securityQuestion: 'What was the name of your first pet?',
      securityAnswer: `pet-${randomBytes(3).toString('hex')}`,
      deviceId,
    };
    const { deviceSecret } = await registerAccount({
      email: user.email,
      password: user.password,
      captchaToken: 'demo',
      userData: {
        full_name: user.fullName,
        phone_number: account.phone,
        security_question: user.securityQuestion,
        security_answer: user.securityAnswer,
      },
      deviceInfo: demoDevice(user.deviceId),
    });
    const target = { UserPoolId: localStage.userPoolId, Username: account.email };
    await cognito.operations.AdminConfirmSignUp(target);
    await cognito.operations.AdminUpdateUserAttributes({
      ...target,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    });
    // Confirmed by ops rather than by the emailed link: the sign-up's device becomes trusted as the link would make it.
    const profile = await getProfileByEmail(account.email);
    if (profile) await finishSignup(profile);
    const paymentPin = account.role === 'seller' ? await seedPayoutSettings(account.email) : undefined;
    users.push({ ...user, deviceSecret: deviceSecret ?? '', ...(paymentPin ? { paymentPin } : {}) });
  }
  saveDemoUsers(users, file);
  return users;
}

function saveDemoUsers(users: DemoUser[], file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(users, null, 2), { mode: 0o600 });
}

const demoDevice = (deviceId: string) => ({
  device_id: deviceId,
  device_name: 'Demo Device',
  user_agent: '',
  platform: '',
  screen_resolution: '',
  timezone: 'Africa/Lagos',
  language: 'en-NG',
});

/**
 * Demo accounts seeded before devices had secrets: their device is given one now (its old
 * fingerprint-only trust no longer signs in), as the emailed code would give it.
 */
async function withDeviceSecrets(users: DemoUser[], file: string): Promise<DemoUser[]> {
  if (users.every((user) => user.deviceSecret)) return users;
  const now = new Date().toISOString();
  for (const user of users.filter((u) => !u.deviceSecret)) {
    const profile = await getProfileByEmail(user.email);
    if (!profile) continue;
    const deviceSecret = newDeviceSecret();
    await registerDevice(profile.sub, newDevice(demoDevice(user.deviceId), now, deviceSecretHash(deviceSecret)));
    user.deviceSecret = deviceSecret;
  }
  saveDemoUsers(users, file);
  return users;
}

/**
 * A line to run in a browser's console on the app: it makes that browser the demo accounts'
 * trusted device (the keys of web/src/lib/constants.ts `deviceStorageKeys`), keeping any other
 * account's secret it already holds. Without it a browser is a new device for them.
 */
export function trustedDeviceScript(users: DemoUser[]): string {
  const deviceId = users[0]?.deviceId ?? '';
  const info = JSON.stringify(demoDevice(deviceId));
  const secrets = JSON.stringify(Object.fromEntries(users.map((user) => [user.email, user.deviceSecret])));
  return [
    `localStorage.setItem('middleman_device_id', '${deviceId}')`,
    `localStorage.setItem('middleman_device_info', '${info}')`,
    `localStorage.setItem('middleman_device_secrets', JSON.stringify({ ...JSON.parse(localStorage.getItem('middleman_device_secrets') ?? '{}'), ...${secrets} }))`,
  ].join('; ');
}

/**
 * The demo seller's payment PIN and bank details (the sandbox's Access Bank test account), written
 * as /reset-pin and /bank-info would leave them: the PIN only as a salted hash.
 */
async function seedPayoutSettings(email: string): Promise<string> {
  const profile = await getProfileByEmail(email);
  if (!profile) throw new Error(`demo account ${email} has no profile`);
  const pin = String(randomInt(0, 10_000)).padStart(4, '0');
  const pinHash = await hashSecret(pin);
  await transactWrite([paymentPinUpdate(profile.sub, pinHash)]);
  const bank = { bank_code: '044', account_number: '0690000031' };
  const account_name = resolveAccountName(bank.bank_code, bank.account_number) ?? '';
  await saveBankDetails(profile.sub, { ...bank, account_name }, pinHash);
  return pin;
}
