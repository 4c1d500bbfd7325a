import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useConfiguredText } from '../../state/market.ts';
import { currentUserAtom, justRegisteredAtom, setCurrentUserAtom } from '../../state/session.ts';

/**
 * seeds 000 §4.8: a user with popup_message set is told the card processor changed (effective
 * 1/16/2025) and stored cards were deleted; Continue sets popup_message to 0 and goes to
 * account/profile, where cards are entered again. The merchant may write its own text in the settings
 * (issue 34), one paragraph per blank line.
 */
export function WelcomePopup() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const justRegistered = useAtomValue(justRegisteredAtom);
  const opened = user?.popup_message === 1 && !justRegistered;
  const written = useConfiguredText('welcome_text');
  const paragraphs = written ? written.split(/\n\s*\n/) : null;

  const onContinue = async () => {
    setBusy(true);
    try {
      setUser(await call('updateProfile', { popup_message: 0 }));
      await navigate({ to: '/account/profile' });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={user ? t('ui.welcome.title', { name: user.first_name }) : t('ui.welcome.titleAnonymous')}
    >
      <Stack gap="md" data-testid="welcome-popup">
        {paragraphs ? (
          paragraphs.map((text, i) => (
            // The paragraphs are the merchant's text in order: their place is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph has no id but its place
            <Text key={i} style={{ whiteSpace: 'pre-line' }}>
              {text}
            </Text>
          ))
        ) : (
          <>
            <Text>{t('ui.welcome.processorChanged')}</Text>
            <Text>{t('ui.welcome.enterCardAgain')}</Text>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void onContinue()} loading={busy}>
            {t('ui.common.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
