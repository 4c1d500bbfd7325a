import { z } from 'zod';
import { action, NoData, NoInput } from '../action.ts';
import { ConsignmentInput, ContactUsInput, NewsletterInput } from './inputs.ts';
import { MerchantDetails } from './merchant.ts';

/** The footer's links and the merchant's details, as getFooterLinks answers them. */
export const FooterLinks = z.object({
  links: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
  merchant: MerchantDetails,
});
export type FooterLinks = z.infer<typeof FooterLinks>;

/** Enquiries from visitors and the newsletter (issue 11: seeds 000 §2.1 /contact, /sellingwine, §2.6). */
export const enquiryActions = {
  /** seeds 001 §7 user/submitContactUs. */
  submitContactUs: action({
    path: '/api/user/submitContactUs',
    side: 'command',
    auth: 'public',
    input: ContactUsInput,
    output: NoData,
  }),
  /** The sell-your-wine page's consignment enquiry. */
  sellYourWine: action({
    path: '/api/user/sellYourWine',
    side: 'command',
    auth: 'public',
    input: ConsignmentInput,
    output: NoData,
  }),
  /**
   * seeds 001 §7 "custom/index/campaign/zoho addcontacts": the footer's newsletter sign-up. The seeds'
   * client calls `subscribeCampaign` after it with the same contact: the same sign-up (double opt-in,
   * issue 34), so a second call mails no second confirmation; the server itself makes Zoho's two
   * calls (listsubscribe, then the campaign's tag) once the address is confirmed (newsletter/delivery.ts).
   */
  addNewsletterContact: action({
    path: '/api/custom/index/campaign/zoho/addcontacts',
    aliases: ['/api/custom/index/campaign/zoho/subscribeCampaign'],
    side: 'command',
    auth: 'public',
    input: NewsletterInput,
    output: NoData,
  }),
  /** seeds 001 §7 common getFooterLinks. */
  getFooterLinks: action({
    path: '/api/common/getFooterLinks',
    side: 'query',
    auth: 'public',
    input: NoInput,
    output: FooterLinks,
  }),
} as const;
