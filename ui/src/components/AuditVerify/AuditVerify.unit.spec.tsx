import { screen, waitFor, within } from '@testing-library/react';
import type { Role, VerifyJobStatus } from '@wine/contracts';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser.ts';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const as = (roles: Role[], api: Api = {}) =>
  renderApp('/audit', { storedToken: 'tok-1', api: { validateUser: () => aUser({ roles }), ...api } });

const job = (over: Partial<VerifyJobStatus> = {}): VerifyJobStatus => ({
  jobId: 'job-1',
  state: 'running',
  done: 0,
  total: 1000,
  events: 0,
  streams: 0,
  anchors: 0,
  problems: [],
  moreProblems: 0,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

/** A verification the server reports step by step: each status call answers the next one. */
function verification(steps: VerifyJobStatus[]) {
  let asked = 0;
  return {
    auditVerify: () => ({ jobId: 'job-1' }),
    auditVerifyStatus: () => steps[Math.min(asked++, steps.length - 1)] as VerifyJobStatus,
  } satisfies Api;
}

describe('/audit', () => {
  it('verifies the log with a progress bar that moves until the log is found intact', async () => {
    const { user } = await as(
      ['auditor'],
      verification([
        job({ done: 250, events: 250 }),
        job({ done: 700, events: 700 }),
        job({
          state: 'intact',
          done: 1000,
          events: 1000,
          streams: 40,
          anchors: 3,
          finishedAt: '2026-11-24T10:00:05.000Z',
        }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Verify the log' }));
    await screen.findByTestId('verify-progress');
    await waitFor(() =>
      expect(screen.getByTestId('verify-running').textContent).toContain('250 events checked (25%)'),
    );
    await waitFor(() => expect(screen.getByTestId('verify-running').textContent).toContain('(70%)'), {
      timeout: 3000,
    });
    const intact = await screen.findByTestId('verify-intact', {}, { timeout: 3000 });
    expect(intact.textContent).toContain('The log is intact');
    expect(intact.textContent).toContain('1000 events in 40 streams. Anchors that hold: 3.');
    const bar = screen.getByRole('progressbar', { name: 'Verified 1000 of 1000' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    await expectNoAxeViolations(document.body);
  });

  it('names what is wrong when the log was altered', async () => {
    const { user } = await as(
      ['auditor'],
      verification([
        job({
          state: 'broken',
          done: 1000,
          events: 998,
          problems: [
            {
              kind: 'log-chain-broken',
              streamName: 'lot-42',
              revision: 3,
              position: '00000000000000000517',
              eventId: 'e-517',
            },
            { kind: 'anchor-missing-from-log', anchorPosition: '00000000000000000900' },
          ],
        }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Verify the log' }));
    const broken = await screen.findByTestId('verify-broken');
    expect(within(broken).getByRole('alert').textContent).toContain('2 problems found in 998 events.');
    const rows = within(broken).getAllByTestId('verify-problem');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['log-chain-broken', 'anchor-missing-from-log']);
    expect(rows[0]?.textContent).toContain('lot-42');
    expect(rows[0]?.textContent).toContain('517');
    expect(rows[0]?.textContent).toContain('e-517');
    expect(rows[1]?.textContent).toContain('An anchor the auditors hold is not in the log');
    expect(rows[1]?.textContent).toContain('900');
  });

  it('downloads the anchors and the public key as JSON', async () => {
    const save = vi.spyOn(browser, 'saveBlob').mockImplementation(() => {});
    const exported = {
      anchors: [
        {
          position: '00000000000000000900',
          logHash: 'ab'.repeat(32),
          signedAt: '2026-11-24T10:00:00.000Z',
          algorithm: 'Ed25519' as const,
          keyFingerprint: 'cd'.repeat(32),
          signature: 'c2lnbmF0dXJl',
        },
      ],
      publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
    };
    const { user } = await as(['auditor'], { auditAnchors: () => exported });
    await user.click(await screen.findByRole('button', { name: 'Download the anchors (JSON)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0] as [Blob, string];
    expect(name).toBe('log-anchors.json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(exported);
  });

  it('shows another role that the page is for auditors, and asks nothing', async () => {
    const { api } = await as(['finance'], verification([job()]));
    expect((await screen.findByTestId('auditors-only')).textContent).toBe('Only an auditor can do this');
    expect(screen.queryByRole('button', { name: 'Verify the log' })).toBeNull();
    expect(api.to('auditVerify')).toHaveLength(0);
    expect(api.to('auditVerifyStatus')).toHaveLength(0);
  });
});
