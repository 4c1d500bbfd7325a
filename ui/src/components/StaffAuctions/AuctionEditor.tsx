import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  CreateAuctionInput,
  type InputOf,
  type StaffAuctionDetail,
  UpdateAuctionInput,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useDefaultBundle } from '../../state/defaults.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { AuctionLots } from './AuctionLots.tsx';
import {
  type AuctionFormValues,
  auctionFormValues,
  createAuctionInput,
  emptyAuction,
  updateAuctionInput,
} from './auction-form.ts';
import { AuctionStatusBadge, kindLabel } from './StaffAuctions.tsx';

type AuctionInput = InputOf<'createAuction'> | InputOf<'updateAuction'>;

const formFields: FieldPath<AuctionFormValues>[] = [
  'title',
  'kind',
  'description',
  'startsAt',
  'firstCloseAt',
  'lotsPerMinute',
  'locationId',
  'premiumText',
];

/**
 * /admin/auctions/new and /admin/auctions/:id (admins, issue 33): an auction's title, kind, dates,
 * pace, location and premium text, checked with the action's schema; once it has opened its dates and
 * pace are fixed (the server refuses with AUCTION_STARTED). An existing auction shows its lots below.
 */
export function AuctionEditor({ auction, now }: { auction?: StaffAuctionDetail; now: Date }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const bundle = useDefaultBundle();
  const locations =
    bundle.state === 'hasData'
      ? bundle.data.locations.map((l) => ({ value: String(l.id), label: l.name }))
      : [];
  const pace = bundle.state === 'hasData' ? bundle.data.configuration?.lots_per_minute : undefined;
  const before = useMemo(
    () => (auction ? auctionFormValues(auction.fields) : emptyAuction(now, pace)),
    [auction, now, pace],
  );
  const opened = Boolean(auction && Date.parse(auction.fields.startsAt) <= now.getTime());
  const form = useForm<AuctionFormValues, unknown, AuctionInput>({
    defaultValues: before,
    resolver: (auction
      ? contractResolver(UpdateAuctionInput, (v: AuctionFormValues) =>
          updateAuctionInput(auction.id, v, before),
        )
      : contractResolver(CreateAuctionInput, createAuctionInput)) as Resolver<
      AuctionFormValues,
      unknown,
      AuctionInput
    >,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      if (auction) {
        const { message, responseData } = await callForMessage(
          'updateAuction',
          input as InputOf<'updateAuction'>,
        );
        pushAlert({
          msg: messageOr(
            message,
            t(responseData.changed.length ? 'ui.staff.auctions.saved' : 'ui.staff.auctions.nothingChanged'),
          ),
          type: 'success',
        });
        await Promise.all([
          invalidateAction(queryClient, 'staffAuction'),
          invalidateAction(queryClient, 'staffAuctions'),
        ]);
      } else {
        const created = input as InputOf<'createAuction'>;
        const { message, responseData } = await callForMessage('createAuction', created);
        pushAlert({
          msg: messageOr(message, t('ui.staff.auctions.created', { title: created.title })),
          type: 'success',
        });
        await invalidateAction(queryClient, 'staffAuctions');
        await navigate({ to: '/admin/auctions/$id', params: { id: responseData.id } });
      }
    } catch (error) {
      if (!showServerFieldErrors<AuctionFormValues>(error, formFields, form.setError))
        setFailure(errorMessage(error));
    }
  });

  return (
    <Container size="lg" py="xl">
      <AnchorLink to="/admin/auctions" size="sm">
        ← {t('ui.staff.auctions.back')}
      </AnchorLink>
      <Group justify="space-between" align="flex-start" mt="xs" mb="md">
        <Stack gap={4}>
          <Title order={1}>
            {auction ? t('ui.staff.auctions.editTitle') : t('ui.staff.auctions.newTitle')}
          </Title>
          {auction ? (
            <>
              <Group gap="xs">
                <Text fw={600}>{auction.title}</Text>
                <AuctionStatusBadge status={auction.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {t('ui.staff.auctions.changed', {
                  at: formatDateTime(auction.changedAt),
                  name: auction.changedBy.name,
                })}
              </Text>
            </>
          ) : null}
        </Stack>
        {auction ? (
          <AnchorLink to="/liveAuction/$aid" params={{ aid: auction.id }} size="sm">
            {t('ui.staff.auctions.storefront')}
          </AnchorLink>
        ) : null}
      </Group>
      <Stack gap="lg">
        <form onSubmit={submit} noValidate data-testid="auction-form">
          <Card withBorder component="section" aria-labelledby="auction-details">
            <Title order={2} fz="lg" id="auction-details" mb="sm">
              {t('ui.staff.auctions.details')}
            </Title>
            <Stack gap="sm">
              <TextInput
                label={t('ui.staff.auctions.fieldTitle')}
                required
                maxLength={200}
                {...register('title')}
                error={errors.title?.message}
              />
              <Controller
                control={control}
                name="kind"
                render={({ field }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="auction-kind">
                      {t('ui.staff.auctions.kind')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="auction-kind"
                      disabled={opened}
                      data={(['timed', 'live'] as const).map((value) => ({
                        value,
                        label: t(kindLabel[value]),
                      }))}
                      value={field.value}
                      onChange={(value) => field.onChange(value)}
                      w="fit-content"
                    />
                  </Stack>
                )}
              />
              <Textarea
                label={t('ui.staff.auctions.description')}
                autosize
                minRows={2}
                maxLength={5000}
                {...register('description')}
                error={errors.description?.message}
              />
              {opened ? (
                <Alert color="gray" data-testid="auction-timing-fixed">
                  {t('ui.staff.auctions.timingFixed')}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  type="datetime-local"
                  label={t('ui.staff.auctions.startsAt')}
                  required
                  disabled={opened}
                  {...register('startsAt')}
                  error={errors.startsAt?.message}
                />
                <TextInput
                  type="datetime-local"
                  label={t('ui.staff.auctions.firstCloseAt')}
                  required
                  disabled={opened}
                  {...register('firstCloseAt')}
                  error={errors.firstCloseAt?.message}
                />
                <Controller
                  control={control}
                  name="lotsPerMinute"
                  render={({ field }) => (
                    <NumberInput
                      label={t('ui.staff.auctions.lotsPerMinute')}
                      min={1}
                      max={60}
                      allowDecimal={false}
                      disabled={opened}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.lotsPerMinute?.message}
                    />
                  )}
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {t('ui.staff.auctions.lotsPerMinuteHint')}
              </Text>
              <Controller
                control={control}
                name="locationId"
                render={({ field }) => (
                  <Select
                    label={t('ui.staff.auctions.location')}
                    placeholder={t('ui.staff.auctions.noLocation')}
                    data={locations}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    clearable
                    maw={360}
                    error={errors.locationId?.message}
                  />
                )}
              />
              <Textarea
                label={t('ui.staff.auctions.premiumText')}
                autosize
                minRows={2}
                maxLength={1000}
                {...register('premiumText')}
                error={errors.premiumText?.message}
              />
              {failure ? (
                <Alert color="red" role="alert" data-testid="auction-failure">
                  {failure}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={isSubmitting} data-testid="save-auction">
                  {auction ? t('ui.staff.auctions.save') : t('ui.staff.auctions.create')}
                </Button>
              </Group>
            </Stack>
          </Card>
        </form>
        {auction ? <AuctionLots auction={auction} now={now} /> : null}
      </Stack>
    </Container>
  );
}
