import { actions, type FooterLinks, footerLinks, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';

const titleKeys = {
  terms: 'enquiries.linkTerms',
  delivery: 'enquiries.linkDelivery',
  contact: 'enquiries.linkContact',
  privacy: 'enquiries.linkPrivacy',
} as const;

/**
 * seeds 001 §7 common getFooterLinks: the footer's page links (titles in the caller's language) and
 * the merchant's details as the settings read now (issue 34).
 */
export const merchantQueries: QueryPlugin = async (app, { auth, settings }) => {
  registerAction(
    app,
    actions.getFooterLinks,
    auth.authorize,
    async (): Promise<FooterLinks> => ({
      links: footerLinks.map((l) => ({ id: l.id, title: t(titleKeys[l.id]), url: l.path })),
      merchant: (await settings()).merchant,
    }),
  );
};
