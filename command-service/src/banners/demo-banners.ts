import type { BannerPublishedData } from '@wine/event-schemas';

/**
 * The demo's home banners (seeds 000 §3.2 "home banners"), published at the first start like the demo
 * catalogue: real text over an image of the embedded assets (deploy/embedded/assets/banner/).
 */
export const demoBanners: readonly BannerPublishedData[] = [
  {
    bannerId: 'welcome',
    title: 'Fine wine, honestly sourced',
    subtitle: 'Bid on cellar-aged Bordeaux, Burgundy and Champagne, or buy now at a fixed price.',
    image: 'cellar.svg',
    link: '/search',
    linkLabel: 'Browse Wines',
    sortOrder: 1,
  },
  {
    bannerId: 'auctions',
    title: 'Auctions close every week',
    subtitle: 'Set a maximum and let proxy bidding answer for you, up to your limit.',
    image: 'auction.svg',
    link: '/auction',
    linkLabel: 'See the auctions',
    sortOrder: 2,
  },
  {
    bannerId: 'consign',
    title: 'Selling a collection?',
    subtitle: 'Free professional appraisal, access to markets and insured logistics.',
    image: 'consign.svg',
    link: '/sellingwine',
    linkLabel: 'Sell Your Wine',
    sortOrder: 3,
  },
];
