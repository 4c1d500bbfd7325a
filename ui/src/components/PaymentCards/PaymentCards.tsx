import { Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type CardRecord, cardMessages } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { cardsQuery } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { reloadUserAtom } from '../../state/session.ts';
import { CardHoldNote } from '../CardHold/CardHold.tsx';
import { RecordList } from '../RecordList/RecordList.tsx';
import { useRecordList } from '../RecordList/use-record-list.tsx';
import { AddCardDialog, EditCardDialog } from './CardDialogs.tsx';
import { brandName, formatExpiry } from './cards.ts';

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
  const [makingDefault, setMakingDefault] = useState<string | null>(null);
  const pushAlert = useSetAtom(pushAlertAtom);
  const reloadUser = useSetAtom(reloadUserAtom);
  const cards = useRecordList({
    query: cardsQuery(),
    records: (list) => list.data,
    messages: changeMessages,
    // seeds 000 §4.8: after a card is created, made default, updated or deleted, the user is
    // reloaded too, so card_on_file follows.
    onChanged: () => void reloadUser(),
  });

  const makeDefault = async (card: CardRecord) => {
    setMakingDefault(card.id);
    try {
      await cards.change('defaultCard', { id: card.id });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setMakingDefault(null);
    }
  };

  // 'Remove' asks first: a removed card has to be entered again in full.
  const remove = (card: CardRecord) =>
    cards.confirmRemoval({
      title: t('ui.cards.removeTitle'),
      question: t(card.is_default ? 'ui.cards.removeDefaultQuestion' : 'ui.cards.removeQuestion', {
        brand: brandName(card),
        last4: card.last4,
      }),
      confirmLabel: t('ui.cards.removeCard'),
      onConfirm: () => cards.change('deleteCard', { id: card.id }),
    });

  return (
    <RecordList
      name="cards"
      testId="payment-cards"
      texts={{
        title: t('ui.cards.title'),
        intro: t('ui.cards.intro'),
        add: t('ui.cards.add'),
        loading: t('ui.cards.loading'),
        // seeds 001 §8: whatever went wrong, the section says 'Unable to fetch cards'.
        fetchFailed: cardMessages.fetchFailed,
        none: t('ui.cards.none'),
      }}
      records={cards}
      addDialog={(close) => (
        <AddCardDialog onClose={close} onSubmit={(input) => cards.change('addCard', input)} />
      )}
      editDialog={(card, close) => (
        <EditCardDialog card={card} onClose={close} onSubmit={(input) => cards.change('updateCard', input)} />
      )}
    >
      {(list) => (
        <>
          <Stack
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t('ui.cards.onFile')}
          >
            {list.data.map((card) => (
              <CardItem
                key={card.id}
                card={card}
                makingDefault={makingDefault === card.id}
                onMakeDefault={() => void makeDefault(card)}
                onEdit={() => cards.edit(card)}
                onRemove={() => remove(card)}
              />
            ))}
          </Stack>
          {list.has_more ? (
            <Text size="sm" c="dimmed" mt="xs" data-testid="cards-more">
              {t('ui.cards.more')}
            </Text>
          ) : null}
        </>
      )}
    </RecordList>
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
          {card.hold ? <CardHoldNote card={card} hold={card.hold} compact /> : null}
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
