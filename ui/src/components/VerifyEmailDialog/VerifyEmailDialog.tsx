import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { accountMessages } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useState } from 'react';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';

/** seeds 001 §5: the OTP input is 6 digits. */
const CODE_LENGTH = 6;

export interface VerifyEmailDialogProps {
  opened: boolean;
  /** Where the code was sent. */
  email: string;
  onClose: () => void;
  /** Ask for a fresh code when the dialog opens (the profile's button; registration already sent one). */
  sendOnOpen?: boolean;
}

/** The 'Verify your e-mail' dialog: a 6-digit code (verifyEmailVerifyCode) and 'Resend code'. */
export function VerifyEmailDialog({ opened, email, onClose, sendOnOpen = false }: VerifyEmailDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const pushAlert = useSetAtom(pushAlertAtom);
  const setUser = useSetAtom(setCurrentUserAtom);

  const resend = async () => {
    setBusy('resend');
    setError(null);
    try {
      const { message } = await callForMessage('sendEmailVerifyCode', {});
      pushAlert({ msg: messageOr(message, accountMessages.verificationSent), type: 'success' });
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
      const { responseData: user, message } = await callForMessage('verifyEmailVerifyCode', { code: value });
      setUser(user);
      pushAlert({ msg: messageOr(message, accountMessages.emailVerified), type: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Verify your e-mail" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            We sent a {CODE_LENGTH}-digit code to <strong>{email}</strong>. Enter it below to verify your
            e-mail address.
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
            ariaLabel="Verification code"
            data-testid="verify-code"
          />
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => void resend()} loading={busy === 'resend'}>
              Resend code
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Later
              </Button>
              <Button type="submit" loading={busy === 'verify'} disabled={code.length !== CODE_LENGTH}>
                Verify
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
