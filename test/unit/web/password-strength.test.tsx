// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../../web/src/features/auth/password-strength';

describe('password strength', () => {
  it.each([
    ['', 0, ''],
    ['abc', 0, ''],
    ['abcdef', 1, 'Weak'],
    ['abcdefghij', 2, 'Fair'],
    ['Abcdef', 2, 'Fair'],
    ['Abcdef1', 3, 'Good'],
    ['Abcdefghi1', 4, 'Strong'],
    ['Abcdefghi1!', 5, 'Very Strong'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('gives a point for each rule on its own', () => {
    expect(passwordStrength('ab').score).toBe(0);
    expect(passwordStrength('aB').score).toBe(1);
    expect(passwordStrength('a1').score).toBe(1);
    expect(passwordStrength('a!').score).toBe(1);
    expect(passwordStrength('a b').score).toBe(1);
  });

  it('needs both cases for the mixed-case point', () => {
    expect(passwordStrength('ABCDEF').score).toBe(1);
    expect(passwordStrength('ABCDEf').score).toBe(2);
  });
});
