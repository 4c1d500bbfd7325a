import { screen, waitFor } from '@testing-library/react';
import { emptyDefaultBundle, i18n } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test-utils/component.tsx';
import { aUser } from '../../test-utils/fixtures.ts';
import { BidBox } from '../LiveRoom/BidBox.tsx';
import { aLiveRoom } from '../LiveRoom/test-live-room.ts';
import { PremiumNote } from './PremiumNote.tsx';

/** The settings' premium text, per language (issue 34: StaffSettings' catalogue form writes it). */
const withPremiumText = (en: string, es = '') => ({
  getDefault: () => ({
    ...emptyDefaultBundle,
    configuration: { ...emptyDefaultBundle.configuration, premium_text: { en, es } },
  }),
});

describe("the buyer's premium note (seeds 000 §1: its text comes from configuration)", () => {
  it('says the standard note with the configured premium when the settings give no text', async () => {
    await renderWithApi(<PremiumNote />, {
      api: { getDefault: () => ({ ...emptyDefaultBundle, buyer_premium: 18 }) },
    });
    await waitFor(() =>
      expect(screen.getByTestId('premium-note').textContent).toBe(
        "All bids are subject to a 18% buyer's premium.",
      ),
    );
  });

  it("says the merchant's text in the reader's language, the standard note where a language has none", async () => {
    await renderWithApi(<PremiumNote />, {
      api: withPremiumText('Members pay 18%.\nOthers 20%.', 'Socios: 18 %.'),
    });
    await waitFor(() =>
      expect(screen.getByTestId('premium-note').textContent).toBe('Members pay 18%.\nOthers 20%.'),
    );
    await i18n.changeLanguage('es');
    try {
      await waitFor(() => expect(screen.getByTestId('premium-note').textContent).toBe('Socios: 18 %.'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("is shown beside the live room's bid button too", async () => {
    await renderWithApi(<BidBox room={aLiveRoom()} connectionLost={false} />, {
      api: withPremiumText('A 20% premium is added to the hammer price.'),
      signedInAs: aUser(),
      mantineEnv: 'test',
    });
    await waitFor(() =>
      expect(screen.getByTestId('live-premium-note').textContent).toBe(
        'A 20% premium is added to the hammer price.',
      ),
    );
  });
});
