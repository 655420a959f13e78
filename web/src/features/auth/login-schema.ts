import { emailSchema } from '@escrow/api/identity';
import * as z from 'zod';
import { authPageMessages } from './messages';

/** What sign-in needs before it is tried: an email (well formed) and a password, each marked when missing. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, authPageMessages.enterEmail).pipe(emailSchema),
  password: z.string().min(1, authPageMessages.enterPassword),
});
