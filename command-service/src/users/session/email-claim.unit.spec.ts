import type { EmailClaimEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { emailClaimDecider } from './email-claim.ts';

const spec = deciderSpec(emailClaimDecider);
const claimedBy = (userId: string): EmailClaimEvent => ({ type: 'EmailClaimed', data: { userId } });

describe('e-mail claim decider', () => {
  it('gives an unclaimed address to the first account that claims it', () => {
    spec([])
      .when({ type: 'Claim', userId: 'u-1', ownerVerified: false })
      .then([claimedBy('u-1')]);
  });

  it('answers a repeated claim by the owner with nothing new', () => {
    spec([claimedBy('u-1')])
      .when({ type: 'Claim', userId: 'u-1', ownerVerified: true })
      .then([]);
  });

  it('refuses a second account for an address whose owner registered and verified it', () => {
    spec([claimedBy('u-1')])
      .when({ type: 'Claim', userId: 'u-2', ownerVerified: true })
      .thenThrows({ code: 'USER_EXISTS' });
  });

  it('hands over a claim whose owner never verified the address (no squatting on an address)', () => {
    spec([claimedBy('u-1')])
      .when({ type: 'Claim', userId: 'u-2', ownerVerified: false })
      .then([claimedBy('u-2')]);
  });
});
