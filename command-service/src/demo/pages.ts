import { pageStream } from '@wine/event-schemas';
import type { Streams } from '../core/command-handler.ts';
import { pageDecider } from '../pages/page.ts';
import { legalPages } from './pages-legal.ts';

/** A demo page: HTML, or a PDF from the static-files upload folder (guidelines). */
export interface DemoPage {
  id: string;
  title: string;
  meta: string;
  html: string;
  /** A PDF page's file name in the upload folder (deploy/embedded/assets/files ships it). */
  file?: string;
}

/** The merchant's own pages (seeds 000 §2.2), as a fresh demo shows them. */
const storePages: readonly DemoPage[] = [
  {
    id: 'about',
    title: 'About Us',
    meta: 'A Chicago fine-wine merchant selling collectable wine at auction and at a fixed price since 1987.',
    html: `<h2>A Chicago wine merchant since 1987</h2>
<p>Fine Wine Auction began as a small shop on the North Side, selling Bordeaux and Burgundy to a few dozen collectors. Today we run timed auctions and a buy-now store for buyers across the country, from the same city and with the same care.</p>
<p>Every bottle we sell passes through our hands. We inspect fill levels, labels and capsules, photograph each lot and record where it has been kept. That is what we mean by impeccable provenance.</p>
<h2>What we believe</h2>
<ul>
<li>Wine should be described honestly, faults included.</li>
<li>Sellers deserve a fair price and buyers a fair chance to win it.</li>
<li>Great bottles belong on tables, not only in cellars.</li>
</ul>`,
  },
  {
    id: 'aboutus',
    title: 'About Us',
    meta: 'Who we are: a Chicago-area fine-wine merchant running auctions and a buy-now store.',
    html: `<h2>Our story</h2>
<p>Founded in Chicago in 1987, Fine Wine Auction has grown from a neighbourhood wine shop into one of the Midwest’s trusted sources for collectable wine. Our team of buyers, cellar staff and specialists has handled hundreds of private collections.</p>
<h2>Our cellar</h2>
<p>Wines consigned to us are stored in our own temperature- and humidity-controlled warehouse until they are sold and collected. Nothing leaves the building without being checked twice.</p>
<p>Questions about a lot, a collection or an invoice? Our team answers the phone and e-mail Monday to Friday, 9:30 am to 5:30 pm.</p>`,
  },
  {
    id: 'services',
    title: 'Our Services',
    meta: 'Auctions, buy-now sales, private sales, appraisals and storage for wine collectors.',
    html: `<h2>For buyers</h2>
<ul>
<li><strong>Timed auctions</strong> with proxy bidding and soft closes.</li>
<li><strong>Buy now</strong>: hundreds of wines at a fixed price, with quantity discounts.</li>
<li><strong>Private sales</strong>: rare bottles and large formats offered by request.</li>
</ul>
<h2>For collectors and sellers</h2>
<ul>
<li><strong>Free appraisals</strong> of single bottles or entire cellars.</li>
<li><strong>Consignment</strong>: we photograph, describe, list and sell your wine.</li>
<li><strong>Storage</strong> in our bonded Chicago cellar.</li>
</ul>
<p>Ask us about any of these services by phone or e-mail; we reply within one working day.</p>`,
  },
  {
    id: 'help',
    title: 'Help',
    meta: 'Help with your account, bids, payments and orders at Fine Wine Auction.',
    html: `<h2>Getting started</h2>
<ol>
<li>Register with your name, e-mail and date of birth.</li>
<li>Confirm your e-mail with the link we send you.</li>
<li>Add a card in <em>My Account</em>; you need one on file to bid or buy.</li>
</ol>
<h2>Common problems</h2>
<h3>I did not receive the verification e-mail</h3>
<p>Check your spam folder, then ask for a new link from the sign-in page.</p>
<h3>My bid was refused</h3>
<p>Bids must be at least the next bid shown on the lot. If the lot has closed or you have reached your bid limit, the message says so.</p>
<h3>I forgot my password</h3>
<p>Use <em>Forgot password</em> on the sign-in page; the reset link is valid for one hour.</p>
<p>Still stuck? See our <a href="/faq">FAQ</a> or <a href="/contact-us">contact us</a>.</p>`,
  },
  {
    id: 'guidelines',
    title: 'Bidding & Consignment Guidelines',
    meta: 'Our guidelines for bidders and consignors, as a PDF.',
    html: '<p>Our bidding and consignment guidelines, to read here or download.</p>',
    file: 'guidelines.pdf',
  },
  {
    id: 'selling_wine',
    title: 'Selling Wine',
    meta: 'Sell your wine collection through Fine Wine Auction: free appraisal, national buyers, insured logistics.',
    html: `<h2>Sell your wine with us</h2>
<p>Whether you have a single case or a cellar of several thousand bottles, we make selling simple. Send us a list or a few photographs and a specialist will contact you within two working days.</p>
<h2>How it works</h2>
<ol>
<li>We appraise your wine free of charge and suggest estimates.</li>
<li>We collect it, insured, from anywhere in the Chicago area, or arrange shipping from further away.</li>
<li>We photograph and describe every lot and offer it at auction or at a fixed price.</li>
<li>You are paid 30 days after the sale, with a full statement of every lot.</li>
</ol>
<p>Our commission is agreed with you before anything is listed. There are no hidden charges.</p>`,
  },
  {
    id: 'contact_us',
    title: 'Contact Us',
    meta: 'How to reach Fine Wine Auction in Chicago by phone, e-mail or in person.',
    html: `<h2>We are here to help</h2>
<p>Our team answers questions about lots, bids, invoices, collection and selling wine Monday to Friday, 9:30 am to 5:30 pm (Central Time).</p>
<ul>
<li>Phone: <a href="tel:+13125550100">+1 (312) 555-0100</a></li>
<li>E-mail: <a href="mailto:info@example.com">info@example.com</a></li>
<li>Warehouse visits and collections by appointment only.</li>
</ul>`,
  },
  {
    id: 'howitworks',
    title: 'How It Works',
    meta: 'How bidding and buying work at Fine Wine Auction, step by step.',
    html: `<h2>Bid in four steps</h2>
<ol>
<li><strong>Register</strong> and confirm your e-mail address.</li>
<li><strong>Add a card</strong> to your account so you can bid and buy.</li>
<li><strong>Bid</strong> on any open lot, or set a maximum and let proxy bidding work for you.</li>
<li><strong>Pay and collect</strong>: your invoice arrives when the lot closes; book a pickup or choose delivery.</li>
</ol>
<h2>Or buy now</h2>
<p>Many wines can be bought at once at a fixed price. Add them to your cart and check out; larger quantities often earn a discount.</p>`,
  },
  {
    id: 'header_first_page',
    title: 'Private Sales',
    meta: 'Rare bottles and large formats offered privately to registered buyers.',
    html: `<h2>Private sales</h2>
<p>Some wines are too rare, or too numerous, for a public auction. Our private sales department offers them directly to registered buyers at an agreed price.</p>
<p>Tell us what you are looking for: a producer, a vintage, a birth-year bottle or a large format. We search our consignments and our network of collectors and come back to you with offers.</p>`,
  },
  {
    id: 'header_second_page',
    title: 'Cellar Appraisals',
    meta: 'Free professional appraisals of wine collections for sale, insurance or estate planning.',
    html: `<h2>Know what your cellar is worth</h2>
<p>Our specialists value collections for sale, insurance, estate planning and divorce settlements. Appraisals for sale are free; written appraisals for insurance are charged at a flat rate agreed in advance.</p>
<ul>
<li>Valuations based on recent auction results, bottle by bottle.</li>
<li>Condition notes on fill level, labels and storage history.</li>
<li>Visits to your cellar anywhere in Chicagoland.</li>
</ul>`,
  },
  {
    id: 'header_third_page',
    title: 'Wine Storage',
    meta: 'Professional wine storage in our bonded, climate-controlled Chicago cellar.',
    html: `<h2>Professional storage</h2>
<p>Our cellar is kept at 55°F and 70% humidity, day and night, with alarms and backup power. Every case is recorded on arrival and can be collected or shipped on request.</p>
<p>Wines bought from us are stored free for 60 days. After that, storage is charged by the case each month.</p>`,
  },
  {
    id: 'header_fourth_page',
    title: 'Events & Tastings',
    meta: 'Tastings, dinners and preview evenings hosted by Fine Wine Auction in Chicago.',
    html: `<h2>Taste before you bid</h2>
<p>Several times a year we open selected lots at preview evenings in Chicago, so buyers can taste a producer’s style before an important sale.</p>
<p>Registered buyers receive invitations by e-mail. Places are limited and offered first to those who ask.</p>`,
  },
  {
    id: 'more_third_tab',
    title: 'Gift Cards',
    meta: 'Give a Fine Wine Auction gift card, spent on any auction or buy-now purchase.',
    html: `<h2>The gift of a great bottle</h2>
<p>Our gift cards can be redeemed into the buyer’s wallet and spent on any auction lot or buy-now wine. They do not expire.</p>
<p>Ask our team for gift cards of any amount; we send them by e-mail or in a printed card.</p>`,
  },
  {
    id: 'more_fourth_tab',
    title: 'Careers',
    meta: 'Work with wine: careers at Fine Wine Auction in Chicago.',
    html: `<h2>Work with us</h2>
<p>We are a small team of wine specialists, cellar staff and software people who love what we sell. When positions open, we list them here.</p>
<p>If you have experience in fine wine, logistics or customer service, send us your résumé by e-mail; we read every one.</p>`,
  },
];

/** Every demo page, in the order of seeds 000 §2.2 and then the other public pages. */
export const demoPages: readonly DemoPage[] = [...storePages, ...legalPages];

/** Publishes the demo pages on a first start (the commands' ids make a retried seed record nothing). */
export async function publishDemoPages(streams: Streams, now: Date): Promise<number> {
  for (const page of demoPages) {
    const common = {
      type: 'PublishPage' as const,
      pageId: page.id,
      title: page.title,
      metaDescription: page.meta,
    };
    await streams.handle(
      pageStream(page.id),
      pageDecider,
      page.file
        ? { ...common, contentType: 'file', filePath: page.file, content: page.html }
        : { ...common, contentType: 'html', content: page.html },
      {
        commandId: `demo-page-${page.id}`,
        correlationId: 'demo-seed',
        actor: { kind: 'system', id: 'demo-seed' },
        now,
      },
    );
  }
  return demoPages.length;
}
