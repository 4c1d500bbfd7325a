import type { DemoPage } from './pages.ts';

/**
 * The demo's legal and practical pages: terms, privacy, delivery and the questions buyers ask. Written
 * for a Chicago-area fine-wine merchant; the merchant replaces them from the back office.
 */
export const legalPages: readonly DemoPage[] = [
  {
    id: 'terms-conditions',
    title: 'Terms & Conditions',
    meta: 'The terms of sale for bidding and buying at Fine Wine Auction: bids, buyer’s premium, payment, collection and returns.',
    html: `<h2>Who we are</h2>
<p>Fine Wine Auction is a licensed Illinois wine retailer based in Chicago. These terms apply to every bid you place and every bottle you buy on this site. By registering you confirm that you are at least 21 years of age and that you accept them.</p>
<h2>Bidding</h2>
<ul>
<li>Every bid is a binding offer to buy the lot at that price. A bid cannot be withdrawn once placed.</li>
<li>When proxy bidding is on, you may enter a maximum bid; we bid for you, one increment at a time, only as far as needed to keep you in the lead.</li>
<li>A bid in the last minutes of a lot extends its close, so everyone has a fair chance to answer.</li>
</ul>
<h2>Buyer’s premium and taxes</h2>
<p>A buyer’s premium of 20% is added to the hammer price of every auction lot. Illinois and Cook County sales taxes are charged on the total unless you hold a valid resale certificate on file with us.</p>
<h2>Payment</h2>
<p>Invoices are sent when a lot closes and are due within seven days. We accept the cards saved in your account, your wallet balance and bank transfer. Title passes to you once the invoice is paid in full.</p>
<h2>Condition and provenance</h2>
<p>Every lot is inspected by our staff, and fill levels, labels and capsules are described as accurately as we can. Wine is a living product: we cannot guarantee how a bottle will taste, and older vintages carry a natural risk of variation.</p>
<h2>Returns</h2>
<p>If a lot does not match its description, tell us within 14 days of collection or delivery. We will arrange a return and refund the price, the premium and the taxes you paid.</p>`,
  },
  {
    id: 'terms_of_use',
    title: 'Terms of Use',
    meta: 'The rules for using the Fine Wine Auction website and your account.',
    html: `<h2>Using this site</h2>
<p>This website is operated by Fine Wine Auction, Chicago, Illinois. You may browse it freely; to bid or buy you need an account in your own name, and you must be 21 or older.</p>
<h2>Your account</h2>
<ul>
<li>Keep your password to yourself. You are responsible for the bids placed from your account.</li>
<li>Tell us at once if you think someone else has used it; we will lock it and help you recover it.</li>
<li>We may suspend an account that is used to disrupt auctions, to bid without the intention to pay, or against these terms.</li>
</ul>
<h2>Content</h2>
<p>Descriptions, tasting notes and photographs on this site are ours or used with permission. You may share links to them, but not copy them for commercial use.</p>
<h2>Changes</h2>
<p>We may update these terms from time to time. The version on this page is the one that applies; material changes are announced on the home page.</p>`,
  },
  {
    id: 'privacy_policy',
    title: 'Privacy & Accessibility',
    meta: 'How Fine Wine Auction uses your personal information, and how to reach us if you need help using the site.',
    html: `<h2>Privacy</h2>
<p>When you place an order we collect the information needed to complete it: your name, e-mail address, postal address and card details. Card numbers are passed to our payment processor and are never stored on our servers.</p>
<p>Like most sites, we record how visitors browse: pages viewed, searches made and the type of browser used. We use this only to improve the site and the selection of wines we offer.</p>
<ul>
<li>We do not sell, rent or trade your personal information to anyone.</li>
<li>Links to other websites are provided for convenience; their privacy practices are their own.</li>
<li>If this policy changes, the new version is posted on this page with its date.</li>
</ul>
<h2>Accessibility</h2>
<p>We want everyone to be able to use this site. If you have difficulty with any page, call us or send an e-mail with “Disabled Access” in the subject line, and a member of our team will help you place your bids or orders.</p>`,
  },
  {
    id: 'delivery',
    title: 'Delivery, Collection & Storage',
    meta: 'Collect your wine in Chicago, have it shipped in temperature-controlled transport, or store it with us.',
    html: `<h2>Collection</h2>
<p>Paid orders can be collected from our Chicago warehouse by appointment, Monday to Friday between 9:30 am and 5:30 pm. Book a time from your invoice and bring a photo ID; we check the age of everyone collecting wine.</p>
<h2>Delivery</h2>
<p>We ship to the states where the law allows us to, by temperature-controlled carrier during warm and freezing months. An adult signature is required on delivery.</p>
<ul>
<li>Chicago and suburbs: our own van, usually within five working days.</li>
<li>Other states: insured carrier, quoted at checkout by weight and destination.</li>
<li>Shipments wait for suitable weather when a heat wave or deep freeze is forecast.</li>
</ul>
<h2>Storage</h2>
<p>Not ready to take your wine home? We keep it in our bonded, temperature- and humidity-controlled cellar free of charge for 60 days after payment, and at a small monthly rate per case after that.</p>`,
  },
  {
    id: 'faq',
    title: 'Frequently Asked Questions',
    meta: 'Answers to the questions buyers ask most about bidding, paying and collecting wine.',
    html: `<h2>How do I bid?</h2>
<p>Register, verify your e-mail and add a card to your account. Then open any open lot, choose an amount and confirm your bid. You will see at once whether you are winning.</p>
<h2>What is the buyer’s premium?</h2>
<p>It is a charge of 20% added to the hammer price of auction lots. Buy-now prices already include everything but taxes and delivery.</p>
<h2>What happens if I am outbid?</h2>
<p>We tell you on the lot page and by e-mail if you have asked for it. You can bid again until the lot closes.</p>
<h2>When do I pay?</h2>
<p>Your invoice is issued when the lot closes and is due within seven days. Buy-now orders are paid at checkout.</p>
<h2>Can I see the wine before I bid?</h2>
<p>Yes. Call us to book a viewing at our Chicago warehouse; we are happy to show you any lot and its condition.</p>
<h2>Do you buy wine?</h2>
<p>We do. See <a href="/selling_wine">Selling Wine</a> for how we appraise and sell private collections.</p>`,
  },
];
