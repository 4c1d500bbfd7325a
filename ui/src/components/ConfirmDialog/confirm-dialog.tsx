import { Stack } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { DialogFailure } from '../FormDialog/FormDialog.tsx';
import { modalsReady } from './ModalsHost.tsx';

export interface ConfirmDialogOptions {
  title: string;
  /** The question, and what the user should know before saying yes. */
  children: ReactNode;
  confirmLabel: string;
  /** A removal: the confirm button is red. */
  destructive?: boolean;
  /** The confirm button's test id. */
  confirmTestId?: string;
  /**
   * Runs on confirm. The dialog stays open, its button busy, until this settles: it closes when this
   * resolves; when this rejects it says why (the server's message), so the user can try again or cancel.
   */
  onConfirm: () => Promise<void>;
}

/**
 * Every "are you sure?" of the app: one @mantine/modals confirm modal (its provider loads with the
 * first one: ModalsHost.tsx), Cancel and the action, in the current language. Returns the modal's id.
 */
export function confirmDialog({
  title,
  children,
  confirmLabel,
  destructive = false,
  confirmTestId,
  onConfirm,
}: ConfirmDialogOptions): string {
  const body = (failure: string | null) => (
    <Stack gap="md">
      {children}
      <DialogFailure message={failure} />
    </Stack>
  );
  const confirmProps = (loading: boolean) => ({
    loading,
    ...(destructive && { color: 'red' }),
    ...(confirmTestId && { 'data-testid': confirmTestId }),
  });
  const modalId = randomId();
  const open = () =>
    modals.openConfirmModal({
      modalId,
      title,
      centered: true,
      closeButtonProps: { 'aria-label': t('ui.common.close') },
      labels: { confirm: confirmLabel, cancel: t('ui.common.cancel') },
      children: body(null),
      confirmProps: confirmProps(false),
      closeOnConfirm: false,
      onConfirm: () => {
        modals.updateModal({ modalId, children: body(null), confirmProps: confirmProps(true) });
        onConfirm().then(
          () => modals.close(modalId),
          (error: unknown) =>
            modals.updateModal({
              modalId,
              children: body(errorMessage(error)),
              confirmProps: confirmProps(false),
            }),
        );
      },
    });
  void modalsReady().then(open);
  return modalId;
}
