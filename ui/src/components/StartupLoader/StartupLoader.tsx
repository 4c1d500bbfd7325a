import { Loader, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionAtom } from '../../state/session.ts';
import classes from './StartupLoader.module.css';
import { useStartupData } from './startup-data.ts';

/** seeds 000 §2.4 / §9: the start-up loader hides by itself after 2.5 seconds. */
export const STARTUP_LOADER_MAX_MS = 2500;

/**
 * seeds 000 §2.4: shown at start while a stored token is being validated (a visitor without one sees
 * it end at once); the global variables, all countries and all states load meanwhile.
 */
export function StartupLoader() {
  const { t } = useTranslation();
  useStartupData();
  const validating = useAtomValue(sessionAtom).status === 'validating';
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), STARTUP_LOADER_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!validating || expired) return null;
  return (
    <div className={classes.overlay} data-testid="startup-loader">
      <Stack align="center" gap="sm" role="status">
        <Loader color="burgundy" />
        <Text size="sm" c="dimmed">
          {t('ui.layout.startupLoading')}
        </Text>
      </Stack>
    </div>
  );
}
