import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { accountMessages, type LoginResult, type UserRecord } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';

/** seeds 001 §5: the OTP input is 6 digits. */
const CODE_LENGTH = 6;

/** What is being verified: the e-mail address (code by e-mail) or the phone (code by text message). */
export type VerifyChannel = 'email' | 'phone';

/**
 * Per channel: the dialog's words (their keys), the actions that send and check the code, and their
 * messages (read when shown, in the current language).
 */
const channels = {
  email: {
    title: 'ui.verifyCode.emailTitle',
    sentTo: 'ui.verifyCode.sentEmail',
    send: 'sendEmailVerifyCode',
    verify: 'verifyEmailVerifyCode',
    sent: () => accountMessages.verificationSent,
    verified: () => accountMessages.emailVerified,
  },
  phone: {
    title: 'ui.verifyCode.phoneTitle',
    sentTo: 'ui.verifyCode.sentPhone',
    send: 'sendPhoneVerifyCode',
    verify: 'verifyPhoneVerifyCode',
    sent: () => accountMessages.phoneCodeSent,
    verified: () => accountMessages.phoneVerified,
  },
} as const satisfies Record<VerifyChannel, object>;

export interface VerifyCodeDialogProps {
  opened: boolean;
  channel: VerifyChannel;
  /** Where the code was sent, as the user knows it (the e-mail address, the formatted phone number). */
  to: string;
  onClose: () => void;
  /** Ask for a fresh code when the dialog opens (the profile's buttons; registration already sent one). */
  sendOnOpen?: boolean;
  /**
   * A registration's code, with no session yet: the code goes with the address `to`, and a verified
   * code answers the new user's session (seeds 001 §7 verifyEmailVerifyCode "may return a token").
   */
  onRegistered?: (session: LoginResult) => void;
}

/**
 * The 'Verify your e-mail' / 'Verify your phone' dialog: a 6-digit code and 'Resend code'. A verified
 * code answers the user record, which becomes the session's.
 */
export function VerifyCodeDialog({
  opened,
  channel,
  to,
  onClose,
  sendOnOpen = false,
  onRegistered,
}: VerifyCodeDialogProps) {
  // A registration's calls carry the address and no token (the caller has no session yet).
  const registration = onRegistered !== undefined && channel === 'email';
  const target = registration ? { email: to } : {};
  const options = registration ? { token: null } : {};
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const pushAlert = useSetAtom(pushAlertAtom);
  const setUser = useSetAtom(setCurrentUserAtom);
  const words = channels[channel];
  const { t } = useTranslation();

  const resend = async () => {
    setBusy('resend');
    setError(null);
    try {
      const { message } = await callForMessage(words.send, target, options);
      pushAlert({ msg: messageOr(message, words.sent()), type: 'success' });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const sendFirstCode = useEffectEvent(() => void resend());
  useEffect(() => {
    if (opened) {
      setCode('');
      setError(null);
      if (sendOnOpen) sendFirstCode();
    }
  }, [opened, sendOnOpen]);

  const verify = async (value: string) => {
    if (value.length !== CODE_LENGTH || busy) return;
    setBusy('verify');
    setError(null);
    try {
      const { responseData, message } = await callForMessage(
        words.verify,
        { code: value, ...target },
        options,
      );
      pushAlert({ msg: messageOr(message, words.verified()), type: 'success' });
      // A registration's code answers the new session; whoever opened the dialog takes it from there.
      if (registration && 'token' in responseData) {
        onRegistered?.(responseData);
        return;
      }
      setUser(responseData as UserRecord);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(words.title)}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans
              i18nKey={words.sentTo}
              values={{ length: CODE_LENGTH, to }}
              components={{ strong: <strong /> }}
            />
          </Text>
          <PinInput
            length={CODE_LENGTH}
            type="number"
            oneTimeCode
            inputMode="numeric"
            value={code}
            onChange={setCode}
            onComplete={(value) => void verify(value)}
            error={Boolean(error)}
            ariaLabel={t('ui.verifyCode.codeLabel')}
            data-testid="verify-code"
          />
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void resend()} loading={busy === 'resend'}>
              {t('ui.verifyCode.resend')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('ui.verifyCode.later')}
              </Button>
              <Button type="submit" loading={busy === 'verify'} disabled={code.length !== CODE_LENGTH}>
                {t('ui.verifyCode.verify')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
