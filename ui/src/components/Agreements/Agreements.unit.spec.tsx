import { screen, waitFor, within } from '@testing-library/react';
import type { AgreementRecord } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { SellerAgreements } from './SellerAgreements.tsx';
import { StaffAgreements } from './StaffAgreements.tsx';

const agreement = (over: Partial<AgreementRecord>): AgreementRecord => ({
  id: 'AG-1',
  seller_id: 'u-1',
  seller_name: 'Sofia Seller',
  name: 'Consignment agreement: Sofia Seller',
  status: 'sent',
  lot_ids: [],
  requested_at: '2026-11-20T15:00:00.000Z',
  requested_by: 'Ada Admin',
  history: [
    { at: '2026-11-20T15:00:00.000Z', status: 'uploaded' },
    { at: '2026-11-20T15:00:01.000Z', status: 'draft' },
    { at: '2026-11-20T15:00:02.000Z', status: 'sent' },
  ],
  ...over,
});

describe('the seller’s agreements (issue 35 §4)', () => {
  it('lists them with their status and history, and offers to sign only one waiting for a signature', async () => {
    const { container } = await renderWithApi(<SellerAgreements />, {
      signedInAs: aUser({ roles: ['seller'] }),
      api: {
        viewPandaDoc: () => ({
          records: [agreement({}), agreement({ id: 'AG-2', status: 'completed', name: 'Older agreement' })],
          totalRecords: 2,
        }),
      },
    });
    const cards = await screen.findAllByTestId('agreement');
    expect(cards.map((c) => c.getAttribute('data-status'))).toEqual(['sent', 'completed']);
    expect(within(cards[0] as HTMLElement).getByTestId('agreement-status').textContent).toBe(
      'Waiting for your signature',
    );
    // The upload and the draft read as one "Being prepared".
    expect((cards[0] as HTMLElement).textContent?.match(/Being prepared/g)).toHaveLength(1);
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Review and sign' })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Agreements' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(container);
  });
});

describe('a seller’s agreements on their page, for admins (issue 35 §4)', () => {
  it('sends the agreement once per click, with the same key when sent again after no answer', async () => {
    let made = 0;
    const { api } = await renderWithApi(<StaffAgreements sellerId="u-1" />, {
      signedInAs: aUser({ roles: ['admin'] }),
      api: {
        viewPandaDoc: () => ({ records: made ? [agreement({})] : [], totalRecords: made }),
        createPandaDocForSV: () => {
          made += 1;
          return withMessage('The agreement is sent to Sofia Seller to sign', { id: 'AG-1', status: 'sent' });
        },
      },
    });
    await screen.findByTestId('agreements-empty');
    screen.getByRole('button', { name: 'Send the consignment agreement' }).click();
    const sent = await screen.findByTestId('agreement');
    // The admin reads whose signature it waits for, not the seller's words.
    expect(within(sent).getByTestId('agreement-status').textContent).toBe(
      'Waiting for the seller’s signature',
    );
    expect(api.to('createPandaDocForSV').map((r) => r.input)).toEqual([{ seller_id: 'u-1', lot_ids: [] }]);
    await waitFor(() => expect(api.to('viewPandaDoc').length).toBeGreaterThan(1));
  });
});
