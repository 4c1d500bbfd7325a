import { formatMoney, type SellerTerms } from '@wine/contracts';
import { agreementStream, lotStream, userStream } from '@wine/event-schemas';
import {
  AppError,
  type Clock,
  type DocumentEvent,
  type DocumentService,
  DocumentServiceError,
  type Logger,
  type SandboxDocuments,
} from '@wine/platform';
import type { RequestContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { lotDecider } from '../lots/decide.ts';
import { userDecider } from '../users/decide.ts';
import { hasRole } from '../users/roles/decide.ts';
import type { Session } from '../users/user-service.ts';
import { type Agreement, agreementDecider } from './agreement.ts';

export interface AgreementDeps {
  streams: Streams;
  clock: Clock;
  documents: DocumentService;
  terms: SellerTerms;
  /** The house's consignment template in the documents service. */
  templateId: string;
  logger: Logger;
}

/** How long an admin's request waits for the service to make the draft before answering. */
const DRAFT_WAIT_MS = 20_000;

const isSandbox = (documents: DocumentService): documents is SandboxDocuments =>
  documents.name === 'sandbox' && 'signSession' in documents;

/**
 * Consignment agreements (issue 35 §4; seeds 001 §7 user/third_party/pandadoc): made by the documents
 * service from the house's template with the seller's and the lots' data, waited for (the service
 * makes documents asynchronously), sent for signing in the product (no e-mail from the service), and
 * signed by the seller in an embedded session; every status the service reports is on the log.
 */
export function agreementService(deps: AgreementDeps) {
  const { streams, clock, documents } = deps;
  const load = (id: string) => streams.load(agreementStream(id), agreementDecider);
  const context = (
    request: RequestContext,
    name: string,
    actor: Parameters<Streams['handle']>[3]['actor'],
  ) => ({
    commandId: `${request.commandId}:${name}`,
    correlationId: request.correlationId,
    actor,
    now: clock.now(),
  });
  const unavailable = (error: unknown): never => {
    if (error instanceof DocumentServiceError) {
      deps.logger.warn(
        { reason: error.reason, status: error.httpStatus },
        'the documents service refused or failed',
      );
      throw new AppError('DOCUMENTS_UNAVAILABLE');
    }
    throw error;
  };

  /** Waits for the draft and sends it, once; a service that is slow leaves it to the next try. */
  async function sendWhenDrafted(
    agreement: Exclude<Agreement, { status: 'none' }>,
    request: RequestContext,
    actor: Parameters<Streams['handle']>[3]['actor'],
  ) {
    if (agreement.sent) return agreement.status;
    const { providerDocumentId, agreementId } = agreement.requested;
    try {
      await documents.waitForDraft(providerDocumentId, { timeoutMs: DRAFT_WAIT_MS });
      await documents.send(providerDocumentId, { silent: true });
    } catch (error) {
      unavailable(error);
    }
    await streams.handle(
      agreementStream(agreementId),
      agreementDecider,
      { type: 'MarkAgreementSent' },
      context(request, 'sent', actor),
    );
    const after = await load(agreementId);
    return after.status === 'none' ? 'sent' : after.status;
  }

  /** The service's status changes, each once (by its event id), on the agreement they name. */
  async function apply(events: readonly DocumentEvent[]) {
    for (const event of events) {
      const agreementId = event.metadata.agreement;
      if (!agreementId) continue;
      const id = derivedId('DE', documents.name, event.eventId);
      try {
        await streams.handle(
          agreementStream(agreementId),
          agreementDecider,
          { type: 'ChangeAgreementStatus', status: event.status, eventId: event.eventId },
          {
            commandId: id,
            correlationId: id,
            actor: { kind: 'system', id: `documents-${documents.name}` },
            now: clock.now(),
          },
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'AGREEMENT_NOT_FOUND') {
          deps.logger.warn({ eventId: event.eventId }, 'a documents event for no agreement we keep');
          continue;
        }
        throw error;
      }
    }
  }

  // The sandbox "posts" its signed webhooks in-process, read as PandaDoc's are.
  if (isSandbox(documents)) {
    documents.webhooks(({ payload, signature }) => apply(documents.readEvent(payload, signature)));
  }

  return {
    apply,

    async create(
      adminId: string,
      input: { seller_id: string; lot_ids: string[] },
      request: RequestContext,
    ): Promise<{ id: string; status: Exclude<Agreement['status'], 'none'>; sellerName: string }> {
      const actor = { kind: 'admin' as const, id: adminId };
      const agreementId = derivedId('AG', request.commandId);
      const existing = await load(agreementId);
      if (existing.status !== 'none') {
        const status = await sendWhenDrafted(existing, request, actor);
        return { id: agreementId, status, sellerName: existing.requested.sellerName };
      }
      const seller = await streams.load(userStream(input.seller_id), userDecider);
      if (!seller.email) throw new AppError('USER_NOT_FOUND', { field: 'seller_id' });
      if (!hasRole(seller, 'seller')) throw new AppError('AGREEMENT_NOT_SELLER');
      const lotIds = [...new Set(input.lot_ids)];
      const titles: string[] = [];
      for (const lotId of lotIds) {
        const lot = await streams.load(lotStream(lotId), lotDecider);
        if (lot.status === 'empty' || lot.lot.sellerId !== seller.id)
          throw new AppError('LOT_NOT_FOUND', { field: 'lot_ids' });
        titles.push(lot.lot.title);
      }
      const sellerName = `${seller.firstName} ${seller.lastName}`.trim() || seller.email;
      const name = `Consignment agreement: ${sellerName}`.slice(0, 200);
      let made: Awaited<ReturnType<DocumentService['create']>>;
      try {
        made = await documents.create({
          templateId: deps.templateId,
          name,
          recipients: [
            { email: seller.email, firstName: seller.firstName, lastName: seller.lastName, role: 'Seller' },
          ],
          tokens: {
            'Seller.Name': sellerName,
            'Seller.Email': seller.email,
            'House.Commission': `${deps.terms.commissionPercent}%`,
            'House.LotFee': formatMoney(deps.terms.lotFee),
            'House.PayoutDays': String(deps.terms.payoutDays),
            Lots: titles.join('; ') || 'As listed from time to time',
          },
          metadata: { agreement: agreementId, seller: seller.id },
          idempotencyKey: agreementId,
        });
      } catch (error) {
        return unavailable(error);
      }
      await streams.handle(
        agreementStream(agreementId),
        agreementDecider,
        {
          type: 'RequestAgreement',
          data: {
            agreementId,
            kind: 'consignment',
            sellerId: seller.id,
            sellerEmail: seller.email,
            sellerName,
            lotIds,
            provider: documents.name,
            providerDocumentId: made.documentId,
            templateId: deps.templateId,
            name,
          },
        },
        context(request, 'request', actor),
      );
      const requested = await load(agreementId);
      if (requested.status === 'none') throw new AppError('AGREEMENT_NOT_FOUND');
      return { id: agreementId, status: await sendWhenDrafted(requested, request, actor), sellerName };
    },

    /** The seller's own agreement, open for signing: an embedded session for them alone. */
    async session(session: Session, agreementId: string) {
      const agreement = await load(agreementId);
      if (agreement.status === 'none' || agreement.requested.sellerId !== session.user.id) {
        throw new AppError('AGREEMENT_NOT_FOUND');
      }
      if (agreement.status !== 'sent' && agreement.status !== 'viewed')
        throw new AppError('AGREEMENT_NOT_OPEN');
      try {
        const link = await documents.sessionLink(
          agreement.requested.providerDocumentId,
          agreement.requested.sellerEmail,
          3600,
        );
        return { session_id: link.sessionId, url: link.url, expires_at: link.expiresAt ?? null };
      } catch (error) {
        return unavailable(error);
      }
    },

    /** The sandbox's signing page: only the session's own recipient signs. */
    async sandboxSign(session: Session, sessionId: string) {
      if (!isSandbox(documents)) throw new AppError('NO_ACTION');
      const opened = documents.session(sessionId);
      if (!opened || opened.email.toLowerCase() !== session.user.email.toLowerCase()) {
        throw new AppError('AGREEMENT_NOT_FOUND', { field: 'session_id' });
      }
      await documents.signSession(sessionId);
    },
  };
}

export type AgreementService = ReturnType<typeof agreementService>;
