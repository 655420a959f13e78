import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hashSecret } from '../../lambdas/core/domain/hashing';
import { getProfileByEmail, paymentPinUpdate, saveBankDetails } from '../../lambdas/core/entities/profile';
import { transactWrite } from '../../lambdas/core/entities/table';
import { registerAccount } from '../../lambdas/core/services/accounts';
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
  /** A trusted device: put it in the browser's local storage (middleman_device_id) to skip the new-device check. */
  deviceId: string;
  /** The seller's payment PIN: the seller starts with it and with bank details, so a release can be tried at once. */
  paymentPin?: string;
}

const demoAccounts = [
  { role: 'seller', email: 'seller@demo.escrow.local', fullName: 'Ada Seller', phone: '+2348010000001' },
  { role: 'buyer', email: 'buyer@demo.escrow.local', fullName: 'Bayo Buyer', phone: '+2348010000002' },
] as const;

/**
 * The two demo accounts of a fresh local cloud, made the way a person signs up (profile, hashed
 * answer, trusted device) and confirmed. Passwords and answers are generated on the first start
 * and kept with the rest of the local data (never in the repository).
 */
export async function ensureDemoUsers(cognito: CognitoService, file: string): Promise<DemoUser[]> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoUser[];
  const users: DemoUser[] = [];
  for (const account of demoAccounts) {
    const user: DemoUser = {
      role: account.role,
      email: account.email,
      password: `Demo-${randomBytes(6).toString('base64url')}1`,
      fullName: account.fullName,
      securityQuestion: 'What was the name of your first pet?',
      securityAnswer: `pet-${randomBytes(3).toString('hex')}`,
      deviceId: `demo-${account.role}-${randomBytes(8).toString('hex')}`,
    };
    await registerAccount({
      email: user.email,
      password: user.password,
      captchaToken: 'demo',
      userData: {
        full_name: user.fullName,
        phone_number: account.phone,
        security_question: user.securityQuestion,
        security_answer: user.securityAnswer,
      },
      deviceInfo: {
        device_id: user.deviceId,
        device_name: 'Demo Device',
        user_agent: '',
        platform: '',
        screen_resolution: '',
        timezone: 'Africa/Lagos',
        language: 'en-NG',
      },
    });
    const target = { UserPoolId: localStage.userPoolId, Username: account.email };
    await cognito.operations.AdminConfirmSignUp(target);
    await cognito.operations.AdminUpdateUserAttributes({
      ...target,
      UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
    });
    if (account.role === 'seller') user.paymentPin = await seedPayoutSettings(account.email);
    users.push(user);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(users, null, 2), { mode: 0o600 });
  return users;
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
