import type { ContactEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { contactDecider } from './contact.ts';
import { contactStreamOf } from './events-marketing.ts';

const spec = deciderSpec(contactDecider);
const add = {
  type: 'AddNewsletterContact',
  email: 'ann@example.com',
  source: 'footer',
  language: 'en',
} as const;
const added: ContactEvent = {
  type: 'NewsletterContactAdded',
  data: { email: 'ann@example.com', source: 'footer', language: 'en' },
};

describe('a newsletter contact', () => {
  it('is added once', () => {
    spec([]).when(add).then([added]);
  });

  it('records nothing when the address already subscribed, and that is not an error', () => {
    spec([added])
      .when({ ...add, language: 'es' })
      .then([]);
  });

  it('lives on a stream named by a hash of the lower-cased address, not the address', () => {
    expect(contactStreamOf(' Ann@Example.com ')).toBe(contactStreamOf('ann@example.com'));
    expect(contactStreamOf('ann@example.com')).toMatch(/^contact-[0-9a-f]{64}$/);
  });
});
