import type { KeyObject } from 'node:crypto';
import { actions } from '@wine/contracts';
import { type Clock, type EventStore, type Logger, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { checkLedger } from '../payments/ledger-check.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { readAnchors } from './anchor-export.ts';
import { verifyJobs } from './verify-job.ts';

export interface AuditVerifyRouteDeps {
  store: EventStore;
  clock: Clock;
  logger: Logger;
  auth: SessionAuth;
  /** The anchoring key's public half; null when this server signs no anchors. */
  publicKey: KeyObject | null;
  /** The last anchor written, kept outside the log (anchor-process.ts). */
  witnessFile?: string | undefined;
}

/** The auditor's actions on the log's integrity (DOMAIN.md "Audit"): verify it, take the anchors away. */
export const auditVerifyRoutes: FastifyPluginAsync<AuditVerifyRouteDeps> = async (app, deps) => {
  const { auth, publicKey } = deps;
  const jobs = verifyJobs(deps);
  const publicKeyPem = publicKey?.export({ type: 'spki', format: 'pem' }).toString() ?? null;

  registerAction(app, actions.auditAnchors, auth, async () => ({
    anchors: await readAnchors(deps.store),
    publicKey: publicKeyPem,
  }));
  registerAction(app, actions.auditVerify, auth, async () => ({ jobId: jobs.start() }));
  registerAction(app, actions.auditVerifyStatus, auth, async ({ jobId }) => jobs.status(jobId));
  registerAction(app, actions.paymentLedgerCheck, auth, async () => {
    const books = await checkLedger(deps.store);
    const held = Object.entries(books.held)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([provider, amount]) => ({ provider, amount }));
    return { ...books, held };
  });
};
