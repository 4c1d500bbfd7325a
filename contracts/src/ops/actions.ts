import { action, NoInput } from '../action.ts';
import { ProjectionInput, ReplayStreamInput, SkipEventInput } from './inputs.ts';
import { OpsStatus, ReplayStreamResult } from './views.ts';

/**
 * Support's control of the read side (issue 12 "Support"). Every one is served by the
 * projection-service, the process that runs the projections, so all are on its side for the gateway;
 * a skip is still recorded as an event in the log (ProjectionEventSkipped), naming who and why.
 */
export const opsActions = {
  opsStatus: action({
    path: '/api/ops/status',
    side: 'query',
    auth: ['support', 'admin'],
    input: NoInput,
    output: OpsStatus,
  }),
  opsRetry: action({
    path: '/api/ops/retry',
    side: 'query',
    auth: ['support', 'admin'],
    input: ProjectionInput,
    output: OpsStatus,
  }),
  opsSkip: action({
    path: '/api/ops/skip',
    side: 'query',
    auth: ['support', 'admin'],
    input: SkipEventInput,
    output: OpsStatus,
  }),
  opsRebuild: action({
    path: '/api/ops/rebuild',
    side: 'query',
    auth: ['support', 'admin'],
    input: ProjectionInput,
    output: OpsStatus,
  }),
  opsReplayStream: action({
    path: '/api/ops/replayStream',
    side: 'query',
    auth: ['support', 'admin'],
    input: ReplayStreamInput,
    output: ReplayStreamResult,
  }),
} as const;
