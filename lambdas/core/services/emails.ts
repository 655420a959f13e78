import { sendEmail } from '../adapters/email';
import { logger } from '../adapters/logger';
import { getProfile } from '../entities/profile';

/**
 * Emails each of `subs` (best effort: the in-app notification is already written in the same
 * change as what it tells, so a failed email loses nothing but the email).
 */
export async function emailEach(subs: string[], subject: string, text: string): Promise<void> {
  await Promise.all(
    subs.map(async (sub) => {
      const profile = await getProfile(sub);
      if (!profile?.email) return;
      await sendEmail({ to: profile.email, subject, text }).catch((error: unknown) =>
        logger.warn('Email not sent', { subject, error: error as Error }),
      );
    }),
  );
}
