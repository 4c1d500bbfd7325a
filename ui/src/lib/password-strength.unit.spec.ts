import { describe, expect, it } from 'vitest';
import { loadPasswordScorer, strengthLabel } from './password-strength.ts';

describe('password strength', () => {
  it('labels scores Weak (0-1), Fair (2), Good (3), Strong (4)', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual(['Weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it('scores a common password low and a long unusual one high', async () => {
    const score = await loadPasswordScorer();
    expect(strengthLabel(score('password'))).toBe('Weak');
    expect(strengthLabel(score('Tr4vel-Claret-Quokka-1987!'))).toBe('Strong');
    // The user's own name counts against the password.
    expect(score('lovelace', ['Lovelace'])).toBeLessThanOrEqual(1);
  });
});
