import type { CreateAuthChallengeTriggerEvent, VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { sendEmail } from '../../adapters/email';
import { getSecret } from '../../adapters/secrets';
import { deviceSecretHash, newDeviceSecret } from '../../domain/hashing';
import { challengeKinds, fallbackDeviceId, identityLimits, signInMetadataKeys } from '../../domain/identity';
import { registerDevice } from '../../entities/device';
import { issueSignInCode, matchSignInCode } from '../../entities/sign-in-code';
import { onConditionFailed, transactWrite } from '../../entities/table';
import { newDevice } from '../devices';

/**
 * Poses the email code. A first ask sends a new code; a retry after a wrong code keeps the one
 * already sent (no new email), so three tries share one code.
 *
 * Each ask also hands the browser a new device secret (public parameters: the only way a trigger
 * can give the client anything), which becomes the device's proof of trust if the right code is
 * entered in this sign-in. Its hash travels in the private parameters, which Cognito keeps with
 * this sign-in for VerifyAuthChallengeResponse and never sends to the client. Kept there rather
 * than beside the code (one per user), a second sign-in running at the same time cannot swap its
 * own secret in for the device whose owner types the code. The browser keeps the newest secret.
 */
export async function addEmailOtp(event: CreateAuthChallengeTriggerEvent, retry: boolean): Promise<void> {
  const { sub, email } = event.request.userAttributes;
  if (!retry && sub && email && !event.request.userNotFound) {
    const code = await issueSignInCode(sub, await getSecret('app'));
    await sendEmail({
      to: email,
      subject: 'Your MiddleMan verification code',
      text: `Your verification code is ${code}. It expires in ${identityLimits.otpValidityMinutes} minutes. If you did not try to sign in, change your password.`,
    });
  }
  const deviceSecret = newDeviceSecret();
  event.response.publicChallengeParameters = { challenge: challengeKinds.emailOtp, retry: String(retry), deviceSecret };
  event.response.privateChallengeParameters = { kind: challengeKinds.emailOtp, deviceSecretHash: deviceSecretHash(deviceSecret) };
  event.response.challengeMetadata = challengeKinds.emailOtp;
}

/**
 * Checks the typed code, changing nothing: a right, unexpired code gives what taking it does, the
 * code consumed and the device registered as trusted, with the hash of the secret this sign-in
 * handed out, in one transaction (single use; the device limit checked in the same write). A full
 * account throws the spec's 'Maximum device limit reached.', which Cognito hands to the client.
 */
export async function checkEmailOtp(event: VerifyAuthChallengeResponseTriggerEvent): Promise<(() => Promise<boolean>) | null> {
  const sub = event.request.userAttributes.sub;
  const metadata = event.request.clientMetadata ?? {};
  const deviceId = metadata[signInMetadataKeys.deviceId]?.slice(0, 128);
  const secretHash = event.request.privateChallengeParameters?.deviceSecretHash;
  const answer = String(event.request.challengeAnswer ?? '');
  if (!sub || !deviceId || !secretHash || !/^\d{6}$/.test(answer)) return null;
  const consume = await matchSignInCode(sub, await getSecret('app'), answer);
  if (!consume) return null;
  // A browser without a fingerprint signs in, but its shared id is never trusted: the code is only used up.
  if (deviceId === fallbackDeviceId) {
    return () =>
      onConditionFailed(
        transactWrite([consume]).then(() => true),
        () => false,
      );
  }
  const device = newDevice(
    {
      device_id: deviceId,
      device_name: metadata[signInMetadataKeys.deviceName]?.slice(0, 64) || 'Unknown Device',
      user_agent: '',
      platform: '',
      screen_resolution: '',
      timezone: '',
      language: '',
    },
    new Date().toISOString(),
    secretHash,
  );
  return () => registerDevice(sub, device, [consume]);
}
