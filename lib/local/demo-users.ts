import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CognitoService } from './cognito/service';
import { localStage } from './index';

export interface DemoUser {
  role: 'seller' | 'buyer';
  email: string;
  password: string;
  fullName: string;
}

const demoAccounts = [
  { role: 'seller', email: 'seller@demo.escrow.local', fullName: 'Ada Seller' },
  { role: 'buyer', email: 'buyer@demo.escrow.local', fullName: 'Bayo Buyer' },
] as const;

/**
 * The two demo accounts of a fresh local cloud. Their passwords are generated on the first start
 * and kept with the rest of the local data (never in the repository).
 */
export async function ensureDemoUsers(cognito: CognitoService, file: string): Promise<DemoUser[]> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoUser[];
  const users: DemoUser[] = [];
  for (const account of demoAccounts) {
    const password = `Demo-${randomBytes(6).toString('base64url')}1`;
    const ops = cognito.operations;
    await ops.SignUp({
      ClientId: localStage.userPoolClientId,
      Username: account.email,
      Password: password,
      UserAttributes: [{ Name: 'name', Value: account.fullName }],
    });
    const target = { UserPoolId: localStage.userPoolId, Username: account.email };
    await ops.AdminConfirmSignUp(target);
    await ops.AdminUpdateUserAttributes({ ...target, UserAttributes: [{ Name: 'email_verified', Value: 'true' }] });
    users.push({ ...account, password });
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(users, null, 2), { mode: 0o600 });
  return users;
}
