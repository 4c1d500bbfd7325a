import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { RequestBidLimitInput, type UserRecord } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';

const REQUEST_SENT = 'Bid limit request sent';

/** The bounds the action takes, in cents, said in dollars. */
const contractAmount = RequestBidLimitInput.shape.amount;
const minCents = contractAmount.minValue ?? 0;
const maxCents = contractAmount.maxValue ?? Number.MAX_SAFE_INTEGER;

/**
 * The form asks in dollars; the action takes whole cents (DOMAIN.md "Money"), and its schema has the
 * last word once the text is an amount.
 */
const BidLimitForm = z.strictObject({
  amount: z
    .string()
    .transform((text, ctx) => {
      if (!text.trim()) {
        ctx.addIssue({ code: 'custom', message: 'Required!' });
        return z.NEVER;
      }
      const cents = dollarsToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, like 25,000' });
      } else if (cents < minCents) {
        ctx.addIssue({ code: 'custom', message: `Ask for at least ${formatMoney(minCents)}` });
      } else if (cents > maxCents) {
        ctx.addIssue({ code: 'custom', message: `Ask for at most ${formatMoney(maxCents)}` });
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
  return (
    <Card component="section" aria-labelledby="bid-limit-title" data-testid="bid-limit">
      <Title order={2} fz={24} id="bid-limit-title" mb="xs">
        Bid limit
      </Title>
      <Stack gap="xs" mb="md">
        <Text>
          <Text span c="dimmed">
            Current bid limit:{' '}
          </Text>
          <span data-testid="bid-limit-current">
            {user.bid_limit === null ? 'No limit approved yet' : formatMoney(user.bid_limit)}
          </span>
        </Text>
        {user.bid_limit_requested === null ? null : (
          <Text data-testid="bid-limit-requested">
            <Text span c="dimmed">
              Requested:{' '}
            </Text>
            {formatMoney(user.bid_limit_requested)}, waiting for approval
          </Text>
        )}
      </Stack>
      {/* A new request is a new form. */}
      <BidLimitRequestForm key={user.bid_limit_requested ?? 'none'} />
    </Card>
  );
}

function BidLimitRequestForm() {
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
      pushAlert({ msg: messageOr(message, REQUEST_SENT), type: 'success' });
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
          label="Ask for a higher limit"
          description="In US dollars"
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
          Send request
        </Button>
      </Stack>
    </form>
  );
}
