import {
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffEnquiry } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage } from '../../api/client.ts';
import { invalidateAction, staffEnquiriesQuery } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCsvExport } from '../../lib/use-csv-export.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { DialogFailure } from '../FormDialog/FormDialog.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { enquiryKinds, enquiryStatuses } from './enquiry-view.ts';

const kindLabel = {
  all: 'ui.staff.enquiries.kind_all',
  contact: 'ui.staff.enquiries.kind_contact',
  consignment: 'ui.staff.enquiries.kind_consignment',
} as const;
const statusLabel = {
  all: 'ui.staff.enquiries.status_all',
  open: 'ui.staff.enquiries.status_open',
  answered: 'ui.staff.enquiries.status_answered',
} as const;

export interface StaffEnquiriesView {
  kind: (typeof enquiryKinds)[number];
  status: (typeof enquiryStatuses)[number];
  page: number;
}

const PAGE_SIZE = 25;

/** The answer's dialog: the text, sent by mail to the visitor; the server's refusal stays in it. */
function AnswerDialog({ enquiry, onClose }: { enquiry: StaffEnquiry; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { message: said } = await callForMessage('answerEnquiry', { id: enquiry.id, message });
      pushAlert({ msg: said, type: 'success' });
      await invalidateAction(queryClient, 'staffEnquiries');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ui.staff.enquiries.answerTitle', { name: enquiry.name })}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {enquiry.message}
        </Text>
        <Textarea
          label={t('ui.staff.enquiries.answerLabel', { email: enquiry.email })}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          rows={6}
          maxLength={5000}
          data-autofocus
        />
        <DialogFailure message={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.common.cancel')}
          </Button>
          <Button loading={busy} disabled={!message.trim()} onClick={() => void send()}>
            {t('ui.staff.enquiries.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function EnquiryCard({ enquiry }: { enquiry: StaffEnquiry }) {
  const { t } = useTranslation();
  const [answering, setAnswering] = useState(false);
  return (
    <Card withBorder padding="md" component="article" data-testid="staff-enquiry">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Text fw={700}>{enquiry.about || t(kindLabel[enquiry.kind])}</Text>
          <Text size="sm">
            {enquiry.name} ·{' '}
            <Anchor href={`mailto:${enquiry.email}`} inherit>
              {enquiry.email}
            </Anchor>
            {enquiry.phone ? ` · ${enquiry.phone}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {t(kindLabel[enquiry.kind])} ·{' '}
            {t('ui.staff.enquiries.received', { date: formatDateTime(enquiry.received_at) })}
          </Text>
        </div>
        <Button size="xs" variant="light" onClick={() => setAnswering(true)}>
          {t('ui.staff.enquiries.answer')}
        </Button>
      </Group>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {enquiry.message}
      </Text>
      {enquiry.answers.map((answer) => (
        <Card key={answer.at} bg="gray.0" mt="xs" padding="xs" data-testid="enquiry-answer">
          <Text size="xs" c="dimmed">
            {t('ui.staff.enquiries.answeredBy', { date: formatDateTime(answer.at), name: answer.by })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {answer.message}
          </Text>
        </Card>
      ))}
      {answering ? <AnswerDialog enquiry={enquiry} onClose={() => setAnswering(false)} /> : null}
    </Card>
  );
}

/**
 * /admin/enquiries (admins, issue 34 "The day's work"): the messages of the contact and sell-your-wine
 * pages, newest first, by kind and by whether they were answered; each answered by e-mail from here
 * (the answers listed under it), and the list exported as CSV.
 */
export function StaffEnquiries({
  view,
  onChange,
}: {
  view: StaffEnquiriesView;
  onChange: (view: StaffEnquiriesView) => void;
}) {
  const { t } = useTranslation();
  const { exporting, exportCsv } = useCsvExport();
  const list = useQuery({
    ...staffEnquiriesQuery({ kind: view.kind, status: view.status, page: view.page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('ui.staff.enquiries.title')}</Title>
        <Button
          variant="default"
          loading={exporting}
          onClick={() =>
            void exportCsv(() => call('exportEnquiries', { kind: view.kind, status: view.status }))
          }
        >
          {t('ui.staff.enquiries.export')}
        </Button>
      </Group>
      <Group gap="md" mb="md" wrap="wrap">
        <Select
          label={t('ui.staff.enquiries.kind')}
          data={enquiryKinds.map((value) => ({ value, label: t(kindLabel[value]) }))}
          value={view.kind}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ ...view, kind: (value as StaffEnquiriesView['kind']) ?? 'all', page: 1 })
          }
          w={190}
        />
        <Select
          label={t('ui.staff.enquiries.status')}
          data={enquiryStatuses.map((value) => ({ value, label: t(statusLabel[value]) }))}
          value={view.status}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ ...view, status: (value as StaffEnquiriesView['status']) ?? 'all', page: 1 })
          }
          w={190}
        />
      </Group>
      <PagedRecords
        query={list}
        label={t('ui.staff.enquiries.loading')}
        empty={t('ui.staff.enquiries.empty')}
        count={(count) => t('ui.staff.enquiries.count', { count })}
        page={view.page}
        pageSize={PAGE_SIZE}
        onPage={(page) => onChange({ ...view, page })}
      >
        {(enquiries) => enquiries.map((enquiry) => <EnquiryCard key={enquiry.id} enquiry={enquiry} />)}
      </PagedRecords>
    </Container>
  );
}
