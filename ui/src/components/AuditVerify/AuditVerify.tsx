import { Alert, Button, Card, Container, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { VerifyJobStatus, VerifyProblem, VerifyProblemKind } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { LedgerCheckPanel } from '../LedgerCheck/LedgerCheck.tsx';
import { canVerifyLog, percentDone, VERIFY_POLL_MS } from './audit-verify.ts';

/** What each kind of problem reads as (the UI branches on the kind, never on wording). */
export const problemTexts = {
  altered: 'ui.auditVerify.kinds.altered',
  'stream-chain-broken': 'ui.auditVerify.kinds.streamChainBroken',
  'revision-out-of-order': 'ui.auditVerify.kinds.revisionOutOfOrder',
  'log-chain-broken': 'ui.auditVerify.kinds.logChainBroken',
  'log-hash-missing': 'ui.auditVerify.kinds.logHashMissing',
  'anchor-malformed': 'ui.auditVerify.kinds.anchorMalformed',
  'anchor-signature-invalid': 'ui.auditVerify.kinds.anchorSignatureInvalid',
  'anchor-key-unknown': 'ui.auditVerify.kinds.anchorKeyUnknown',
  'anchor-mismatch': 'ui.auditVerify.kinds.anchorMismatch',
  'anchor-position-missing': 'ui.auditVerify.kinds.anchorPositionMissing',
  'anchor-missing-from-log': 'ui.auditVerify.kinds.anchorMissingFromLog',
} as const satisfies Record<VerifyProblemKind, string>;

/**
 * /audit (DOMAIN.md "Audit"): the auditor verifies the whole log (per-stream chains, the global
 * chain, the signed anchors) with a progress bar, reads what is wrong if anything is, checks the
 * payment ledger against the invoices (issue 35 §1; finance on the payments report), and takes the
 * anchors and the public key away as a JSON file.
 */
export function AuditVerify() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('ui.auditVerify.title')}
      </Title>
      {user && canVerifyLog(user) ? (
        <Stack gap="lg">
          <VerifyPanel />
          <LedgerCheckPanel />
          <AnchorsDownload />
          <Card withBorder>
            <Text size="sm">
              {t('ui.auditVerify.historiesHint')}{' '}
              <AnchorLink to="/audit/settings">{t('ui.auditHistory.settingsTitle')}</AnchorLink>
            </Text>
          </Card>
        </Stack>
      ) : (
        <Alert color="gray" data-testid="auditors-only">
          {t('role.auditor')}
        </Alert>
      )}
    </Container>
  );
}

