import { Button, Group, Modal, Rating, Stack, Text } from '@mantine/core';
import { DEFAULT_FOLLOW_RATING } from '@wine/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { DialogFailure } from '../FormDialog/FormDialog.tsx';

export interface FollowProducerDialogProps {
  producer: string;
  /** The rating shown first: the one given before, else 5 (seeds 000 §9). */
  initialRating?: number;
  onClose: () => void;
  /** Sends the rating; rejects with the server's message, which stays in the dialog. */
  onSubmit: (rating: number) => Promise<void>;
}

/** seeds 000 §2.7: the follow-producer dialog, a star rating (5 by default) with Cancel and Submit. */
export function FollowProducerDialog({
  producer,
  initialRating = DEFAULT_FOLLOW_RATING,
  onClose,
  onSubmit,
}: FollowProducerDialogProps) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(initialRating);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const labelId = useId();
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(rating);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ui.producers.dialogTitle', { producer })}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <Stack gap="md">
        <Text id={labelId} size="sm" fw={500}>
          {t('ui.producers.rating')}
        </Text>
        <Rating
          value={rating}
          onChange={setRating}
          size="lg"
          aria-labelledby={labelId}
          getSymbolLabel={(n) => t('ui.producers.stars', { n })}
          data-testid="follow-rating"
        />
        <DialogFailure message={failure} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('ui.common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="follow-submit">
            {t('ui.common.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
