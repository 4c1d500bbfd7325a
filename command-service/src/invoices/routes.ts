import { actions, formatMoney, type MoneySettings, t } from '@wine/contracts';
import { invoiceStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceParties, refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { invoiceDecider } from './decide.ts';
import { dueOf, type Invoice, type IssuedInvoice } from './invoice.ts';
import { type InvoiceShareLinks, shareTokenHash } from './share-links.ts';

export interface InvoiceRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The money settings as they read now: the configured admin fee. */
  money: () => MoneySettings;
  links: InvoiceShareLinks;
}

/** The invoice, or the caller is told it is not there (an id tells nothing of whose it is). */
function issued(invoice: Invoice): IssuedInvoice {
  if (invoice.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  return invoice;
}

/** A line as it now stands, for the answer. */
function lineView(invoice: IssuedInvoice, invoiceId: string, lotId: string) {
  const certificate = invoice.certificates[lotId];
  return {
    invoice_id: invoiceId,
    product_id: lotId,
    certificate: certificate
      ? {
          reference: certificate.reference,
          issuer: certificate.issuer,
          issued_on: certificate.issuedOn,
          note: certificate.note,
        }
      : null,
    status: invoice.productStatus[lotId] ?? 'processing',
  };
}

/** A line's status in the caller's words. */
const statusText = {
  processing: 'orders.statusProcessing',
  ready: 'orders.statusReady',
  collected: 'orders.statusCollected',
  shipped: 'orders.statusShipped',
} as const;

const titleOf = (invoice: IssuedInvoice, lotId: string) =>
  invoice.issued.lines.find((l) => l.lotId === lotId)?.title ?? lotId;

/**
 * Issue 38 §2 "Cart and invoice variants": the owner's share of an invoice (seeds 001 public_invoice),
 * and what staff (and a line's seller) set on an invoice: the admin fee (buynow/updateAdminFee), a
 * line's certificate (buynow/updateOwnershipCertificate) and status (seeds 001 §4).
 */
export const invoiceRoutes: FastifyPluginAsync<InvoiceRouteDeps> = async (
  app,
  { streams, clock, auth, money, links },
) => {
  const load = (id: string) => streams.load(invoiceStream(id), invoiceDecider);

  // The owner's link: signed from the share the invoice records (the same link while it lasts).
  registerAction(app, actions.shareInvoice, auth, async ({ invoice_id }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const shareId = derivedId('S', invoice_id, ctx.commandId);
    await streams.handle(
      invoiceStream(invoice_id),
      invoiceDecider,
      {
        type: 'ShareInvoice',
        buyerId: session.user.id,
        shareId,
        tokenHash: shareTokenHash(links.tokenOf(invoice_id, shareId)),
      },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    const invoice = issued(await load(invoice_id));
    // A key sent again after its share was ended names that ended share: a new link is a new request.
    if (invoice.shareId === null) throw new AppError('COMMAND_ID_REUSED');
    // The share there is (this one, or one made before and not ended).
    const token = links.tokenOf(invoice_id, invoice.shareId);
    ctx.setMessage(t('orders.shared'));
    return { token, path: links.pathOf(token) };
  });

  registerAction(app, actions.revokeInvoiceShare, auth, async ({ invoice_id }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      invoiceStream(invoice_id),
      invoiceDecider,
      { type: 'RevokeShare', buyerId: session.user.id },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(t('orders.shareRevoked'));
    return null;
  });

  // Finance or an admin, never on an invoice they are a party to (DOMAIN.md "separation of duties").
  registerAction(app, actions.updateAdminFee, auth, async (input, ctx) => {
    const actor = auth.adminOf(ctx.request);
    const before = issued(await load(input.invoice_id));
    refuseOwnMoneyRecord(actor.id, invoiceParties(before.issued));
    const fee = input.fee ?? money().adminFee ?? 0;
    await streams.handle(
      invoiceStream(input.invoice_id),
      invoiceDecider,
      { type: 'SetAdminFee', fee, note: input.note, by: actor.id },
      commandContext(ctx, actor, clock.now()),
    );
    const after = issued(await load(input.invoice_id));
    const shown = after.issued.number ?? input.invoice_id;
    ctx.setMessage(
      fee > 0
        ? t('orders.adminFeeSet', { id: shown, amount: formatMoney(fee) })
        : t('orders.adminFeeRemoved', { id: shown }),
    );
    return {
      invoice_id: input.invoice_id,
      fee: after.amounts.adminFee ?? 0,
      total: after.amounts.total,
      due: dueOf(after),
    };
  });

  // An admin on any line; a seller on the lines of their own lots (others answer as not there).
  registerAction(app, actions.updateOwnershipCertificate, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const admin = session.user.roles.includes('admin');
    const sellerId = admin ? null : session.user.id;
    const by = session.user.id;
    const command =
      input.certificate === null
        ? { type: 'RemoveCertificate' as const, lotId: input.product_id, by, sellerId }
        : {
            type: 'AttachCertificate' as const,
            lotId: input.product_id,
            by,
            sellerId,
            certificate: {
              reference: input.certificate.reference,
              issuer: input.certificate.issuer,
              issuedOn: input.certificate.issued_on,
              note: input.certificate.note,
            },
          };
    await streams.handle(
      invoiceStream(input.invoice_id),
      invoiceDecider,
      command,
      commandContext(ctx, actorOf(session), clock.now()),
    );
    const invoice = issued(await load(input.invoice_id));
    const title = titleOf(invoice, input.product_id);
    ctx.setMessage(
      input.certificate === null
        ? t('orders.certificateRemoved', { title })
        : t('orders.certificateAttached', { title }),
    );
    return lineView(invoice, input.invoice_id, input.product_id);
  });

  registerAction(app, actions.changeInvoiceProductStatus, auth, async (input, ctx) => {
    const actor = auth.adminOf(ctx.request);
    await streams.handle(
      invoiceStream(input.invoice_id),
      invoiceDecider,
      { type: 'ChangeProductStatus', lotId: input.product_id, status: input.status, by: actor.id },
      commandContext(ctx, actor, clock.now()),
    );
    const invoice = issued(await load(input.invoice_id));
    const status = t(statusText[input.status]);
    ctx.setMessage(t('orders.productStatusChanged', { title: titleOf(invoice, input.product_id), status }));
    return lineView(invoice, input.invoice_id, input.product_id);
  });
};
