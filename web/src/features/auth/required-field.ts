import * as z from 'zod';

/**
 * A field the person must fill in, then checked by `rule` (the server's, from the request schema):
 * left empty (or only spaces) it is refused with the page's own `message`, since the server's
 * rules word a missing field for nobody in particular. The value reaches `rule` unchanged.
 */
export function requiredField<Output>(message: string, rule: z.core.$ZodType<Output, string>) {
  return z
    .string()
    .refine((value) => value.trim() !== '', message)
    .pipe(rule);
}
