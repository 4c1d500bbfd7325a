import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type InputOf, RedeemGiftCardInput } from '@wine/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';

/** The refusals that are about the code typed: shown under the field, where it can be corrected. */
const codeProblems = new Set<ApiError['code']>(['GIFT_CARD_UNKNOWN', 'GIFT_CARD_REDEEMED']);

const isAboutTheCode = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (codeProblems.has(error.code) || (error.responseData as { field?: unknown } | null)?.field === 'code');

/** seeds 001 §7 giftcard/addGiftCardWalletBalance: a gift card's code turned into wallet credit. */
export function RedeemGiftCardForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const redeeming = useMutation({
    mutationFn: (input: InputOf<'addGiftCardWalletBalance'>) =>
      callForMessage('addGiftCardWalletBalance', input),
    onSuccess: () => {
      setCode('');
      void invalidateAction(queryClient, 'getCreditHistory');
    },
    onError: (error) => {
      if (isAboutTheCode(error)) setCodeError(error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = RedeemGiftCardInput.safeParse({ code });
    if (!checked.success) return setCodeError(checked.error.issues[0]?.message ?? null);
    setCodeError(null);
    redeeming.mutate(checked.data);
  };

  const otherFailure = redeeming.isError && !isAboutTheCode(redeeming.error);
  return (
    <form onSubmit={submit} noValidate aria-labelledby="redeem-title" data-testid="redeem-giftcard">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('ui.wallet.giftCardCode')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setCodeError(null);
            // A new code: what was said of the last one no longer applies.
            if (!redeeming.isPending) redeeming.reset();
          }}
          error={codeError}
          w={{ base: '100%', xs: 320 }}
          data-testid="giftcard-code"
        />
        <Button
          type="submit"
          variant="light"
          mt={{ base: 0, xs: 25 }}
          loading={redeeming.isPending}
          data-testid="giftcard-redeem"
        >
          {t('ui.wallet.redeem')}
        </Button>
      </Group>
      {redeeming.isSuccess ? (
        <Text size="sm" c="green.9" mt="xs" role="status" data-testid="giftcard-message">
          {messageOr(redeeming.data.message, t('checkout.giftCardAdded'))}
        </Text>
      ) : null}
      {otherFailure ? (
        <Alert color="red" mt="sm" role="alert">
          {errorMessage(redeeming.error)}
        </Alert>
      ) : null}
    </form>
  );
}
