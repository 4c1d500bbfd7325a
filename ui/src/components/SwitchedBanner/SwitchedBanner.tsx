import { Button, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserAtom, switchBackAtom, switchedFromAtom } from '../../state/session.ts';

/**
 * Issue 34 "People": while a tab acts as another user (an admin's switchuser), a banner above every
 * page says whose account it is and offers the way back to the admin's own session.
 */
export function SwitchedBanner() {
  const { t } = useTranslation();
  const from = useAtomValue(switchedFromAtom);
  const user = useAtomValue(currentUserAtom);
  const switchBack = useSetAtom(switchBackAtom);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!from || !user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const back = from.name ? t('ui.layout.switchBack', { name: from.name }) : t('ui.layout.switchBackOwn');
  return (
    <Group
      role="region"
      aria-label={back}
      justify="center"
      gap="sm"
      py={6}
      px="md"
      bg="yellow.1"
      data-testid="switched-banner"
    >
      <Text size="sm" fw={600} c="dark.8">
        {t('ui.layout.actingAs', { name })}
      </Text>
      <Button
        size="compact-sm"
        color="dark"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await switchBack();
            await navigate({ to: '/admin/users/$id', params: { id: user.id } });
          } finally {
            setBusy(false);
          }
        }}
      >
        {back}
      </Button>
    </Group>
  );
}
