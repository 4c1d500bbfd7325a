import { describe, expect, it } from 'vitest';
import { subjectMatches } from './port.ts';

describe('subjectMatches', () => {
  it('matches an exact subject and nothing else', () => {
    expect(subjectMatches('market.lot.42', 'market.lot.42')).toBe(true);
    expect(subjectMatches('market.lot.42', 'market.lot.43')).toBe(false);
  });

  it("matches exactly one token with '*'", () => {
    expect(subjectMatches('market.lot.*', 'market.lot.42')).toBe(true);
    expect(subjectMatches('market.*.42', 'market.lot.42')).toBe(true);
    expect(subjectMatches('market.lot.*', 'market.lot.42.bids')).toBe(false);
    expect(subjectMatches('market.lot.*', 'market.lot')).toBe(false);
  });

  it("matches one or more remaining tokens with '>'", () => {
    expect(subjectMatches('market.>', 'market.lot')).toBe(true);
    expect(subjectMatches('market.>', 'market.lot.42.bids')).toBe(true);
    expect(subjectMatches('market.>', 'market')).toBe(false);
    expect(subjectMatches('market.>', 'marketing.lot')).toBe(false);
  });

  it('rejects subjects of a different length', () => {
    expect(subjectMatches('market.lot', 'market.lot.42')).toBe(false);
    expect(subjectMatches('market.lot.42', 'market.lot')).toBe(false);
  });
});
