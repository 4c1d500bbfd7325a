import type { KeyObject } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import type { VerifyJobStatus } from '@wine/contracts';
import type { Clock, EventStore, Logger } from '@wine/platform';
import { AppError } from '@wine/platform';
import { verifyLog } from './verify-log.ts';

export interface VerifyJobs {
  /** Starts a verification of the log, or answers the one running (one at a time per server). */
  start(): string;
  status(jobId: string): VerifyJobStatus;
}

/**
 * Verification from the audit page: a job that runs `verifyLog` in the background and keeps its
 * progress and result, which the page polls. The latest job is kept until the next one starts.
 */
export function verifyJobs(deps: {
  store: EventStore;
  clock: Clock;
  publicKey: KeyObject | null;
  /** The last anchor written, kept outside the log (anchor-process.ts). */
  witnessFile?: string | undefined;
  logger: Logger;
}): VerifyJobs {
  let job: VerifyJobStatus | null = null;

  function run(current: VerifyJobStatus) {
    verifyLog(deps.store, {
      publicKey: deps.publicKey,
      witnessFile: deps.witnessFile,
      onProgress: (p) => {
        current.done = p.done;
        current.total = p.total;
        current.events = p.events;
      },
    })
      .then((result) => {
        Object.assign(current, {
          state: result.problems.length === 0 ? 'intact' : 'broken',
          events: result.events,
          streams: result.streams,
          anchors: deps.publicKey ? result.anchorsVerified : result.anchorsInLog,
          problems: result.problems,
          moreProblems: result.moreProblems,
          finishedAt: deps.clock.now().toISOString(),
        });
      })
      .catch((err: unknown) => {
        deps.logger.error({ err, jobId: current.jobId }, 'a verification of the log failed');
        Object.assign(current, { state: 'failed', finishedAt: deps.clock.now().toISOString() });
      });
  }

  return {
    start() {
      if (job?.state === 'running') return job.jobId;
      const current: VerifyJobStatus = {
        jobId: randomUUID(),
        state: 'running',
        done: 0,
        total: 0,
        events: 0,
        streams: 0,
        anchors: 0,
        problems: [],
        moreProblems: 0,
        startedAt: deps.clock.now().toISOString(),
        finishedAt: null,
      };
      job = current;
      run(current);
      return current.jobId;
    },
    status(jobId) {
      if (!job || job.jobId !== jobId) throw new AppError('NOT_FOUND');
      return { ...job, problems: [...job.problems] };
    },
  };
}
