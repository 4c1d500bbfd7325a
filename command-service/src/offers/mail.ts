import { formatMoney, HOUSE_SELLER_ID, type Language, tIn } from '@wine/contracts';
import { type LotEvent, lotStream, userStream } from '@wine/event-schemas';
import type { Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import { userDecider } from '../users/decide.ts';

export interface OfferMailDeps {
  streams: Streams;
  mailer: Mailer;
  /** The UI's origin, for the links. */
  publicUrl: () => string;
  /** Where the house's own lots' offers are told (the merchant's inbox). */
  houseInbox: () => string;
  logger: Logger;
}

type Key = Parameters<typeof tIn>[1];
type Party = 'buyer' | 'seller';
interface Told {
  to: Party;
  subject: Key;
  body: Key;
  params: Record<string, string | number>;
}

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * Issue 36 §2: everyone involved in an offer is told by mail, in their language: the seller's side of
 * a buyer's offer or counter, the buyer of the seller's answer, both of an acceptance or an expiry.
 * Sent by whoever wrote the events (a retried request writes nothing and tells nothing again); a mail
 * that cannot be sent is logged, never a reason to undo the answer.
 */
export function offerMail(deps: OfferMailDeps) {
  const { streams, logger } = deps;

  function messages(event: LotEvent): Told[] {
    switch (event.type) {
      case 'OfferMade': {
        const { qty, price, expiresAt, kind } = event.data;
        const params = { qty, price: formatMoney(price), when: when(expiresAt) };
        return kind === 'second_chance'
          ? [
              {
                to: 'buyer',
                subject: 'offers.mailSecondChanceSubject',
                body: 'offers.mailSecondChanceBody',
                params,
              },
            ]
          : [{ to: 'seller', subject: 'offers.mailMadeSubject', body: 'offers.mailMadeBody', params }];
      }
      case 'OfferCountered': {
        const { qty, price, expiresAt, by } = event.data;
        const params = { qty, price: formatMoney(price), when: when(expiresAt) };
        const to: Party = by === 'seller' ? 'buyer' : 'seller';
        return [{ to, subject: 'offers.mailCounterSubject', body: 'offers.mailCounterBody', params }];
      }
      case 'OfferAccepted': {
        const { qty, price } = event.data;
        const params = { qty, price: formatMoney(price) };
        return (['buyer', 'seller'] as const).map((to) => ({
          to,
          subject: 'offers.mailAcceptedSubject',
          body: 'offers.mailAcceptedBody',
          params,
        }));
      }
      case 'OfferDeclined': {
        const { by, reason } = event.data;
        const to: Party = by === 'buyer' ? 'seller' : 'buyer';
        return [
          { to, subject: 'offers.mailDeclinedSubject', body: 'offers.mailDeclinedBody', params: { reason } },
        ];
      }
      case 'OfferExpired':
        return (['buyer', 'seller'] as const).map((to) => ({
          to,
          subject: 'offers.mailExpiredSubject',
          body: 'offers.mailExpiredBody',
          params: {},
        }));
      default:
        return [];
    }
  }

  async function send(
    address: { email: string; name: string; language: Language },
    told: Told,
    title: string,
    link: string,
  ) {
    const t = (key: Key, options?: Record<string, unknown>) => tIn(address.language, key, options);
    const params: Record<string, unknown> = { ...told.params, title };
    if (typeof told.params.reason === 'string')
      params.reason = t(`offers.reason_${told.params.reason}` as Key);
    const text = [
      t('mail.hello', { name: address.name }),
      '',
      t(told.body, params),
      t('offers.mailLink', { link }),
    ].join('\n');
    await deps.mailer.send({ to: address.email, subject: t(told.subject, params), text });
  }

  async function addressOf(party: Party, buyerId: string, sellerId: string) {
    const id = party === 'buyer' ? buyerId : sellerId;
    if (party === 'seller' && id === HOUSE_SELLER_ID)
      return { email: deps.houseInbox(), name: 'Fine Wine Auctions', language: 'en' as Language };
    const user = await streams.load(userStream(id), userDecider);
    if (!user.email) return null;
    return { email: user.email, name: user.firstName, language: user.preferences.language };
  }

  return {
    /** Tells the parties of the offer events just written on a lot. */
    async tell(lotId: string, events: readonly LotEvent[]) {
      const offerEvents = events.filter((e) => e.type.startsWith('Offer'));
      if (offerEvents.length === 0) return;
      try {
        const lot = await streams.load(lotStream(lotId), lotDecider);
        if (lot.status === 'empty') return;
        const buyerOf = (offerId: string) => lot.offers?.[offerId]?.buyerId;
        for (const event of offerEvents) {
          const offerId = (event.data as { offerId: string }).offerId;
          const buyerId = buyerOf(offerId);
          if (!buyerId) continue;
          for (const told of messages(event)) {
            const address = await addressOf(told.to, buyerId, lot.lot.sellerId);
            if (!address) continue;
            const path =
              told.to === 'buyer'
                ? '/offers'
                : lot.lot.sellerId === HOUSE_SELLER_ID
                  ? '/admin/offers'
                  : '/seller/offer';
            await send(address, told, lot.lot.title, `${deps.publicUrl()}${path}`);
          }
        }
      } catch (error) {
        logger.error({ err: error, lotId }, 'an offer mail could not be sent');
      }
    },
  };
}

export type OfferMail = ReturnType<typeof offerMail>;
