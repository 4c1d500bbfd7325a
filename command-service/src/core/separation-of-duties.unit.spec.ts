import { describe, expect, it } from 'vitest';
import { invoiceParties, refuseOwnMoneyRecord } from './separation-of-duties.ts';

const issued = {
  buyerId: 'ann',
  lines: [{ sellerId: 'sam' }, { sellerId: 'sue' }],
} as Parameters<typeof invoiceParties>[0];

describe('separation of duties', () => {
  it("refuses a member of staff who is the invoice's buyer or one of its sellers", () => {
    for (const staff of ['ann', 'sam', 'sue']) {
      expect(() => refuseOwnMoneyRecord(staff, invoiceParties(issued))).toThrow(
        expect.objectContaining({ code: 'OWN_MONEY_RECORD', status: 403 }),
      );
    }
  });

  it('lets anyone else act on it', () => {
    expect(() => refuseOwnMoneyRecord('fin', invoiceParties(issued))).not.toThrow();
    expect(() => refuseOwnMoneyRecord('fin', [])).not.toThrow();
  });
});