/** The "Verify the log" button, the job's progress (polled while it runs) and its result. */
export function VerifyPanel() {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => call('auditVerify', {}),
    onSuccess: (started) => setJobId(started.jobId),
  });
  const status = useQuery({
    queryKey: ['auditVerifyStatus', jobId] as const,
    queryFn: ({ signal }) => call('auditVerifyStatus', { jobId: jobId as string }, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? VERIFY_POLL_MS : false),
    retry: false,
  });
  const job = jobId !== null && status.data?.jobId === jobId ? status.data : undefined;
  const running = start.isPending || job?.state === 'running' || (jobId !== null && !job && !status.isError);
  return (
    <Card component="section" withBorder aria-labelledby="verify-title">
      <Title order={2} fz="lg" id="verify-title" mb="xs">
        {t('ui.auditVerify.verifyTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('ui.auditVerify.verifyHint')}
      </Text>
      <Group mb="md">
        <Button onClick={() => start.mutate()} loading={running} data-testid="verify-log">
          {t('ui.auditVerify.verify')}
        </Button>
      </Group>
      {job && (
        <Progress.Root size="lg" mb="md">
          <Progress.Section
            value={percentDone(job)}
            animated={job.state === 'running'}
            color={job.state === 'broken' || job.state === 'failed' ? 'red' : undefined}
            aria-label={t('ui.auditVerify.progress', { done: job.done, total: job.total })}
            data-testid="verify-progress"
          />
        </Progress.Root>
      )}
      {job?.state === 'running' && (
        <Text size="sm" data-testid="verify-running">
          {t('ui.auditVerify.running', { events: job.events, percent: Math.floor(percentDone(job)) })}
        </Text>
      )}
      {job && job.state !== 'running' && <VerifyResult job={job} />}
      {(start.isError || status.isError) && (
        <Alert color="red" role="alert" data-testid="verify-error">
          {errorMessage(start.error ?? status.error)}
        </Alert>
      )}
    </Card>
  );
}

function VerifyResult({ job }: { job: VerifyJobStatus }) {
  const { t } = useTranslation();
  if (job.state === 'failed') {
    return (
      <Alert color="red" role="alert" data-testid="verify-failed">
        {t('ui.auditVerify.failed')}
      </Alert>
    );
  }
  if (job.state === 'intact') {
    return (
      <Alert color="green" data-testid="verify-intact" title={t('ui.auditVerify.intact')}>
        {t('ui.auditVerify.intactDetail', { events: job.events, streams: job.streams, anchors: job.anchors })}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="verify-broken">
      <Alert color="red" role="alert" title={t('ui.auditVerify.broken')}>
        {t('ui.auditVerify.brokenDetail', {
          count: job.problems.length + job.moreProblems,
          events: job.events,
        })}
      </Alert>
      <Table.ScrollContainer minWidth={720}>
        <Table striped data-testid="verify-problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ui.auditVerify.problem')}</Table.Th>
              <Table.Th>{t('ui.auditVerify.stream')}</Table.Th>
              <Table.Th ta="right">{t('ui.auditVerify.revision')}</Table.Th>
              <Table.Th ta="right">{t('ui.auditVerify.position')}</Table.Th>
              <Table.Th>{t('ui.auditVerify.eventId')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.problems.map((p) => (
              <ProblemRow
                key={`${p.kind}-${p.position ?? p.anchorPosition}-${p.eventId ?? ''}`}
                problem={p}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {job.moreProblems > 0 && (
        <Text size="sm">{t('ui.auditVerify.moreProblems', { count: job.moreProblems })}</Text>
      )}
    </Stack>
  );
}

const trimPosition = (position: string | undefined) => position?.replace(/^0+(?=\d)/, '') ?? '';

function ProblemRow({ problem }: { problem: VerifyProblem }) {
  const { t } = useTranslation();
  const anchor = problem.anchorPosition !== undefined;
  return (
    <Table.Tr data-testid="verify-problem" data-kind={problem.kind}>
      <Table.Td>{t(problemTexts[problem.kind])}</Table.Td>
      <Table.Td>{anchor ? t('ui.auditVerify.anchor') : problem.streamName}</Table.Td>
      <Table.Td ta="right">{problem.revision ?? ''}</Table.Td>
      <Table.Td ta="right">{trimPosition(anchor ? problem.anchorPosition : problem.position)}</Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace">
          {problem.eventId ?? ''}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Every anchor of the log with the public key, as a JSON file the auditor keeps. */
function AnchorsDownload() {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const anchors = await call('auditAnchors', {});
      const blob = new Blob([`${JSON.stringify(anchors, null, 2)}\n`], {
        type: 'application/json;charset=utf-8',
      });
      browser.saveBlob(blob, 'log-anchors.json');
    } catch (error) {
      // seeds 001 §8: an export that fails says 'Something went wrong!' (or the server's message).
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card component="section" withBorder aria-labelledby="anchors-title">
      <Title order={2} fz="lg" id="anchors-title" mb="xs">
        {t('ui.auditVerify.anchorsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('ui.auditVerify.anchorsHint')}
      </Text>
      <Group>
        <Button variant="light" loading={busy} onClick={() => void download()} data-testid="download-anchors">
          {t('ui.auditVerify.downloadAnchors')}
        </Button>
      </Group>
    </Card>
  );
}
