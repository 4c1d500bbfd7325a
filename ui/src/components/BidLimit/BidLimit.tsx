import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { accountMessages, RequestBidLimitInput, type UserRecord } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';

/** The bounds the action takes, in cents, said in dollars. */
const contractAmount = RequestBidLimitInput.shape.amount;
const minCents = contractAmount.minValue ?? 0;
const maxCents = contractAmount.maxValue ?? Number.MAX_SAFE_INTEGER;

/**
 * The form asks in dollars; the action takes whole cents (DOMAIN.md "Money"), and its schema has the
 * last word once the text is an amount. The messages are made when the form validates, in the
 * current language.
 */
const BidLimitForm = z.strictObject({
  amount: z
    .string()
    .transform((text, ctx) => {
      if (!text.trim()) {
        ctx.addIssue({ code: 'custom', message: accountMessages.required });
        return z.NEVER;
      }
      const cents = dollarsToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: t('ui.bidLimit.notAmount') });
      } else if (cents < minCents) {
        ctx.addIssue({
          code: 'custom',
          message: t('ui.bidLimit.atLeast', { amount: formatMoney(minCents) }),
        });
      } else if (cents > maxCents) {
        ctx.addIssue({ code: 'custom', message: t('ui.bidLimit.atMost', { amount: formatMoney(maxCents) }) });
      }
      return cents ?? z.NEVER;
    })
    .pipe(contractAmount),
});

type BidLimitInput = z.output<typeof BidLimitForm>;

interface BidLimitFormValues {
  amount: string;
}

/**
 * 'Bid limit' (seeds 001 §7 requestBidLimit / approveBidLimitRequest): the approved limit, a request
 * waiting for an admin, and the form to ask for a higher one.
 */
export function BidLimit({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-labelledby="bid-limit-title" data-testid="bid-limit">
      <Title order={2} fz={24} id="bid-limit-title" mb="xs">
        {t('ui.bidLimit.title')}
      </Title>
      <Stack gap="xs" mb="md">
        <Text>
          <Text span c="dimmed">
            {t('ui.bidLimit.current')}{' '}
          </Text>
          <span data-testid="bid-limit-current">
            {user.bid_limit === null ? t('ui.bidLimit.none') : formatMoney(user.bid_limit)}
          </span>
        </Text>
        {user.bid_limit_requested === null ? null : (
          <Text data-testid="bid-limit-requested">
            <Text span c="dimmed">
              {t('ui.bidLimit.requested')}{' '}
            </Text>
            {t('ui.bidLimit.waiting', { amount: formatMoney(user.bid_limit_requested) })}
          </Text>
        )}
      </Stack>
      {/* A new request is a new form. */}
      <BidLimitRequestForm key={user.bid_limit_requested ?? 'none'} />
    </Card>
  );
}

function BidLimitRequestForm() {
  const { t } = useTranslation();
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BidLimitFormValues, unknown, BidLimitInput>({
    defaultValues: { amount: '' },
    resolver: contractResolver(BidLimitForm, (values: BidLimitFormValues) => values),
  });

  const onValid = async (input: BidLimitInput) => {
    try {
      const { responseData, message } = await callForMessage('requestBidLimit', input);
      setUser(responseData);
      pushAlert({ msg: messageOr(message, accountMessages.bidLimitRequested), type: 'success' });
    } catch (error) {
      // 'Ask for more than your current bid limit' names the amount.
      if (!showServerFieldErrors<BidLimitFormValues>(error, ['amount'], setError)) {
        pushAlert({ msg: errorMessage(error), type: 'error' });
      }
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby="bid-limit-title">
      <Stack gap="sm" align="flex-start">
        <TextInput
          label={t('ui.bidLimit.ask')}
          description={t('ui.bidLimit.inDollars')}
          inputMode="decimal"
          autoComplete="off"
          leftSection={<Text size="sm">$</Text>}
          required
          w="100%"
          maw={300}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Button type="submit" loading={isSubmitting}>
          {t('ui.bidLimit.send')}
        </Button>
      </Stack>
    </form>
  );
}
