import { SendBackLotInput } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import type { FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { NoteDialog } from './NoteDialog.tsx';

/** An admin sends a seller's listing back with a note saying what to change (the seller sees the note). */
export function SendBackLotDialog({ title, ...actions }: FormDialogActions<string> & { title: string }) {
  const { t } = useTranslation();
  return (
    <NoteDialog
      title={t('ui.staff.review.sendBackTitle', { title })}
      submitLabel={t('ui.staff.review.sendBack')}
      hint={t('ui.staff.review.sendBackHint')}
      label={t('ui.staff.review.note')}
      rows={3}
      field={SendBackLotInput.shape.note}
      {...actions}
    />
  );
}
