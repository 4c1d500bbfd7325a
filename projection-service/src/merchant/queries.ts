import { actions, type FooterLinks, footerLinks, type MerchantDetails, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { QueryDeps } from '../core/queries.ts';

const titleKeys = {
  terms: 'enquiries.linkTerms',
  delivery: 'enquiries.linkDelivery',
  contact: 'enquiries.linkContact',
  privacy: 'enquiries.linkPrivacy',
} as const;

/**
 * seeds 001 §7 common getFooterLinks: the footer's page links (titles in the caller's language) and
 * the merchant's details. Configuration, not a read model: nothing is projected.
 */
export const merchantQueries: FastifyPluginAsync<QueryDeps & { merchant: MerchantDetails }> = async (
  app,
  { auth, merchant },
) => {
  registerAction(
    app,
    actions.getFooterLinks,
    auth.authorize,
    async (): Promise<FooterLinks> => ({
      links: footerLinks.map((l) => ({ id: l.id, title: t(titleKeys[l.id]), url: l.path })),
      merchant,
    }),
  );
};
