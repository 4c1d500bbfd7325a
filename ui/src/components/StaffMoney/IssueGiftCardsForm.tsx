import { Alert, Button, Code, CopyButton, Group, List, NumberInput, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type InputOf, IssueGiftCardsInput, type OutputOf } from '@wine/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';

type IssuedCard = OutputOf<'issueGiftCards'>['cards'][number];

interface Problems {
  amount?: string | undefined;
  count?: string | undefined;
}

/**
 * The codes just issued. The server keeps only their hashes (DOMAIN.md "Money"), so this is the one
 * time anyone sees them: they live in this component's state until the admin says they are copied.
 */
function IssuedCodes({ cards, onDone }: { cards: IssuedCard[]; onDone: () => void }) {
  const { t } = useTranslation();
  const codes = cards.map((card) => card.code).join('\n');
  return (
    <Alert
      color="yellow"
      variant="outline"
      title={t('ui.staffMoney.codesWarning')}
      mt="md"
      styles={{ title: { color: 'var(--mantine-color-orange-9)' } }}
      role="region"
      aria-label={t('ui.staffMoney.codesWarning')}
      data-testid="issued-codes"
    >
      <Text size="sm" mb="sm">
        {t('ui.staffMoney.codesExplained')}
      </Text>
      <List spacing={4} mb="md" listStyleType="none">
        {cards.map((card) => (
          <List.Item key={card.id} data-testid="issued-code">
            <Code fz="md">{card.code}</Code>{' '}
            <Text span size="sm" c="dimmed">
              {formatMoney(card.amount)}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={codes}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal.8' : undefined} onClick={copy} data-testid="copy-codes">
              {copied ? t('ui.staffMoney.copied') : t('ui.staffMoney.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone}>
          {t('ui.staffMoney.codesDone')}
        </Button>
      </Group>
    </Alert>
  );
}

/** An admin issues gift cards: `count` cards of one amount, typed in dollars and sent in cents. */
export function IssueGiftCardsForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [count, setCount] = useState<number | string>(1);
  const [problems, setProblems] = useState<Problems>({});
  const [issued, setIssued] = useState<IssuedCard[] | null>(null);
  const issuing = useMutation({
    mutationFn: (input: InputOf<'issueGiftCards'>) => call('issueGiftCards', input),
    // The codes are not kept in the mutation cache once this form is gone.
    gcTime: 0,
    onSuccess: ({ cards }) => {
      setIssued(cards);
      setAmount('');
      setCount(1);
      void invalidateAction(queryClient, 'giftCards');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = dollarsToCents(amount);
    const checked = IssueGiftCardsInput.safeParse({ amount: cents ?? undefined, count: Number(count) });
    const found: Problems = {};
    if (cents === null) found.amount = t('ui.wallet.notAmount');
    for (const issue of checked.success ? [] : checked.error.issues) {
      if (issue.path[0] === 'amount') found.amount ??= issue.message;
      if (issue.path[0] === 'count') found.count ??= t('ui.staffMoney.countRange');
    }
    setProblems(found);
    if (!checked.success || found.amount) return;
    issuing.reset();
    setIssued(null);
    issuing.mutate(checked.data);
  };

  return (
    <div>
      <form onSubmit={submit} noValidate aria-labelledby="issue-title" data-testid="issue-giftcards">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('ui.staffMoney.cardAmount')}
            inputMode="decimal"
            leftSection="$"
            required
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setProblems({});
            }}
            error={problems.amount}
            w={{ base: '100%', xs: 240 }}
          />
          <NumberInput
            label={t('ui.staffMoney.cardCount')}
            required
            min={1}
            max={50}
            allowDecimal={false}
            allowNegative={false}
            value={count}
            onChange={(value) => {
              setCount(value);
              setProblems({});
            }}
            error={problems.count}
            w={{ base: '100%', xs: 160 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={issuing.isPending}>
            {t('ui.staffMoney.issue')}
          </Button>
        </Group>
        {issuing.isError ? (
          <Alert color="red" mt="sm" role="alert">
            {errorMessage(issuing.error)}
          </Alert>
        ) : null}
      </form>
      {issued ? (
        <IssuedCodes
          cards={issued}
          onDone={() => {
            setIssued(null);
            issuing.reset();
          }}
        />
      ) : null}
    </div>
  );
}
