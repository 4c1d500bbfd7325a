import { describe, expect, it } from 'vitest';
import { profileSealer } from './sealed.ts';

const secret = 'a-session-secret-of-at-least-32-characters';
const details = { date_of_birth: '1980-05-17', nationality: 'US', id_type: 'passport', id_last4: '1234' };

describe('sealed identity details', () => {
  it('opens for its owner what was sealed, and shows none of it sealed', () => {
    const sealer = profileSealer(secret);
    const sealed = sealer.seal('u-1', details);
    expect(sealed).toMatch(/^v1\.[\w-]+$/);
    for (const value of Object.values(details)) expect(sealed).not.toContain(value);
    expect(sealer.open('u-1', sealed)).toEqual(details);
  });

  it('seals the same details differently each time (a fresh nonce)', () => {
    const sealer = profileSealer(secret);
    expect(sealer.seal('u-1', details)).not.toBe(sealer.seal('u-1', details));
  });

  it('does not open for another owner, under another secret, or once altered', () => {
    const sealer = profileSealer(secret);
    const sealed = sealer.seal('u-1', details);
    expect(sealer.open('u-2', sealed)).toBeNull();
    expect(profileSealer(`${secret}-rotated`).open('u-1', sealed)).toBeNull();
    // A character of the ciphertext (past the nonce and the tag), changed.
    const at = 3 + 45;
    const altered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(sealer.open('u-1', altered)).toBeNull();
    expect(sealer.open('u-1', 'v2.AAAA')).toBeNull();
    expect(sealer.open('u-1', 'v1.AAAA')).toBeNull();
  });
});
