import { Button, Card, Fieldset, Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { accountMessages, languages, UpdatePreferenceInput, type UserRecord } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { ACCOUNT_TITLE_ID, AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { AnchorLink } from '../../components/AnchorLink.tsx';
import { confirmDialog } from '../../components/ConfirmDialog/confirm-dialog.tsx';
import { contractResolver } from '../../lib/forms.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom, setCurrentUserAtom } from '../../state/session.ts';

export const Route = createFileRoute('/_auth/account/notifications')({ component: NotificationsPage });

type Preferences = z.output<typeof UpdatePreferenceInput>;
type SwitchName = Exclude<keyof Preferences, 'language'>;

/** The switches, in the order shown: how we reach the user, then what we tell them (issue 31). */
const channelSwitches = [
  { name: 'email_notifications', label: 'ui.notifications.email', hint: 'ui.notify.emailHint' },
  { name: 'sms_notifications', label: 'ui.notifications.sms', hint: 'ui.notify.smsHint' },
] as const satisfies readonly { name: SwitchName; label: string; hint: string }[];
const kindSwitches = [
  { name: 'outbid_alerts', label: 'ui.notifications.outbid', hint: 'ui.notify.outbidHint' },
  { name: 'closing_reminders', label: 'ui.notifications.closing', hint: 'ui.notify.closingHint' },
  { name: 'won_notices', label: 'ui.notify.won', hint: 'ui.notify.wonHint' },
  // Issue 37: asked for, never on by default (an absent choice is off).
  { name: 'coming_up_notices', label: 'ui.notify.comingUp', hint: 'ui.notify.comingUpHint' },
] as const satisfies readonly { name: SwitchName; label: string; hint: string }[];
const fields = [
  ...channelSwitches.map((s) => s.name),
  ...kindSwitches.map((s) => s.name),
  'language',
] as const;

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
      <PreferencesForm key={fields.map((name) => preferences[name]).join()} saved={preferences} user={user} />
    </AccountSettings>
  );
}

function PreferencesForm({ saved, user }: { saved: Preferences; user: UserRecord }) {
  const { t } = useTranslation();
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    control,
    handleSubmit,
    watch,
    formState: { isSubmitting, isDirty },
  } = useForm<Preferences, unknown, Preferences>({
    defaultValues: saved,
    resolver: contractResolver(UpdatePreferenceInput, (values: Preferences) => values),
  });
  const textsWithoutPhone = watch('sms_notifications') && !user.phone_verified;

  // seeds 001 §7 resetUserProfile (issue 38 §3): every choice back to a new account's, the language kept.
  const askReset = () =>
    confirmDialog({
      title: t('ui.accountExtras.reset.title'),
      children: <Text size="sm">{t('ui.accountExtras.reset.body')}</Text>,
      confirmLabel: t('ui.accountExtras.reset.confirm'),
      confirmTestId: 'reset-preferences-confirm',
      onConfirm: async () => {
        const { responseData, message } = await callForMessage('resetUserProfile', {});
        setUser(responseData);
        pushAlert({ msg: messageOr(message, t('ui.accountExtras.reset.done')), type: 'success' });
      },
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

  // The hint is the switch's description, beside its name (inside the label it would be part of it).
  const switchFor = (option: (typeof channelSwitches)[number] | (typeof kindSwitches)[number]) => (
    <Stack key={option.name} gap={4}>
      <Controller
        control={control}
        name={option.name}
        render={({ field: { value, onChange, onBlur, name, ref } }) => (
          <Switch
            ref={ref}
            name={name}
            checked={value === true}
            onChange={(event) => onChange(event.currentTarget.checked)}
            onBlur={onBlur}
            label={t(option.label)}
            aria-describedby={`${option.name}-hint`}
            size="md"
          />
        )}
      />
      <Text id={`${option.name}-hint`} size="sm" pl={62}>
        {t(option.hint)}
      </Text>
    </Stack>
  );

  return (
    <Card component="section" maw={620}>
      <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={ACCOUNT_TITLE_ID}>
        <Stack gap="lg">
          <Text>{t('ui.notify.intro')}</Text>
          <Fieldset
            variant="unstyled"
            legend={
              <Text fw={700} fz="lg">
                {t('ui.notify.channels')}
              </Text>
            }
          >
            <Stack gap="md">
              {channelSwitches.map(switchFor)}
              {textsWithoutPhone && (
                <Text size="sm" c="orange.9" data-testid="sms-needs-phone">
                  <Trans
                    i18nKey="ui.notify.smsNeedsPhone"
                    components={{ profile: <AnchorLink to="/account/profile" /> }}
                  />
                </Text>
              )}
            </Stack>
          </Fieldset>
          <Fieldset
            variant="unstyled"
            legend={
              <Text fw={700} fz="lg">
                {t('ui.notify.kinds')}
              </Text>
            }
          >
            <Stack gap="md">{kindSwitches.map(switchFor)}</Stack>
          </Fieldset>
          <Controller
            control={control}
            name="language"
            render={({ field: { value, onChange, onBlur, name, ref } }) => (
              <NativeSelect
                ref={ref}
                name={name}
                value={value}
                onChange={(event) => onChange(event.currentTarget.value)}
                onBlur={onBlur}
                label={t('ui.notify.language')}
                data={languages.map((l) => ({ value: l.code, label: l.label }))}
                maw={320}
              />
            )}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={askReset} data-testid="reset-preferences">
              {t('ui.accountExtras.reset.button')}
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('ui.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
