import { saveBankInfoRequestSchema } from '@escrow/api/account';
import { accountNumberLength } from '@escrow/domain/banks';
import * as z from 'zod';
import { accountPageMessages } from './messages';

const messages = accountPageMessages.bankFields;

/**
 * The bank page's form: the server's request, with each field refused in its own words (the two
 * halves of the spec's 'Please select a bank and enter a valid 10-digit account number.'), so a
 * page refusing both never says the whole sentence twice, once under each box.
 */
export const bankInfoFormSchema = z.object({
  ...saveBankInfoRequestSchema.shape,
  bank_code: z.string().trim().min(1, messages.selectBank).pipe(saveBankInfoRequestSchema.shape.bank_code),
  account_number: z.string().regex(new RegExp(`^\\d{${accountNumberLength}}$`), messages.enterAccountNumber),
});
