/**
 * The marketing port's contract (issue 34 "Marketing contacts"): what every adapter does with a
 * confirmed contact, checked against what the service then holds. Each test uses its own addresses.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Marketing } from './port.ts';

/** A contact as the service holds it: its address, and the user_type and tags it was given. */
export interface HeldContact {
  email: string;
  userType: string | null;
  tags: string[];
}

export interface MarketingUnderTest {
  marketing: Marketing;
  /** What the service holds now, read from the service's side. */
  held(): Promise<HeldContact[]>;
  close(): Promise<void>;
}

export function marketingContract(name: string, open: () => Promise<MarketingUnderTest>) {
  describe(`marketing contract: ${name}`, () => {
    let under: MarketingUnderTest;
    const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@contract.example`;
    const heldOf = async (email: string) => (await under.held()).filter((c) => c.email === email);
    beforeAll(async () => {
      under = await open();
    });
    afterAll(async () => {
      await under?.close();
    });

    it('sends a newsletter Subscriber on with its tag and no user_type (seeds 001 §7)', async () => {
      const email = address('subscriber');
      const receipt = await under.marketing.addContact({
        email,
        source: 'footer',
        language: 'es',
        kind: 'Subscriber',
      });
      expect(receipt).toEqual({
        service: under.marketing.name,
        payload: {
          contact: { email, source: 'footer', language: 'es' },
          user_type: null,
          tag: 'Subscriber',
          sendToZoho: true,
        },
      });
      expect(await heldOf(email)).toEqual([{ email, userType: null, tags: ['Subscriber'] }]);
    });

    it('sends a User and a Registered on with their user_type', async () => {
      for (const kind of ['User', 'Registered'] as const) {
        const email = address(kind.toLowerCase());
        const receipt = await under.marketing.addContact({
          email,
          source: 'registration',
          language: 'en',
          kind,
        });
        expect(receipt?.payload).toMatchObject({ user_type: kind, tag: null, sendToZoho: true });
        expect(await heldOf(email)).toEqual([{ email, userType: kind, tags: [] }]);
      }
    });

    it('holds an address sent twice once (a retried delivery adds nobody twice)', async () => {
      const email = address('twice');
      const contact = { email, source: 'footer', language: 'en', kind: 'Subscriber' };
      await under.marketing.addContact(contact);
      await under.marketing.addContact(contact);
      expect(await heldOf(email)).toHaveLength(1);
    });

    it('sends no other kind of contact anywhere (only User, Subscriber, Registered)', async () => {
      const email = address('staff');
      for (const kind of ['Admin', 'subscriber', '']) {
        expect(
          await under.marketing.addContact({ email, source: 'footer', language: 'en', kind }),
        ).toBeNull();
      }
      expect(await heldOf(email)).toEqual([]);
    });
  });
}
