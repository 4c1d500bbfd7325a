import { Badge, Button, Card, Container, Group, Image, Text, Title } from '@mantine/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { BANNER_IMAGE_PATH, type PublishBannerInput, type StaffBanner } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, staffBannersQuery } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { TableSkeleton } from '../Skeletons/Skeletons.tsx';
import { BannerDialog, type BannerValues } from './BannerDialog.tsx';
import { ContentTable } from './ContentTable.tsx';
import { ContentTabs } from './ContentTabs.tsx';

/** After a banner changed: the staff's list and the home page's bundle ask again. */
const refreshBanners = (queryClient: QueryClient) =>
  Promise.all([invalidateAction(queryClient, 'staffBanners'), invalidateAction(queryClient, 'getDefault')]);

const valuesOf = (banner: StaffBanner): BannerValues => ({
  id: banner.id,
  title: banner.title,
  subtitle: banner.subtitle,
  image: banner.image,
  link: banner.link ?? '',
  link_label: banner.link_label,
  sort_order: banner.sort_order,
});

/**
 * /admin/banners (admins, issue 34 §2 "Content"): every home banner, active or not, in its order, with
 * its image; a new one, an edit (each published at once), publishing again one taken off, taking one off.
 */
export function StaffBanners() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const list = useQuery(staffBannersQuery());
  const [editing, setEditing] = useState<StaffBanner | 'new' | null>(null);

  const publish = async (input: PublishBannerInput) => {
    const { message } = await callForMessage('publishBanner', input);
    pushAlert({ msg: messageOr(message, t('ui.content.banners.publishedDone')), type: 'success' });
    await refreshBanners(queryClient);
  };

  const deactivate = (banner: StaffBanner) =>
    confirmDialog({
      title: t('ui.content.banners.deactivateTitle', { title: banner.title }),
      children: <Text size="sm">{t('ui.content.banners.deactivateBody')}</Text>,
      confirmLabel: t('ui.content.banners.deactivate'),
      destructive: true,
      confirmTestId: 'confirm-deactivate-banner',
      onConfirm: async () => {
        const { message } = await callForMessage('deactivateBanner', { id: banner.id });
        pushAlert({ msg: messageOr(message, t('ui.content.banners.deactivated')), type: 'success' });
        await refreshBanners(queryClient);
      },
    });

  const actionsOf = (banner: StaffBanner) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => setEditing(banner)}
        aria-label={t('ui.content.banners.editLabel', { title: banner.title })}
        data-testid="banner-edit"
      >
        {t('ui.content.banners.edit')}
      </Button>
      {banner.active ? (
        <Button
          size="xs"
          variant="default"
          c="red.9"
          onClick={() => deactivate(banner)}
          aria-label={t('ui.content.banners.deactivateLabel', { title: banner.title })}
          data-testid="banner-deactivate"
        >
          {t('ui.content.banners.deactivate')}
        </Button>
      ) : (
        <Button
          size="xs"
          onClick={() => void publish({ ...valuesOf(banner), link: banner.link })}
          aria-label={t('ui.content.banners.publishLabel', { title: banner.title })}
          data-testid="banner-republish"
        >
          {t('ui.content.banners.publish')}
        </Button>
      )}
    </Group>
  );

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="center" mb="md">
        <Title order={1}>{t('ui.content.banners.title')}</Title>
        <Button onClick={() => setEditing('new')} data-testid="banner-new">
          {t('ui.content.banners.add')}
        </Button>
      </Group>
      <ContentTabs current="banners" />
      <QueryState
        query={list}
        loader={<TableSkeleton label={t('ui.content.banners.loading')} testId="staff-banners-skeleton" />}
        error="alert"
      >
        {(data) =>
          data.records.length === 0 ? (
            <Text c="dimmed" data-testid="staff-banners-empty">
              {t('ui.content.banners.empty')}
            </Text>
          ) : (
            <>
              <Text c="dimmed" size="sm" mb="sm">
                {t('ui.content.banners.count', { count: data.totalRecords })}
              </Text>
              <ContentTable
                records={data.records}
                keyOf={(banner) => banner.id}
                columns={[
                  t('ui.content.banners.image'),
                  t('ui.content.banners.name'),
                  t('ui.content.banners.order'),
                  t('ui.content.banners.status'),
                  t('ui.content.banners.link'),
                  t('ui.content.banners.published'),
                  t('ui.content.banners.actions'),
                ]}
                cells={(banner) => [
                  banner.image ? (
                    <BannerThumb key="image" banner={banner} height={56} />
                  ) : (
                    <Text key="image" size="sm" c="dimmed">
                      {t('ui.content.banners.noImage')}
                    </Text>
                  ),
                  <div key="title">
                    <Text fw={600}>{banner.title}</Text>
                    {banner.subtitle ? (
                      <Text size="sm" c="dimmed">
                        {banner.subtitle}
                      </Text>
                    ) : null}
                  </div>,
                  banner.sort_order,
                  <ActiveBadge key="status" banner={banner} />,
                  banner.link ? `${banner.link_label || banner.link} (${banner.link})` : '—',
                  formatDateTime(banner.published_at),
                  actionsOf(banner),
                ]}
                card={(banner) => (
                  <Card withBorder padding="sm" data-testid="staff-banner-card">
                    {banner.image ? (
                      <Card.Section mb="xs">
                        <BannerThumb banner={banner} height={120} />
                      </Card.Section>
                    ) : null}
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {banner.title}
                      </Text>
                      <ActiveBadge banner={banner} />
                    </Group>
                    <Text size="sm" c="dimmed" mb="xs">
                      {t('ui.content.banners.orderShort', { order: banner.sort_order })} ·{' '}
                      {formatDateTime(banner.published_at)}
                    </Text>
                    {actionsOf(banner)}
                  </Card>
                )}
                minWidth={860}
                testId="staff-banners"
                rowTestId="staff-banner-row"
              />
            </>
          )
        }
      </QueryState>
      {editing ? (
        <BannerDialog
          {...(editing === 'new' ? {} : { banner: valuesOf(editing) })}
          onClose={() => setEditing(null)}
          onSubmit={publish}
        />
      ) : null}
    </Container>
  );
}

function BannerThumb({ banner, height }: { banner: StaffBanner; height: number }) {
  return (
    <Image
      src={`${BANNER_IMAGE_PATH}${encodeURIComponent(banner.image ?? '')}`}
      alt=""
      h={height}
      fit="cover"
      radius="sm"
      data-testid="staff-banner-image"
    />
  );
}

function ActiveBadge({ banner }: { banner: StaffBanner }) {
  const { t } = useTranslation();
  return banner.active ? (
    <Badge color="green" variant="light" data-testid="banner-status">
      {t('ui.content.banners.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" data-testid="banner-status">
      {t('ui.content.banners.inactive')}
    </Badge>
  );
}
