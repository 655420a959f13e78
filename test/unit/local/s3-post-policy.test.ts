import { describe, expect, it } from 'vitest';
import { checkPostPolicy, type PostedForm } from '../../../lib/local/iam/s3-post-policy';

/** A policy as @aws-sdk/s3-presigned-post writes it: the caller's conditions, then one exact match per field it sends. */
const now = Date.parse('2026-11-28T12:00:00Z');
const fields = {
  bucket: 'evidence',
  'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
  'X-Amz-Credential': 'AKIAEXAMPLE/20261128/eu-west-1/s3/aws4_request',
  'X-Amz-Date': '20261128T120000Z',
  key: 'uploads/c1/f1',
  'Content-Type': 'image/png',
};
const policy = (expiration = '2026-11-28T12:05:00Z') =>
  Buffer.from(
    JSON.stringify({
      expiration,
      conditions: [
        ['eq', '$Content-Type', 'image/png'],
        ['content-length-range', 1, 100],
        ...Object.entries(fields)
          .filter(([name]) => name !== 'Content-Type')
          .map(([name, value]) => ({ [name]: value })),
      ],
    }),
  ).toString('base64');
const form = (change: Partial<PostedForm> & { extra?: Record<string, string> } = {}): PostedForm => ({
  bucket: 'evidence',
  fileSize: 50,
  ...change,
  fields: { ...fields, Policy: 'ignored', 'X-Amz-Signature': 'ignored', ...change.fields, ...change.extra },
});

describe('a browser POST checked against its policy as S3 checks it', () => {
  it('lets a POST through whose fields and size all meet the policy', () => {
    expect(checkPostPolicy(policy(), form(), now)).toBeUndefined();
  });

  it('refuses a POST after the policy expired (403)', () => {
    expect(checkPostPolicy(policy('2026-11-28T11:59:59Z'), form(), now)).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('refuses another key than the one the policy fixes (403)', () => {
    expect(checkPostPolicy(policy(), form({ fields: { ...fields, key: 'evidence/c1/f1' } }), now)).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$key", "uploads/c1/f1"]',
    });
  });

  it('refuses another content type than the one the policy fixes (403)', () => {
    expect(checkPostPolicy(policy(), form({ fields: { ...fields, 'Content-Type': 'text/html' } }), now)).toMatchObject({
      status: 403,
      message: 'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type", "image/png"]',
    });
  });

  it('refuses another bucket than the one the policy names (403)', () => {
    expect(checkPostPolicy(policy(), form({ bucket: 'other' }), now)).toMatchObject({ status: 403, code: 'AccessDenied' });
  });

  it('refuses a file over the size range (400 EntityTooLarge), and takes one at its top', () => {
    expect(checkPostPolicy(policy(), form({ fileSize: 101 }), now)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(checkPostPolicy(policy(), form({ fileSize: 100 }), now)).toBeUndefined();
  });

  it('refuses a file under the size range (400 EntityTooSmall)', () => {
    expect(checkPostPolicy(policy(), form({ fileSize: 0 }), now)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
  });

  it('refuses a field no condition covers (403), but not an x-ignore- one', () => {
    expect(checkPostPolicy(policy(), form({ extra: { acl: 'public-read' } }), now)).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Extra input fields: acl',
    });
    expect(checkPostPolicy(policy(), form({ extra: { 'x-ignore-note': 'x' } }), now)).toBeUndefined();
  });

  it('refuses a policy that is not base64 JSON of the policy shape (400)', () => {
    expect(checkPostPolicy('not-json', form(), now)).toMatchObject({ status: 400, code: 'InvalidPolicyDocument' });
  });
});
