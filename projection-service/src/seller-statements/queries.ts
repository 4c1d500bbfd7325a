import { actions, type SellerTerms, sellerStatementCsvPath, sellerStatementPdfPath } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyRequest } from 'fastify';
import type { QueryPlugin } from '../core/queries.ts';
import { statementCsv, statementFilename } from './csv.ts';
import { renderStatementPdf } from './pdf.ts';
import { loadStatement } from './read.ts';

/**
 * Issue 33 "Sellers": the seller's settlement statement (seeds `seller/user/invoice: invoice`), as data
 * for /myWines/sold, as a PDF and as CSV. The seller is always the caller, from the session: no one
 * reads another seller's statement, whatever the request says. `configured` is the terms of the day
 * (configuration), for lots whose approval recorded none.
 */
export const sellerStatementQueries =
  (configured: SellerTerms): QueryPlugin =>
  async (app, { docs, clock, auth, settings }) => {
    const { authorize, viewerOf } = auth;
    const statementOf = (request: FastifyRequest) =>
      loadStatement(docs, clock, configured, viewerOf(request) as string);
    // The downloads are GETs (links the browser saves) with the same bearer and role check as the
    // action, made before anything is read, as the invoice PDF's.
    const sellerOnly = {
      preHandler: (request: FastifyRequest) => authorize(request, actions.sellerStatement),
    };

    registerAction(app, actions.sellerStatement, authorize, async (_input, { request }) =>
      statementOf(request),
    );

    app.get(sellerStatementPdfPath, sellerOnly, async (request, reply) => {
      const statement = await statementOf(request);
      const pdf = await renderStatementPdf(statement, (await settings()).merchant);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${statementFilename(statement, 'pdf')}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    app.get(sellerStatementCsvPath, sellerOnly, async (request, reply) => {
      const statement = await statementOf(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFilename(statement, 'csv')}"`)
        .header('cache-control', 'private, no-store')
        .send(statementCsv(statement));
    });
  };
