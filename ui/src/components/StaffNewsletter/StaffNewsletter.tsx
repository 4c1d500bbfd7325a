import { Button, Card, Container, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call, callForMessage } from '../../api/client.ts';
import { invalidateAction, staffContactsQuery } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCsvExport } from '../../lib/use-csv-export.ts';
import { useListSearch } from '../../lib/use-list-search.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { Pager } from '../Pager/Pager.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';

export const contactStatuses = ['subscribed', 'unsubscribed', 'all'] as const;
const statusLabel = {
  all: 'ui.staff.newsletter.status_all',
  subscribed: 'ui.staff.newsletter.status_subscribed',
  unsubscribed: 'ui.staff.newsletter.status_unsubscribed',
} as const;

export interface StaffNewsletterView {
  q?: string | undefined;
  status: (typeof contactStatuses)[number];
  page: number;
}

const PAGE_SIZE = 25;

/**
 * /admin/newsletter (admins, issue 34 "Marketing contacts"): the addresses signed up in the footer,
 * found by e-mail, taken off the list after asking (`unsubscribeContact`), exported as CSV.
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
          w={190}
        />
      </Group>
      <QueryState query={list} label={t('ui.staff.newsletter.loading')} keepData error="alert">
        {(data) =>
          data.records.length === 0 ? (
            <Text c="dimmed">{t('ui.staff.newsletter.empty')}</Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('ui.staff.newsletter.count', { count: data.totalRecords })}
              </Text>
              {data.records.map((contact) => (
                <Card key={contact.email} withBorder padding="sm" data-testid="newsletter-contact">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {contact.email}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {contact.subscribed
                          ? t('ui.staff.newsletter.since', {
                              language: contact.language.toUpperCase(),
                              date: formatDateTime(contact.added_at),
                            })
                          : t('ui.staff.newsletter.off', {
                              date: formatDateTime(contact.unsubscribed_at ?? contact.added_at),
                            })}
                      </Text>
                    </div>
                    {contact.subscribed ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => unsubscribe(contact.email)}
                      >
                        {t('ui.staff.newsletter.unsubscribe')}
                      </Button>
                    ) : null}
                  </Group>
                </Card>
              ))}
              <Pager
                page={view.page}
                pageSize={PAGE_SIZE}
                totalRecords={data.totalRecords}
                onPage={(page) => onChange({ ...view, page })}
              />
            </Stack>
          )
        }
      </QueryState>
    </Container>
  );
}
