import { Badge, Button, Card, Container, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffContact } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call, callForMessage } from '../../api/client.ts';
import { invalidateAction, staffContactsQuery } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCsvExport } from '../../lib/use-csv-export.ts';
import { useListSearch } from '../../lib/use-list-search.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { PagedRecords } from '../Pager/PagedRecords.tsx';
import { contactStatuses } from './newsletter-view.ts';

const statusLabel = {
  all: 'ui.staff.newsletter.status_all',
  pending: 'ui.staff.newsletter.status_pending',
  subscribed: 'ui.staff.newsletter.status_subscribed',
  unsubscribed: 'ui.staff.newsletter.status_unsubscribed',
} as const;
const badge = {
  pending: { label: 'ui.staff.newsletter.badge_pending', color: 'blue' },
  subscribed: { label: 'ui.staff.newsletter.badge_subscribed', color: 'green' },
  unsubscribed: { label: 'ui.staff.newsletter.badge_unsubscribed', color: 'gray' },
} as const;

export interface StaffNewsletterView {
  q?: string | undefined;
  status: (typeof contactStatuses)[number];
  page: number;
}

const PAGE_SIZE = 25;

/**
 * /admin/newsletter (admins, issue 34 "Marketing contacts"): the addresses signed up in the footer,
 * pending until their owner opens the mailed link (double opt-in), then subscribed and sent on to the
 * marketing service (what went, or with the sandbox what would have gone); found by e-mail, taken off
 * the list after asking (`unsubscribeContact`), exported as CSV.
 */
export function StaffNewsletter({
  view,
  onChange,
}: {
  view: StaffNewsletterView;
  onChange: (view: StaffNewsletterView) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const { text, onText } = useListSearch(view, onChange);
  const { exporting, exportCsv } = useCsvExport();
  const list = useQuery({
    ...staffContactsQuery({
      status: view.status,
      page: view.page,
      limit: PAGE_SIZE,
      ...(view.q ? { text: view.q } : {}),
    }),
    placeholderData: keepPreviousData,
  });

  const unsubscribe = (email: string) =>
    confirmDialog({
      title: t('ui.staff.newsletter.unsubscribeTitle', { email }),
      children: <Text size="sm">{t('ui.staff.newsletter.unsubscribeBody')}</Text>,
      confirmLabel: t('ui.staff.newsletter.unsubscribe'),
      destructive: true,
      onConfirm: async () => {
        const { message } = await callForMessage('unsubscribeContact', { email });
        pushAlert({ msg: message, type: 'success' });
        await invalidateAction(queryClient, 'staffContacts');
      },
    });
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('ui.staff.newsletter.title')}</Title>
        <Button
          variant="default"
          loading={exporting}
          onClick={() =>
            void exportCsv(() =>
              call('exportContacts', { status: view.status, ...(view.q ? { text: view.q } : {}) }),
            )
          }
        >
          {t('ui.staff.newsletter.export')}
        </Button>
      </Group>
      <Group gap="md" mb="md" wrap="wrap" align="flex-end">
        <TextInput
          label={t('ui.staff.newsletter.search')}
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: '1 1 240px' }}
        />
        <Select
          label={t('ui.staff.newsletter.status')}
          data={contactStatuses.map((value) => ({ value, label: t(statusLabel[value]) }))}
          value={view.status}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ ...view, status: (value as StaffNewsletterView['status']) ?? 'subscribed', page: 1 })
          }
          w={220}
        />
      </Group>
      <PagedRecords
        query={list}
        label={t('ui.staff.newsletter.loading')}
        empty={t('ui.staff.newsletter.empty')}
        count={(count) => t('ui.staff.newsletter.count', { count })}
        page={view.page}
        pageSize={PAGE_SIZE}
        onPage={(page) => onChange({ ...view, page })}
        gap="xs"
      >
        {(contacts) =>
          contacts.map((contact) => (
            <Card key={contact.email} withBorder padding="sm" data-testid="newsletter-contact">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {contact.email}
                  </Text>
                  <ContactLines contact={contact} />
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light" color={badge[contact.status].color} data-testid="newsletter-status">
                    {t(badge[contact.status].label)}
                  </Badge>
                  {contact.status !== 'unsubscribed' ? (
                    <Button size="xs" variant="subtle" color="red" onClick={() => unsubscribe(contact.email)}>
                      {t('ui.staff.newsletter.unsubscribe')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Card>
          ))
        }
      </PagedRecords>
    </Container>
  );
}

/** Where a contact stands: signed up, confirmed or taken off (and by whom), and its delivery. */
function ContactLines({ contact }: { contact: StaffContact }) {
  const { t } = useTranslation();
  const language = contact.language.toUpperCase();
  const line = (text: string, testId?: string) => (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {text}
    </Text>
  );
  if (contact.status === 'pending')
    return line(t('ui.staff.newsletter.pendingSince', { language, date: formatDateTime(contact.added_at) }));
  if (contact.status === 'unsubscribed') {
    const date = formatDateTime(contact.unsubscribed_at ?? contact.added_at);
    return line(
      contact.unsubscribed_by === 'contact'
        ? t('ui.staff.newsletter.offByContact', { date })
        : contact.unsubscribed_by === 'staff'
          ? t('ui.staff.newsletter.offByStaff', { date })
          : t('ui.staff.newsletter.off', { date }),
    );
  }
  const sent = contact.sent_on;
  const what = sent
    ? [
        sent.user_type ? t('ui.staff.newsletter.userType', { value: sent.user_type }) : null,
        sent.tag ? t('ui.staff.newsletter.tag', { value: sent.tag }) : null,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <>
      {line(
        t('ui.staff.newsletter.confirmedSince', {
          language,
          date: formatDateTime(contact.confirmed_at ?? contact.added_at),
        }),
      )}
      {sent
        ? line(
            sent.service === 'sandbox'
              ? t('ui.staff.newsletter.sentOnSandbox', { date: formatDateTime(sent.at), what })
              : t('ui.staff.newsletter.sentOn', {
                  service: sent.service,
                  date: formatDateTime(sent.at),
                  what,
                }),
            'newsletter-sent-on',
          )
        : contact.send_failed
          ? line(
              t('ui.staff.newsletter.sendFailed', {
                reason: contact.send_failed.reason,
                attempt: contact.send_failed.attempt,
                date: formatDateTime(contact.send_failed.at),
              }),
              'newsletter-sent-on',
            )
          : line(t('ui.staff.newsletter.sendDue'), 'newsletter-sent-on')}
    </>
  );
}
