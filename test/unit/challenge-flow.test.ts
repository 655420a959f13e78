import { describe, expect, it } from 'vitest';
import { deviceSecretHash, matchesDeviceSecret, newDeviceSecret } from '../../lambdas/core/domain/hashing';
import { decide, pendingChallenge, type SignInContext } from '../../lambdas/core/domain/sign-in';
import { otp, password, question, srpA } from '../support/challenge-steps';

const open = async () => false;
const trusted: SignInContext = { userNotFound: false, deviceTrusted: async () => true, accountLocked: open };
const untrusted: SignInContext = { userNotFound: false, deviceTrusted: async () => false, accountLocked: open };
const unknownUser: SignInContext = { userNotFound: true, deviceTrusted: async () => true, accountLocked: open };
const locked: SignInContext = { ...untrusted, accountLocked: async () => true };

describe('the sign-in rules', () => {
  it('asks for the password after the SRP start, for known and unknown users alike', async () => {
    expect(await decide([srpA], untrusted)).toEqual({ next: 'password' });
    expect(await decide([srpA], unknownUser)).toEqual({ next: 'password' });
  });

  it('issues tokens after a correct password on a trusted device', async () => {
    expect(await decide([srpA, password(true)], trusted)).toEqual({ next: 'tokens' });
  });

  it('asks the security question after a correct password on a new device', async () => {
    expect(await decide([srpA, password(true)], untrusted)).toEqual({ next: 'challenge', kind: 'SECURITY_QUESTION' });
  });

  it('does not even look at the device before the password is right', async () => {
    let asked = false;
    await decide([srpA, password(false)], { ...untrusted, deviceTrusted: async () => (asked = true) });
    expect(asked).toBe(false);
  });

  it('asks for the email code after a right answer, and issues tokens after a right code', async () => {
    expect(await decide([srpA, password(true), question(true)], untrusted)).toEqual({ next: 'challenge', kind: 'EMAIL_OTP' });
    expect(await decide([srpA, password(true), question(true), otp(true)], untrusted)).toEqual({ next: 'tokens' });
  });

  it('allows three answers and three codes, then fails', async () => {
    const base = [srpA, password(true)];
    expect(await decide([...base, question(false), question(false)], untrusted)).toEqual({
      next: 'challenge',
      kind: 'SECURITY_QUESTION',
    });
    expect(await decide([...base, question(false), question(false), question(false)], untrusted)).toEqual({ next: 'fail' });
    const answered = [...base, question(true)];
    expect(await decide([...answered, otp(false), otp(false)], untrusted)).toEqual({ next: 'challenge', kind: 'EMAIL_OTP' });
    expect(await decide([...answered, otp(false), otp(false), otp(false)], untrusted)).toEqual({ next: 'fail' });
  });

  it('never issues tokens without the password, or for an unknown user', async () => {
    expect(await decide([], trusted)).toEqual({ next: 'fail' });
    expect(await decide([question(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, otp(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true), otp(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(false), question(true), otp(true)], trusted)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true)], unknownUser)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true), question(true), otp(true)], unknownUser)).toEqual({ next: 'fail' });
  });

  it('poses the question first, again after a wrong answer, then the code, again after a wrong code', () => {
    expect(pendingChallenge([srpA, password(true)])).toEqual({ kind: 'SECURITY_QUESTION', retry: false });
    expect(pendingChallenge([srpA, password(true), question(false)])).toEqual({ kind: 'SECURITY_QUESTION', retry: true });
    expect(pendingChallenge([srpA, password(true), question(true)])).toEqual({ kind: 'EMAIL_OTP', retry: false });
    expect(pendingChallenge([srpA, password(true), question(true), otp(false)])).toEqual({ kind: 'EMAIL_OTP', retry: true });
  });
});

describe('the account lockout in the sign-in rules', () => {
  it('fails a locked account after a right answer, and after a right code', async () => {
    expect(await decide([srpA, password(true), question(true)], locked)).toEqual({ next: 'fail' });
    expect(await decide([srpA, password(true), question(true), otp(true)], locked)).toEqual({ next: 'fail' });
  });

  it('fails a locked account after a wrong answer instead of asking again', async () => {
    expect(await decide([srpA, password(true), question(false)], locked)).toEqual({ next: 'fail' });
  });

  it('still signs in a trusted device of a locked account: guessing elsewhere never locks the owner out', async () => {
    expect(await decide([srpA, password(true)], { ...locked, deviceTrusted: async () => true })).toEqual({ next: 'tokens' });
  });

  it('does not look at the lock before the password is right', async () => {
    let asked = false;
    await decide([srpA, password(false)], { ...untrusted, accountLocked: async () => (asked = true) });
    await decide([srpA, password(true)], { ...untrusted, accountLocked: async () => (asked = true) });
    expect(asked).toBe(false);
  });
});

describe('the device secret', () => {
  const secret = newDeviceSecret();

  it('is 256 random bits, URL-safe, and stored only as its hash', () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newDeviceSecret()).not.toBe(secret);
    expect(deviceSecretHash(secret)).not.toContain(secret);
  });

  it('matches only the secret whose hash the device holds', () => {
    expect(matchesDeviceSecret(secret, deviceSecretHash(secret))).toBe(true);
    expect(matchesDeviceSecret(newDeviceSecret(), deviceSecretHash(secret))).toBe(false);
    expect(matchesDeviceSecret(undefined, deviceSecretHash(secret))).toBe(false);
    expect(matchesDeviceSecret('', deviceSecretHash(secret))).toBe(false);
    // A device trusted before devices had secrets holds no hash: nothing proves it.
    expect(matchesDeviceSecret(secret, undefined)).toBe(false);
  });
});
