import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  CapsuleConditions,
  Colours,
  CreateLotInput,
  FillLevels,
  type InputOf,
  LabelConditions,
  OTHER_CATEGORY_ID,
  Packings,
  type SellerLotDetail,
  type StaffLotDetail,
  UpdateLotInput,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { capsuleConditionKeys, fillLevelKeys, labelConditionKeys, packingKeys } from '../../lib/condition.ts';
import { formatDateTime } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useDefaultBundle } from '../../state/defaults.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { TextArea } from '../FormFields/TextArea.tsx';
import { LotPhotos } from '../LotPhotos/LotPhotos.tsx';
import { ApproveLotDialog } from './ApproveLotDialog.tsx';
import {
  createLotInput,
  emptyLot,
  type LotFormValues,
  lotFormValues,
  scoreKeys,
  toCents,
  updateLotInput,
} from './lot-form.ts';
import { RelistLotDialog } from './RelistLotDialog.tsx';
import { SendBackLotDialog } from './SendBackLotDialog.tsx';
import { StaffLotStatusBadge } from './StaffLotStatusBadge.tsx';
import { WithdrawLotDialog } from './WithdrawLotDialog.tsx';

/** seeds 000 §3.1 custitem_gvo_invwebdisplay: what the lot page says of its availability. */
const availabilities = ['Pre-arrival', 'In bond', 'Ships in 2 weeks'] as const;

/** What the form hands over once valid: a new lot's input or a change's. */
type LotInput = InputOf<'createLot'> | InputOf<'updateLot'>;

/** Every field the form may show a server's complaint under. */
const formFields: FieldPath<LotFormValues>[] = [
  'title',
  'producer',
  'vintage',
  'country',
  'region',
  'subregion',
  'colour',
  'bottleSize',
  'description',
  'sku',
  'lotNumber',
  'openingBid',
  'reserve',
  'buyNowPrice',
  'quantity',
  'minimumQuantity',
  'availability',
  'startsAt',
  'closesAt',
  'lowEstimate',
  'highEstimate',
  'reserveConfirmed',
  'locationId',
  'offerRules.autoAccept',
  'offerRules.autoDecline',
  'privateSale',
];

export interface LotEditorProps {
  /** The lot being edited; a new lot when absent. */
  lot?: StaffLotDetail | SellerLotDetail;
  now: Date;
  /**
   * Whose editor: an admin's (the house's lots and any lot), or a seller's own (issue 33 "Sellers": a
   * new listing is a draft the seller submits and an admin approves; once live its reserve and
   * estimates are the house's).
   */
  mode?: 'admin' | 'seller';
}

/** A seller's listing before it goes live: a draft, with the house, or sent back. */
const inReview = (status: StaffLotDetail['status']) =>
  status === 'draft' || status === 'submitted' || status === 'returned';

/** What each editor says of a listing in review. */
const reviewText = {
  admin: {
    draft: 'ui.staff.review.state_draft',
    submitted: 'ui.staff.review.state_submitted',
    returned: 'ui.staff.review.state_returned',
  },
  seller: {
    draft: 'ui.staff.seller.review_draft',
    submitted: 'ui.staff.seller.review_submitted',
    returned: 'ui.staff.seller.review_returned',
  },
} as const;

/** The calls and pages of each editor: the admin's, or the seller's own (seeds 001 §6 /api/seller/). */
const callsOf = {
  admin: {
    create: 'createLot',
    update: 'updateLot',
    withdraw: 'withdrawLot',
    lists: ['staffLot', 'staffLots'],
  },
  seller: {
    create: 'sellerCreateLot',
    update: 'sellerUpdateLot',
    withdraw: 'sellerWithdrawLot',
    lists: ['sellerLot', 'sellerListings'],
  },
} as const;

