import * as z from 'zod';

/**
 * A browser-based POST's policy checked as S3 checks it (AWS's "Creating a POST policy"): the
 * policy has not expired, every condition holds for the form's fields and the file's size, and
 * every field of the form but `file`, `policy`, `x-amz-signature` and `x-ignore-*` is covered by a
 * condition. Hand-written: no kept library checks a POST policy (the SDK only makes one). Pure:
 * the signature of the policy is checked by the guard (s3-guard.ts) before this runs.
 */

/** The answer to a POST that breaks its policy, in S3's words. */
export interface PolicyViolation {
  status: 400 | 403;
  code: 'AccessDenied' | 'EntityTooLarge' | 'EntityTooSmall' | 'InvalidPolicyDocument';
  message: string;
}

/** What the policy is checked against. */
export interface PostedForm {
  /** The bucket the form was posted to (path-style: the URL's first segment). */
  bucket: string;
  /** Every form field but the file, by name as sent (S3 compares names without regard to case). */
  fields: Record<string, string>;
  /** The file's size in bytes. */
  fileSize: number;
}

const condition = z.union([
  z.record(z.string(), z.string()),
  z.tuple([z.enum(['eq', 'starts-with']), z.string(), z.string()]),
  z.tuple([z.literal('content-length-range'), z.number().int().min(0), z.number().int().min(0)]),
]);
const policySchema = z.object({ expiration: z.iso.datetime(), conditions: z.array(condition) });

/** The fields S3 takes without a condition. */
const exempt = (name: string) => ['file', 'policy', 'x-amz-signature'].includes(name) || name.startsWith('x-ignore-');

const denied = (message: string): PolicyViolation => ({
  status: 403,
  code: 'AccessDenied',
  message: `Invalid according to Policy: ${message}`,
});

/** Checks `policyBase64` (the form's `policy` field) against the form at `now`; undefined when the POST may go through. */
export function checkPostPolicy(policyBase64: string, form: PostedForm, now = Date.now()): PolicyViolation | undefined {
  let policy: z.infer<typeof policySchema>;
  try {
    policy = policySchema.parse(JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')));
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  if (Date.parse(policy.expiration) <= now) return denied('Policy expired.');

  const fields = new Map(Object.entries(form.fields).map(([name, value]) => [name.toLowerCase(), value]));
  // The bucket is a condition on the URL's bucket, and may also be sent as a field.
  const fieldValue = (name: string) => (name === 'bucket' ? (fields.get('bucket') ?? form.bucket) : (fields.get(name) ?? ''));
  const covered = new Set<string>();
  for (const rule of policy.conditions) {
    if (!Array.isArray(rule)) {
      for (const [name, expected] of Object.entries(rule)) {
        const field = name.toLowerCase();
        covered.add(field);
        const holds = fieldValue(field) === expected && (field !== 'bucket' || form.bucket === expected);
        if (!holds) return denied(`Policy Condition failed: ["eq", "$${name}", ${JSON.stringify(expected)}]`);
      }
      continue;
    }
    if (rule[0] === 'content-length-range') {
      const [, min, max] = rule;
      if (form.fileSize > max)
        return { status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' };
      if (form.fileSize < min)
        return { status: 400, code: 'EntityTooSmall', message: 'Your proposed upload is smaller than the minimum allowed size' };
      continue;
    }
    const [operator, target, expected] = rule;
    if (!target.startsWith('$')) return { status: 400, code: 'InvalidPolicyDocument', message: `Invalid Policy: ${target}` };
    const field = target.slice(1).toLowerCase();
    covered.add(field);
    const value = fieldValue(field);
    const holds = operator === 'eq' ? value === expected : value.startsWith(expected);
    if (!holds) return denied(`Policy Condition failed: ${JSON.stringify(rule).replaceAll(',', ', ')}`);
  }
  const extra = [...fields.keys()].filter((name) => !exempt(name) && !covered.has(name));
  if (extra.length > 0) return denied(`Extra input fields: ${extra.join(', ')}`);
  return undefined;
}
