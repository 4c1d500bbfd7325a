import {
  type Marketing,
  type MarketingContact,
  type MarketingPayload,
  type MarketingReceipt,
  marketingPayload,
} from './port.ts';

/** What the sandbox would have sent: the payload and when, once per address. */
export interface SandboxMarketingRecord {
  /** seeds 001 §7: addcontacts, then subscribeCampaign. */
  calls: readonly ['addcontacts', 'subscribeCampaign'];
  payload: MarketingPayload;
  at: string;
}

export interface SandboxMarketing extends Marketing {
  /** Every contact it would have sent, in the order they first came. */
  sent(): SandboxMarketingRecord[];
}

/**
 * The embedded default marketing service (issue 34 "Marketing contacts"): sends nothing anywhere and
 * records what it would send, one record per address (a retried delivery replaces nothing and adds
 * no second one), so a test reads it here and an admin sees it on the newsletter list (each contact
 * sent on is recorded in the log with the service's name).
 */
export function createSandboxMarketing(now: () => Date = () => new Date()): SandboxMarketing {
  const records = new Map<string, SandboxMarketingRecord>();
  return {
    name: 'sandbox',
    async addContact(contact: MarketingContact): Promise<MarketingReceipt | null> {
      const payload = marketingPayload(contact);
      if (!payload) return null;
      if (!records.has(contact.email))
        records.set(contact.email, {
          calls: ['addcontacts', 'subscribeCampaign'],
          payload,
          at: now().toISOString(),
        });
      return { service: 'sandbox', payload };
    },
    sent: () => [...records.values()],
  };
}
