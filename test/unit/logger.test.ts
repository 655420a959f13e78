import { describe, expect, it } from 'vitest';
import { redact } from '../../lambdas/core/adapters/logger';

describe('redact', () => {
  it('hides passwords, tokens, answers, codes and PINs at any depth, keeping the rest', () => {
    const input = {
      email: 'ada@example.com',
      password: 'hunter22',
      userData: { full_name: 'Ada', security_answer: 'blue', payment_pin: '1234' },
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      session: { access_token: 'a', refresh_token: 'r' },
      list: [{ otp: '123456' }],
    };
    expect(redact(input)).toEqual({
      email: 'ada@example.com',
      password: '[redacted]',
      userData: { full_name: 'Ada', security_answer: '[redacted]', payment_pin: '[redacted]' },
      headers: { authorization: '[redacted]', 'content-type': 'application/json' },
      session: { access_token: '[redacted]', refresh_token: '[redacted]' },
      list: [{ otp: '[redacted]' }],
    });
  });
});