/**
 * /admin/lots/new and /admin/lots/:id (admins): every listed field of a lot, checked with the contract's
 * schema as the server checks it. A listed lot keeps its kind of sale and its opening; once it has bids
 * its prices, bottles and close are the deal and cannot change (the server refuses with LOT_HAS_BIDS);
 * a lot that is no longer open is shown, not edited. Withdraw asks for a reason.
 */
export function LotEditor({ lot, now, mode = 'admin' }: LotEditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [relisting, setRelisting] = useState(false);
  const [reviewing, setReviewing] = useState<'approve' | 'sendBack' | null>(null);
  const seller = mode === 'seller';
  const calls = callsOf[mode];
  // An admin does not edit a seller's draft (it is sent back with a note); a seller does not while the
  // house has it (submitted).
  const editable =
    !lot ||
    lot.status === 'open' ||
    lot.status === 'upcoming' ||
    (seller && (lot.status === 'draft' || lot.status === 'returned'));
  const relistable = Boolean(
    !seller && lot && (lot.status === 'withdrawn' || lot.status === 'unsold') && !lot.relistedAs,
  );
  // Once the house approved a seller's listing, its reserve and estimates are the house's.
  const reserveHouses = seller && Boolean(lot) && !inReview(lot?.status ?? 'draft');
  const reviewNote = lot && 'reviewNote' in lot ? lot.reviewNote : null;
  const dealFixed = Boolean(lot && lot.bidCount > 0);
  const categories = useCategoryOptions();
  // The lot's fields as loaded: what the form starts from, and what a change is measured against.
  const before = useMemo(() => (lot ? lotFormValues(lot.fields) : emptyLot(now)), [lot, now]);
  // On success the form hands over the contract's parsed input (money in cents), ready to send.
  const form = useForm<LotFormValues, unknown, LotInput>({
    defaultValues: before,
    resolver: (lot
      ? contractResolver(UpdateLotInput, (v: LotFormValues) => updateLotInput(lot.id, v, before))
      : contractResolver(CreateLotInput, createLotInput)) as Resolver<LotFormValues, unknown, LotInput>,
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const discounts = useFieldArray({ control, name: 'discounts' });
  const [auction, buyNow, country, region, reserve, lowEstimate, privateSale] = watch([
    'auction',
    'buyNow',
    'country',
    'region',
    'reserve',
    'lowEstimate',
    'privateSale',
  ]);
  // Issue 36 §5: a private sale is sold at a fixed price and by offers, never at auction (the contract
  // refuses both): choosing it turns the auction off and buy now on.
  const choosePrivate = (on: boolean) => {
    form.setValue('privateSale', on, { shouldDirty: true });
    if (on) {
      form.setValue('auction', false, { shouldDirty: true });
      form.setValue('buyNow', true, { shouldDirty: true });
    }
  };
  // The confirmation is asked for only when the reserve typed is above the low estimate typed.
  const reserveOver = toCents(reserve) > toCents(lowEstimate);
  const textOption = (
    name: 'country' | 'region' | 'subregion',
    label: string,
    data: string[],
    required = false,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Autocomplete
          label={label}
          required={required}
          data={data}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorOf(name)}
        />
      )}
    />
  );
  const codeSelect = (
    name: 'condition.fillLevel' | 'condition.label' | 'condition.capsule' | 'condition.packing',
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={t('ui.staff.editor.notRecorded')}
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          clearable
          error={errorOf(name)}
        />
      )}
    />
  );
  const errorOf = (path: string): string | undefined => {
    let node: unknown = errors;
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };

  const submit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      if (lot) {
        const { message, responseData } = await callForMessage(calls.update, input as InputOf<'updateLot'>);
        pushAlert({
          msg: messageOr(
            message,
            t(responseData.changed.length ? 'ui.staff.editor.saved' : 'ui.staff.editor.nothingChanged'),
          ),
          type: 'success',
        });
        await refresh();
      } else {
        const created = input as InputOf<'createLot'>;
        const { message, responseData } = await callForMessage(calls.create, created);
        pushAlert({
          msg: messageOr(
            message,
            t(seller ? 'ui.staff.seller.drafted' : 'ui.staff.editor.created', { title: created.title }),
          ),
          type: 'success',
        });
        await refresh();
        await navigate({
          to: seller ? '/myWines/selling/$id' : '/admin/lots/$id',
          params: { id: responseData.id },
        });
      }
    } catch (error) {
      if (!showServerFieldErrors<LotFormValues>(error, formFields, form.setError))
        setFailure(errorMessage(error));
    }
  });

  const refresh = () => Promise.all(calls.lists.map((name) => invalidateAction(queryClient, name)));

  const withdraw = async (reason: string) => {
    if (!lot) return;
    const { message } = await callForMessage(calls.withdraw, { id: lot.id, reason });
    pushAlert({ msg: messageOr(message, t('ui.staff.editor.withdrawn')), type: 'success' });
    await refresh();
  };

  const submitForApproval = async () => {
    if (!lot) return;
    setFailure(null);
    try {
      const { message } = await callForMessage('sellerSubmitLot', { id: lot.id });
      pushAlert({ msg: messageOr(message, t('ui.staff.seller.submitted')), type: 'success' });
      await refresh();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const approve = async (input: InputOf<'approveLot'>) => {
    const { message } = await callForMessage('approveLot', input);
    pushAlert({ msg: messageOr(message, t('ui.staff.review.approved')), type: 'success' });
    await refresh();
  };

  const sendBack = async (note: string) => {
    if (!lot) return;
    const { message } = await callForMessage('sendBackLot', { id: lot.id, note });
    pushAlert({ msg: messageOr(message, t('ui.staff.review.sentBack')), type: 'success' });
    await refresh();
  };

  const relist = async (input: InputOf<'relistLot'>) => {
    const { message, responseData } = await callForMessage('relistLot', input);
    pushAlert({ msg: messageOr(message, t('ui.staff.editor.relisted')), type: 'success' });
    await Promise.all([
      invalidateAction(queryClient, 'staffLot'),
      invalidateAction(queryClient, 'staffLots'),
    ]);
    await navigate({ to: '/admin/lots/$id', params: { id: responseData.id } });
  };

  const title = lot ? lot.fields.title : t('ui.staff.editor.newTitle');
  return (
    <Container size="lg" py="xl">
      <AnchorLink to={seller ? '/myWines/selling' : '/admin/lots'} size="sm">
        ← {t(seller ? 'ui.staff.seller.back' : 'ui.staff.editor.back')}
      </AnchorLink>
      <Group justify="space-between" align="flex-start" mt="xs" mb="md">
        <Stack gap={4}>
          <Title order={1}>
            {seller
              ? t(lot ? 'ui.staff.seller.editTitle' : 'ui.staff.seller.newTitle')
              : t(lot ? 'ui.staff.editor.editTitle' : 'ui.staff.editor.newTitle')}
          </Title>
          {lot ? (
            <Group gap="xs">
              <Text fw={600}>{title}</Text>
              <StaffLotStatusBadge status={lot.status} />
              {lot.fields.privateSale ? (
                <Badge color="grape" variant="light" data-testid="lot-private-sale">
                  {t('ui.privateSale.badge')}
                </Badge>
              ) : null}
            </Group>
          ) : null}
          {lot && !seller ? (
            <Text size="sm" c="dimmed" data-testid="lot-last-change">
              {t('ui.staff.editor.lastChange', {
                at: formatDateTime(lot.changedAt),
                name: lot.changedBy.name,
              })}{' '}
              <AnchorLink to="/audit/lot/$id" params={{ id: lot.id }}>
                {t('ui.staff.editor.history')}
              </AnchorLink>
            </Text>
          ) : null}
        </Stack>
        {lot && editable ? (
          <Button color="red" variant="light" onClick={() => setWithdrawing(true)} data-testid="withdraw-lot">
            {t('ui.staff.editor.withdraw')}
          </Button>
        ) : null}
        {seller && lot && (lot.status === 'draft' || lot.status === 'returned') ? (
          <Button
            onClick={() => void submitForApproval()}
            disabled={form.formState.isDirty}
            data-testid="submit-lot"
          >
            {t('ui.staff.seller.submit')}
          </Button>
        ) : null}
        {!seller && lot?.status === 'submitted' ? (
          <Group gap="xs">
            <Button color="green" onClick={() => setReviewing('approve')} data-testid="approve-lot">
              {t('ui.staff.review.approve')}
            </Button>
            <Button variant="light" onClick={() => setReviewing('sendBack')} data-testid="send-back-lot">
              {t('ui.staff.review.sendBack')}
            </Button>
          </Group>
        ) : null}
        {relistable ? (
          <Button variant="light" onClick={() => setRelisting(true)} data-testid="relist-lot">
            {t('ui.staff.editor.relist')}
          </Button>
        ) : null}
      </Group>
      {lot && inReview(lot.status) ? (
        <Alert
          color={lot.status === 'returned' ? 'orange' : 'blue'}
          mb="md"
          data-testid="lot-review"
          title={t(reviewText[mode][lot.status as 'draft' | 'submitted' | 'returned'])}
        >
          {reviewNote ? t('ui.staff.seller.noteFromHouse', { note: reviewNote }) : null}
          {seller && form.formState.isDirty && lot.status !== 'submitted'
            ? t('ui.staff.seller.saveBeforeSubmit')
            : null}
        </Alert>
      ) : null}
      {lot?.withdrawnReason ? (
        <Alert color="gray" mb="md" data-testid="lot-withdrawn">
          {t('ui.staff.editor.withdrawnBecause', { reason: lot.withdrawnReason })}
        </Alert>
      ) : null}
      {lot?.relistedAs ? (
        <Alert color="blue" mb="md" data-testid="lot-relisted-as">
          {t('ui.staff.editor.relistedAs')}{' '}
          <AnchorLink to="/admin/lots/$id" params={{ id: lot.relistedAs }}>
            {t('ui.staff.editor.openNewLot')}
          </AnchorLink>
        </Alert>
      ) : null}
      {lot?.fields.relistedFrom ? (
        <Text size="sm" mb="md" data-testid="lot-relisted-from">
          {t('ui.staff.editor.relistedFrom')}{' '}
          <AnchorLink to="/admin/lots/$id" params={{ id: lot.fields.relistedFrom }}>
            {t('ui.staff.editor.openEarlierLot')}
          </AnchorLink>
        </Text>
      ) : null}
      {lot && !editable && !lot.withdrawnReason && !inReview(lot.status) ? (
        <Alert color="gray" mb="md">
          {t('ui.staff.editor.closedLot')}
        </Alert>
      ) : null}
      {editable && dealFixed ? (
        <Alert color="yellow" mb="md" data-testid="lot-has-bids">
          {t('ui.staff.editor.hasBids')}
        </Alert>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="lg">
            <Card withBorder component="section" aria-labelledby="lot-wine">
              <Title order={2} fz="lg" id="lot-wine" mb="sm">
                {t('ui.staff.editor.wine')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('ui.staff.editor.title')}
                  required
                  {...register('title')}
                  error={errorOf('title')}
                />
                <TextInput
                  label={t('ui.staff.editor.producer')}
                  required
                  {...register('producer')}
                  error={errorOf('producer')}
                />
                <TextInput
                  label={t('ui.staff.editor.vintage')}
                  inputMode="numeric"
                  {...register('vintage')}
                  error={errorOf('vintage')}
                />
                <Controller
                  control={control}
                  name="colour"
                  render={({ field }) => (
                    <Select
                      label={t('ui.staff.editor.colour')}
                      data={[...Colours]}
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? 'Red')}
                      allowDeselect={false}
                      error={errorOf('colour')}
                    />
                  )}
                />
                {textOption('country', t('ui.staff.editor.country'), categories.countries, true)}
                {textOption('region', t('ui.staff.editor.region'), categories.regionsOf(country))}
                {textOption(
                  'subregion',
                  t('ui.staff.editor.subregion'),
                  categories.subregionsOf(country, region),
                )}
                <TextInput
                  label={t('ui.staff.editor.bottleSize')}
                  {...register('bottleSize')}
                  error={errorOf('bottleSize')}
                />
              </SimpleGrid>
              <Textarea
                mt="sm"
                label={t('ui.staff.editor.description')}
                rows={6}
                {...register('description')}
                error={errorOf('description')}
              />
              <Text fw={600} size="sm" mt="md" mb={4} id="lot-scores">
                {t('ui.staff.editor.scores')}
              </Text>
              <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" role="group" aria-labelledby="lot-scores">
                {scoreKeys.map((key) => (
                  <TextInput
                    key={key}
                    label={key.toUpperCase()}
                    size="xs"
                    {...register(`scores.${key}`)}
                    error={errorOf(`scores.${key}`)}
                  />
                ))}
              </SimpleGrid>
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-photos-heading">
              <Title order={2} fz="lg" id="lot-photos-heading" mb="sm">
                {t('ui.staff.photos.heading')}
              </Title>
              <Controller
                control={control}
                name="images"
                render={({ field }) => (
                  <LotPhotos value={field.value} onChange={field.onChange} disabled={!editable} />
                )}
              />
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-sale">
              <Title order={2} fz="lg" id="lot-sale" mb="sm">
                {t('ui.staff.editor.sale')}
              </Title>
              {!lot && !seller ? (
                <Controller
                  control={control}
                  name="privateSale"
                  render={({ field }) => (
                    <Switch
                      mb="sm"
                      label={t('ui.privateSale.privateSale')}
                      description={t('ui.privateSale.privateSaleHint')}
                      checked={field.value}
                      onChange={(event) => choosePrivate(event.currentTarget.checked)}
                      onBlur={field.onBlur}
                      error={errorOf('privateSale')}
                      data-testid="private-sale-switch"
                    />
                  )}
                />
              ) : null}
              <Group mb="sm" align="flex-start">
                <Checkbox
                  label={t('ui.staff.editor.atAuction')}
                  description={privateSale && !lot ? t('ui.privateSale.noAuction') : undefined}
                  disabled={Boolean(lot) || privateSale}
                  {...register('auction')}
                  error={errorOf('auction')}
                />
                <Checkbox
                  label={t('ui.staff.editor.byBuyNow')}
                  disabled={Boolean(lot)}
                  {...register('buyNow')}
                />
              </Group>
              {reserveHouses ? (
                <Text size="sm" c="dimmed" mb="xs" data-testid="reserve-house">
                  {t('ui.staff.seller.reserveHouse')}
                </Text>
              ) : null}
              <fieldset disabled={dealFixed} style={{ border: 0, padding: 0, margin: 0 }}>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  {auction ? (
                    <>
                      <TextInput
                        label={t('ui.staff.editor.openingBid')}
                        leftSection="$"
                        inputMode="decimal"
                        {...register('openingBid')}
                        error={errorOf('openingBid')}
                      />
                      <TextInput
                        label={t('ui.staff.editor.lowEstimate')}
                        leftSection="$"
                        inputMode="decimal"
                        disabled={reserveHouses}
                        {...register('lowEstimate')}
                        error={errorOf('lowEstimate')}
                      />
                      <TextInput
                        label={t('ui.staff.editor.highEstimate')}
                        leftSection="$"
                        inputMode="decimal"
                        disabled={reserveHouses}
                        {...register('highEstimate')}
                        error={errorOf('highEstimate')}
                      />
                      <TextInput
                        label={t('ui.staff.editor.reserve')}
                        description={t('ui.staff.editor.reserveHint')}
                        leftSection="$"
                        inputMode="decimal"
                        disabled={reserveHouses}
                        {...register('reserve')}
                        error={errorOf('reserve')}
                      />
                    </>
                  ) : null}
                  {buyNow ? (
                    <TextInput
                      label={t('ui.staff.editor.buyNowPrice')}
                      leftSection="$"
                      inputMode="decimal"
                      {...register('buyNowPrice')}
                      error={errorOf('buyNowPrice')}
                    />
                  ) : null}
                  <TextInput
                    label={t('ui.staff.editor.quantity')}
                    inputMode="numeric"
                    {...register('quantity')}
                    error={errorOf('quantity')}
                  />
                  <TextInput
                    label={t('ui.staff.editor.minimumQuantity')}
                    inputMode="numeric"
                    {...register('minimumQuantity')}
                    error={errorOf('minimumQuantity')}
                  />
                </SimpleGrid>
                {auction && reserveOver && seller ? (
                  <Alert color="yellow" mt="sm" data-testid="reserve-over-seller">
                    {t('ui.staff.seller.reserveOver')}
                  </Alert>
                ) : null}
                {auction && reserveOver && !seller ? (
                  <Checkbox
                    mt="sm"
                    color="yellow"
                    label={t('ui.staff.editor.reserveConfirm')}
                    description={t('ui.staff.editor.reserveConfirmHint')}
                    data-testid="reserve-confirm"
                    {...register('reserveConfirmed')}
                    error={errorOf('reserveConfirmed')}
                  />
                ) : null}
                <Checkbox
                  mt="sm"
                  label={t('ui.staff.editor.enforceMinimum')}
                  {...register('enforceMinimumQuantity')}
                />
                {buyNow ? (
                  <Stack gap="xs" mt="md">
                    <Text fw={600} size="sm">
                      {t('ui.staff.editor.discounts')}
                    </Text>
                    {discounts.fields.map((row, index) => (
                      <Group key={row.id} align="flex-end" gap="xs" wrap="nowrap">
                        <TextInput
                          label={t('ui.staff.editor.discountQuantity')}
                          inputMode="numeric"
                          {...register(`discounts.${index}.quantity`)}
                          error={errorOf(`discounts.${index}.quantity`)}
                        />
                        <TextInput
                          label={t('ui.staff.editor.discountPrice')}
                          leftSection="$"
                          inputMode="decimal"
                          {...register(`discounts.${index}.price`)}
                          error={errorOf(`discounts.${index}.price`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          mb={2}
                          onClick={() => discounts.remove(index)}
                          aria-label={t('ui.staff.editor.removeDiscount', { row: index + 1 })}
                        >
                          ×
                        </ActionIcon>
                      </Group>
                    ))}
                    <Button
                      variant="subtle"
                      size="xs"
                      w="fit-content"
                      onClick={() => discounts.append({ quantity: '', price: '' })}
                    >
                      {t('ui.staff.editor.addDiscount')}
                    </Button>
                  </Stack>
                ) : null}
              </fieldset>
              <Controller
                control={control}
                name="availability"
                render={({ field }) => (
                  <Select
                    mt="md"
                    w={260}
                    label={t('ui.staff.editor.availability')}
                    placeholder={t('ui.staff.editor.availabilityNone')}
                    data={[...availabilities]}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    clearable
                    error={errorOf('availability')}
                  />
                )}
              />
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-offers" data-testid="lot-offer-rules">
              <Title order={2} fz="lg" id="lot-offers" mb="xs">
                {t('ui.privateSale.offers')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('ui.privateSale.offersHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('ui.privateSale.autoAccept')}
                  leftSection="$"
                  inputMode="decimal"
                  autoComplete="off"
                  {...register('offerRules.autoAccept')}
                  error={errorOf('offerRules.autoAccept')}
                />
                <TextInput
                  label={t('ui.privateSale.autoDecline')}
                  leftSection="$"
                  inputMode="decimal"
                  autoComplete="off"
                  {...register('offerRules.autoDecline')}
                  error={errorOf('offerRules.autoDecline')}
                />
              </SimpleGrid>
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-condition">
              <Title order={2} fz="lg" id="lot-condition" mb="sm">
                {t('ui.staff.editor.condition')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {codeSelect(
                  'condition.fillLevel',
                  t('ui.lot.fillLevel'),
                  FillLevels.map((code) => ({ value: code, label: `${code} — ${t(fillLevelKeys[code])}` })),
                )}
                {codeSelect(
                  'condition.label',
                  t('ui.lot.label'),
                  LabelConditions.map((code) => ({ value: code, label: t(labelConditionKeys[code]) })),
                )}
                {codeSelect(
                  'condition.capsule',
                  t('ui.lot.capsule'),
                  CapsuleConditions.map((code) => ({ value: code, label: t(capsuleConditionKeys[code]) })),
                )}
                {codeSelect(
                  'condition.packing',
                  t('ui.lot.packing'),
                  Packings.map((code) => ({ value: code, label: t(packingKeys[code]) })),
                )}
                <Controller
                  control={control}
                  name="locationId"
                  render={({ field }) => (
                    <Select
                      label={t('ui.staff.editor.location')}
                      placeholder={t('ui.staff.editor.notRecorded')}
                      data={categories.locations}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      clearable
                      error={errorOf('locationId')}
                    />
                  )}
                />
              </SimpleGrid>
              <TextArea
                mt="sm"
                label={t('ui.lot.conditionNotes')}
                {...register('condition.notes')}
                error={errorOf('condition.notes')}
              />
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-spanish" lang="es">
              <Title order={2} fz="lg" id="lot-spanish" mb="sm" lang="en">
                {t('ui.staff.editor.spanish')}
              </Title>
              <Text size="sm" c="dimmed" mb="sm" lang="en">
                {t('ui.staff.editor.spanishHint')}
              </Text>
              <TextInput
                label={t('ui.staff.editor.spanishTitle')}
                {...register('spanish.title')}
                error={errorOf('spanish.title')}
              />
              <TextArea
                mt="sm"
                label={t('ui.staff.editor.spanishDescription')}
                {...register('spanish.description')}
                error={errorOf('spanish.description')}
              />
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-schedule">
              <Title order={2} fz="lg" id="lot-schedule" mb="sm">
                {t('ui.staff.editor.schedule')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('ui.staff.editor.sku')}
                  description={lot ? undefined : t('ui.staff.editor.skuHint')}
                  disabled={Boolean(lot)}
                  {...register('sku')}
                  error={errorOf('sku')}
                />
                {seller ? null : (
                  <TextInput
                    label={t('ui.staff.editor.lotNumber')}
                    disabled={Boolean(lot)}
                    {...register('lotNumber')}
                    error={errorOf('lotNumber')}
                  />
                )}
                <Text size="sm" c="dimmed" data-testid="lot-auction">
                  {lot?.fields.auctionId && seller ? (
                    t('ui.staff.seller.inAuction', { number: lot.fields.lotNumber ?? '—' })
                  ) : lot?.fields.auctionId ? (
                    <AnchorLink to="/admin/auctions/$id" params={{ id: lot.fields.auctionId }} size="sm">
                      {t('ui.staff.auctions.inAuction', {
                        title: lot.fields.auctionId,
                        number: lot.fields.lotNumber ?? '—',
                      })}
                    </AnchorLink>
                  ) : (
                    t(seller ? 'ui.staff.seller.auctionByHouse' : 'ui.staff.auctions.notInAuction')
                  )}
                </Text>
                <TextInput
                  type="datetime-local"
                  label={t('ui.staff.editor.startsAt')}
                  description={lot ? t('ui.staff.editor.startFixed') : undefined}
                  disabled={Boolean(lot)}
                  {...register('startsAt')}
                  error={errorOf('startsAt')}
                />
                <TextInput
                  type="datetime-local"
                  label={t('ui.staff.editor.closesAt')}
                  disabled={dealFixed}
                  {...register('closesAt')}
                  error={errorOf('closesAt')}
                />
              </SimpleGrid>
            </Card>

            <Card withBorder component="section" aria-labelledby="lot-meta">
              <Title order={2} fz="lg" id="lot-meta" mb="sm">
                {t('ui.staff.editor.meta')}
              </Title>
              <Stack gap="sm">
                <TextInput
                  label={t('ui.staff.editor.metaTitle')}
                  {...register('meta.title')}
                  error={errorOf('meta.title')}
                />
                <TextArea
                  label={t('ui.staff.editor.metaDescription')}
                  {...register('meta.description')}
                  error={errorOf('meta.description')}
                />
                <TextInput
                  label={t('ui.staff.editor.metaKeywords')}
                  {...register('meta.keywords')}
                  error={errorOf('meta.keywords')}
                />
              </Stack>
            </Card>
          </Stack>
        </fieldset>
        {errorOf('id') ? (
          <Alert color="gray" mt="md" data-testid="lot-unchanged">
            {t('ui.staff.editor.nothingChanged')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" role="alert" mt="md" data-testid="lot-failure">
            {failure}
          </Alert>
        ) : null}
        {editable ? (
          <Group justify="flex-end" mt="lg">
            <Button type="submit" loading={isSubmitting} data-testid="save-lot">
              {lot
                ? t('ui.staff.editor.save')
                : t(seller ? 'ui.staff.seller.saveDraft' : 'ui.staff.editor.create')}
            </Button>
          </Group>
        ) : null}
      </form>
      {relisting && lot ? (
        <RelistLotDialog
          id={lot.id}
          title={lot.fields.title}
          now={now}
          onClose={() => setRelisting(false)}
          onSubmit={relist}
        />
      ) : null}
      {reviewing === 'approve' && lot ? (
        <ApproveLotDialog
          id={lot.id}
          title={lot.fields.title}
          startsAt={lot.fields.startsAt}
          closesAt={lot.fields.closesAt}
          onClose={() => setReviewing(null)}
          onSubmit={approve}
        />
      ) : null}
      {reviewing === 'sendBack' && lot ? (
        <SendBackLotDialog title={lot.fields.title} onClose={() => setReviewing(null)} onSubmit={sendBack} />
      ) : null}
      {withdrawing && lot ? (
        <WithdrawLotDialog
          title={lot.fields.title}
          onClose={() => setWithdrawing(false)}
          onSubmit={withdraw}
        />
      ) : null}
    </Container>
  );
}

/**
 * The category hierarchy (seeds 000 §3.2: countries at level 0, the special id 4 'Other') as the editor
 * offers it: countries, the regions of the country typed, the subregions of the region typed. A name
 * the catalogue does not have yet can be typed; the locations are the default bundle's.
 */
function useCategoryOptions() {
  const bundle = useDefaultBundle();
  return useMemo(() => {
    const types = bundle.state === 'hasData' ? bundle.data.category_types : [];
    const namesOf = (level: number, parent: number | null | undefined) =>
      types.filter((c) => c.level_id === level && c.parent_id === (parent ?? null)).map((c) => c.value);
    const idOf = (level: number, value: string, parent: number | null) =>
      types.find((c) => c.level_id === level && c.value === value && c.parent_id === parent)?.id;
    const countries = types.filter((c) => c.level_id === 0 && c.id !== OTHER_CATEGORY_ID).map((c) => c.value);
    return {
      countries,
      regionsOf: (country: string) => {
        const id = idOf(0, country, null);
        return id === undefined ? [] : namesOf(1, id);
      },
      subregionsOf: (country: string, region: string) => {
        const countryId = idOf(0, country, null);
        const regionId = countryId === undefined ? undefined : idOf(1, region, countryId);
        return regionId === undefined ? [] : namesOf(2, regionId);
      },
      locations:
        bundle.state === 'hasData'
          ? bundle.data.locations.map((l) => ({ value: String(l.id), label: l.name }))
          : [],
    };
  }, [bundle]);
}
