import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decoyOwnQuestions, decoyQuestion, securityQuestionSuggestions } from '../../lambdas/core/domain/identity';

const digestOf = (email: string) => createHmac('sha256', 'key').update(`question:${email}`).digest('base64url');

describe('the decoy question of an unknown email', () => {
  const decoys = Array.from({ length: 400 }, (_, i) => decoyQuestion(digestOf(`nobody${i}@example.com`)));

  it('is stable per email', () => {
    expect(decoyQuestion(digestOf('a@example.com'))).toBe(decoyQuestion(digestOf('a@example.com')));
  });

  it('is not only one of the six suggestions: questions of people’s own wording come up too, about one in four', () => {
    const own = decoys.filter((q) => (decoyOwnQuestions as readonly string[]).includes(q)).length;
    expect(own).toBeGreaterThan(400 * 0.15);
    expect(own).toBeLessThan(400 * 0.35);
    expect(decoys.every((q) => [...securityQuestionSuggestions, ...decoyOwnQuestions].includes(q as never))).toBe(true);
  });

  it('spreads over the suggestions and the own-wording questions alike', () => {
    expect(new Set(decoys).size).toBeGreaterThan(securityQuestionSuggestions.length + decoyOwnQuestions.length / 2);
  });
});
