import { describe, expect, it } from 'vitest';
import { type ChallengeStep, decide, pendingChallenge } from '../../lambdas/core/domain/sign-in';

const srpA: ChallengeStep = { challengeName: 'SRP_A', challengeResult: true };
const password = (ok: boolean): ChallengeStep => ({ challengeName: 'PASSWORD_VERIFIER', challengeResult: ok });
const question = (ok: boolean): ChallengeStep => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: ok,
  challengeMetadata: 'SECURITY_QUESTION',
});
const otp = (ok: boolean): ChallengeStep => ({
  challengeName: 'CUSTOM_CHALLENGE',
  challengeResult: ok,
  challengeMetadata: 'EMAIL_OTP',
});

const trusted = { userNotFound: false, deviceTrusted: async () => true };
const untrusted = { userNotFound: false, deviceTrusted: async () => false };
const unknownUser = { userNotFound: true, deviceTrusted: async () => true };

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
    await decide([srpA, password(false)], { userNotFound: false, deviceTrusted: async () => (asked = true) });
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
