import { Button, Card, Group, Stack, Switch } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { accountMessages, UpdatePreferenceInput } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { ACCOUNT_TITLE_ID, AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { contractResolver } from '../../lib/forms.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom, setCurrentUserAtom } from '../../state/session.ts';

export const Route = createFileRoute('/_auth/account/notifications')({ component: NotificationsPage });

type Preferences = z.output<typeof UpdatePreferenceInput>;

/** The switches, in the order shown. */
const preferenceSwitches = [
  { name: 'email_notifications', label: 'ui.notifications.email' },
  { name: 'sms_notifications', label: 'ui.notifications.sms' },
  { name: 'outbid_alerts', label: 'ui.notifications.outbid' },
  { name: 'closing_reminders', label: 'ui.notifications.closing' },
] as const satisfies readonly { name: keyof Preferences; label: string }[];

function NotificationsPage() {
  const user = useAtomValue(currentUserAtom);
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.accountPages.notifications')) });
  // The protected layout renders this only for a validated user.
  if (!user) return null;
  const { preferences } = user;
  return (
    <AccountSettings title={t('ui.accountPages.notifications')}>
      {/* Saved preferences are a new starting point for the form. */}
      <PreferencesForm key={preferenceSwitches.map((s) => preferences[s.name]).join()} saved={preferences} />
    </AccountSettings>
  );
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const { t } = useTranslation();
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting, isDirty },
  } = useForm<Preferences, unknown, Preferences>({
    defaultValues: saved,
    resolver: contractResolver(UpdatePreferenceInput, (values: Preferences) => values),
  });

  const onValid = async (input: Preferences) => {
    try {
      const { responseData, message } = await callForMessage('updatePreference', input);
      setUser(responseData);
      pushAlert({ msg: messageOr(message, accountMessages.preferencesSaved), type: 'success' });
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };

  return (
    <Card component="section" maw={560}>
      <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={ACCOUNT_TITLE_ID}>
        <Stack gap="lg">
          {preferenceSwitches.map((option) => (
            <Controller
              key={option.name}
              control={control}
              name={option.name}
              render={({ field: { value, onChange, onBlur, name, ref } }) => (
                <Switch
                  ref={ref}
                  name={name}
                  checked={value}
                  onChange={(event) => onChange(event.currentTarget.checked)}
                  onBlur={onBlur}
                  label={t(option.label)}
                  size="md"
                />
              )}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('ui.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
