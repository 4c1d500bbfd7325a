import type { AgreementEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { type Agreement, type AgreementCommand, agreementDecider } from './agreement.ts';

const requested = {
  agreementId: 'AG-1',
  kind: 'consignment' as const,
  sellerId: 'u-1',
  sellerEmail: 'sam@seller.example',
  sellerName: 'Sam Seller',
  lotIds: ['lot-1'],
  provider: 'sandbox',
  providerDocumentId: 'doc-1',
  templateId: 'sbx-tpl-consignment',
  name: 'Consignment agreement: Sam Seller',
};
const given = (events: AgreementEvent[]): Agreement =>
  events.reduce(agreementDecider.evolve, agreementDecider.initialState());
const when = (events: AgreementEvent[], command: AgreementCommand) =>
  agreementDecider.decide(command, given(events));
const changed = (status: 'viewed' | 'completed' | 'sent', eventId: string): AgreementEvent => ({
  type: 'AgreementStatusChanged',
  data: { agreementId: 'AG-1', status, eventId },
});
const history: AgreementEvent[] = [
  { type: 'AgreementRequested', data: requested },
  { type: 'AgreementSent', data: { agreementId: 'AG-1' } },
];

describe('a consignment agreement (issue 35 §4)', () => {
  it('is requested once and sent once', () => {
    expect(when([], { type: 'RequestAgreement', data: requested })).toHaveLength(1);
    expect(when(history.slice(0, 1), { type: 'RequestAgreement', data: requested })).toEqual([]);
    expect(when(history.slice(0, 1), { type: 'MarkAgreementSent' })).toHaveLength(1);
    expect(when(history, { type: 'MarkAgreementSent' })).toEqual([]);
    expect(given(history).status).toBe('sent');
  });

  it("moves forward by the service's events, each once, never back, and not after it is final", () => {
    expect(when(history, { type: 'ChangeAgreementStatus', status: 'viewed', eventId: 'e1' })).toEqual([
      changed('viewed', 'e1'),
    ]);
    const viewed = [...history, changed('viewed', 'e1')];
    expect(when(viewed, { type: 'ChangeAgreementStatus', status: 'viewed', eventId: 'e1' })).toEqual([]);
    expect(when(viewed, { type: 'ChangeAgreementStatus', status: 'sent', eventId: 'e0' })).toEqual([]);
    const done = [...viewed, changed('completed', 'e2')];
    expect(given(done).status).toBe('completed');
    // A late "viewed" (out of order) after the signature changes nothing.
    expect(when(done, { type: 'ChangeAgreementStatus', status: 'viewed', eventId: 'e3' })).toEqual([]);
    expect(when(done, { type: 'ChangeAgreementStatus', status: 'declined', eventId: 'e4' })).toEqual([]);
  });

  it('answers an unknown agreement as not found', () => {
    expect(() => when([], { type: 'MarkAgreementSent' })).toThrow(/AGREEMENT_NOT_FOUND|agreement/i);
  });
});
