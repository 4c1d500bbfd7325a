import { actions, HOUSE_SELLER_ID, type SellerPayable, type SellerTerms } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { loadStatement } from '../seller-statements/read.ts';

/**
 * Issue 33 "Sellers": what finance may pay out now. Every seller with a line on a paid invoice has
 * their statement drawn up (the statement's own read and rule, so finance sees the nets the seller
 * sees), and those with lines payable now are listed with those lines.
 */
export const sellerPayoutQueries =
  (configured: SellerTerms): QueryPlugin =>
  async (app, { docs, clock, auth }) => {
    registerAction(app, actions.staffSellerPayables, auth.authorize, async () => {
      const paid = await docs
        .collection<InvoiceDocument>(INVOICES)
        .find({ status: 'paid' }, { projection: { 'items.seller_id': 1 } });
      const sellerIds = [
        ...new Set(paid.flatMap((invoice) => invoice.items.map((item) => item.seller_id))),
      ].filter((id) => id !== HOUSE_SELLER_ID);
      const statements = await Promise.all(sellerIds.map((id) => loadStatement(docs, clock, configured, id)));
      const sellers: SellerPayable[] = statements.flatMap((statement) => {
        const lines = statement.lines
          .filter((line) => line.status === 'payable')
          .map((line) => ({
            invoice_id: line.invoice_id,
            invoice_number: line.invoice_number,
            product_id: line.product_id,
            title: line.title,
            net: line.net,
            payable_on: line.payable_on,
          }));
        if (lines.length === 0) return [];
        return [
          {
            seller: statement.seller,
            lines,
            total: lines.reduce((sum, line) => sum + line.net, 0),
            preference: statement.preference,
          },
        ];
      });
      sellers.sort((a, b) => a.seller.name.localeCompare(b.seller.name));
      return { sellers };
    });
  };
