import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type CardList, type CardRecord, cardMessages, type InputOf } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { reloadUserAtom } from '../../state/session.ts';
import { AddCardDialog, EditCardDialog, RemoveCardDialog } from './CardDialogs.tsx';
import { brandName, formatExpiry } from './cards.ts';

type CardsState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; list: CardList };

type Dialog = { kind: 'add' } | { kind: 'edit'; card: CardRecord } | { kind: 'remove'; card: CardRecord };

/** The actions that change the cards on file; each answers the whole new list. */
type CardChange = 'addCard' | 'updateCard' | 'deleteCard' | 'defaultCard';

/** Read when shown, in the current language. */
const changeMessages: Record<CardChange, () => string> = {
  addCard: () => cardMessages.added,
  updateCard: () => cardMessages.updated,
  deleteCard: () => cardMessages.removed,
  defaultCard: () => cardMessages.defaultSet,
};

/**
 * The 'Payment cards' section of My Account (seeds 001 §2 /account/profile): the cards on file,
 * adding one, choosing the default, editing the expiry and name, removing. A card on file is what
 * lets the user bid or buy (seeds 000 §5).
 */
export function PaymentCards() {
  const { t } = useTranslation();
  const [state, setState] = useState<CardsState>({ status: 'loading' });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [makingDefault, setMakingDefault] = useState<string | null>(null);
  const pushAlert = useSetAtom(pushAlertAtom);
  const reloadUser = useSetAtom(reloadUserAtom);

  const load = useCallback(async (signal?: AbortSignal) => {
    setState({ status: 'loading' });
    try {
      const list = await call('getCards', {}, { signal });
      if (!signal?.aborted) setState({ status: 'ready', list });
    } catch {
      // seeds 001 §8: whatever went wrong, the section says 'Unable to fetch cards'.
      if (!signal?.aborted) setState({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  /**
   * seeds 000 §4.8: after a card is created, made default, updated or deleted, the cards are
   * refreshed (from the answer) and the user reloaded, so card_on_file follows. Rejects with the
   * server's message for the caller to show.
   */
  const change = async <N extends CardChange>(name: N, input: InputOf<N>): Promise<void> => {
    const { message, responseData } = await callForMessage<CardChange>(name, input);
    setState({ status: 'ready', list: responseData });
    pushAlert({ msg: messageOr(message, changeMessages[name]()), type: 'success' });
    void reloadUser();
  };

  const makeDefault = async (card: CardRecord) => {
    setMakingDefault(card.id);
    try {
      await change('defaultCard', { id: card.id });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setMakingDefault(null);
    }
  };

  const close = () => setDialog(null);

  return (
    <Card component="section" aria-labelledby="cards-title" data-testid="payment-cards">
      <Group justify="space-between" align="center" mb="xs" wrap="wrap">
        <Title order={2} fz={24} id="cards-title">
          {t('ui.cards.title')}
        </Title>
        <Button variant="light" onClick={() => setDialog({ kind: 'add' })}>
          {t('ui.cards.add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('ui.cards.intro')}
      </Text>
      {state.status === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('ui.cards.loading')}</Text>
        </Group>
      ) : state.status === 'failed' ? (
        <Alert color="red" data-testid="cards-error">
          <Text role="alert" size="sm">
            {cardMessages.fetchFailed}
          </Text>
          <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={() => void load()}>
            {t('ui.common.tryAgain')}
          </Button>
        </Alert>
      ) : state.list.data.length === 0 ? (
        <Text data-testid="cards-empty">{t('ui.cards.none')}</Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('ui.cards.onFile')}
        >
          {state.list.data.map((card) => (
            <CardItem
              key={card.id}
              card={card}
              makingDefault={makingDefault === card.id}
              onMakeDefault={() => void makeDefault(card)}
              onEdit={() => setDialog({ kind: 'edit', card })}
              onRemove={() => setDialog({ kind: 'remove', card })}
            />
          ))}
        </Stack>
      )}
      {state.status === 'ready' && state.list.has_more ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="cards-more">
          {t('ui.cards.more')}
        </Text>
      ) : null}
      {dialog?.kind === 'add' ? (
        <AddCardDialog onClose={close} onSubmit={(input) => change('addCard', input)} />
      ) : dialog?.kind === 'edit' ? (
        <EditCardDialog
          card={dialog.card}
          onClose={close}
          onSubmit={(input) => change('updateCard', input)}
        />
      ) : dialog?.kind === 'remove' ? (
        <RemoveCardDialog
          card={dialog.card}
          onClose={close}
          onConfirm={() => change('deleteCard', { id: dialog.card.id })}
        />
      ) : null}
    </Card>
  );
}

function CardItem({
  card,
  makingDefault,
  onMakeDefault,
  onEdit,
  onRemove,
}: {
  card: CardRecord;
  makingDefault: boolean;
  onMakeDefault: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  // The buttons repeat on every card: their names say which card (the visible word comes first, WCAG 2.5.3).
  const which = t('ui.cards.which', { brand: brandName(card), last4: card.last4 });
  return (
    <Card component="li" withBorder padding="sm" data-testid="card-on-file" data-card-id={card.id}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <div>
          <Group gap="xs">
            <Text fw={600} data-testid="card-label">
              {brandName(card)} <span aria-hidden="true">••••</span>{' '}
              <VisuallyHidden>{t('ui.cards.endingIn')} </VisuallyHidden>
              {card.last4}
            </Text>
            {card.is_default ? (
              <Badge color="green" variant="light">
                {t('ui.cards.default')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {t('ui.cards.expires')} <span data-testid="card-expiry">{formatExpiry(card)}</span> ·{' '}
            <span data-testid="card-name">{card.name_on_card}</span>
          </Text>
        </div>
        <Group gap="xs">
          {card.is_default ? null : (
            <Button
              size="compact-sm"
              variant="light"
              loading={makingDefault}
              onClick={onMakeDefault}
              aria-label={t('ui.cards.makeDefaultOf', { card: which })}
            >
              {t('ui.cards.makeDefault')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="default"
            onClick={onEdit}
            aria-label={t('ui.cards.editOf', { card: which })}
          >
            {t('ui.common.edit')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={t('ui.cards.removeOf', { card: which })}
          >
            {t('ui.common.remove')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
