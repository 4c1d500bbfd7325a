import { WithdrawLotInput } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import type { FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { NoteDialog } from './NoteDialog.tsx';

/** An admin withdraws a lot, saying why (the reason is on the LotWithdrawn event, in the lot's history). */
export function WithdrawLotDialog({ title, ...actions }: FormDialogActions<string> & { title: string }) {
  const { t } = useTranslation();
  return (
    <NoteDialog
      title={t('ui.staff.editor.withdrawTitle', { title })}
      submitLabel={t('ui.staff.editor.withdraw')}
      hint={t('ui.staff.editor.withdrawHint')}
      label={t('ui.staff.editor.withdrawReason')}
      rows={2}
      field={WithdrawLotInput.shape.reason}
      {...actions}
    />
  );
}
