import { describe, expect, it } from 'vitest';
import type { WebConfig } from '../../lambdas/core/api/web-config';
import { contentSecurityPolicy } from '../../lib/content-security-policy';

const awsConfig: WebConfig = {
  stage: 'dev',
  region: 'eu-west-1',
  apiUrl: 'https://api.example.com',
  cognito: { userPoolId: 'eu-west-1_abc', userPoolClientId: 'client123' },
  captchaSiteKey: 'site-key',
  payments: { publicKey: 'FLWPUBK_TEST-abc-X', checkoutScriptUrl: 'https://checkout.flutterwave.com/v3.js' },
  support: { email: 'support@middleman.ng' },
  events: { endpoint: 'https://abcdefghijklmnopqrstuvwxyz.appsync-api.eu-west-1.amazonaws.com/event' },
};

/** The sources of one directive of `policy`. */
function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((d) => d.startsWith(`${name} `));
  if (!found) throw new Error(`${name} is not in ${policy}`);
  return found.split(' ').slice(1);
}

describe('Content-Security-Policy: evidence files', () => {
  it("lets the page post files to the local S3 stand-in and show its images, by that stand-in's exact origin", () => {
    const policy = contentSecurityPolicy({ ...awsConfig, files: { endpoint: 'https://127.0.0.1:3009/' } });
    expect(directive(policy, 'connect-src')).toContain('https://127.0.0.1:3009');
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'https://127.0.0.1:3009']);
    expect(policy).not.toContain('amazonaws.com/');
    expect(policy).not.toContain('*.s3.');
  });

  it("in AWS allows any bucket of S3's regional and global hosts, as the bucket cannot be named without a cycle", () => {
    const policy = contentSecurityPolicy(awsConfig);
    const s3 = ['https://*.s3.eu-west-1.amazonaws.com', 'https://*.s3.amazonaws.com'];
    expect(directive(policy, 'connect-src')).toEqual(expect.arrayContaining(s3));
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', ...s3]);
  });

  it('opens nothing else for the files: no frames, objects or scripts from the bucket', () => {
    const policy = contentSecurityPolicy({ ...awsConfig, files: { endpoint: 'https://127.0.0.1:3009' } });
    for (const name of ['script-src', 'frame-src', 'object-src', 'default-src', 'form-action']) {
      expect(directive(policy, name).join(' ')).not.toMatch(/3009|s3/);
    }
  });
});
