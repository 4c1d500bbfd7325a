import { Button, TextInput } from '@mantine/core';
import { type InputOf, InviteUserInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { FormDialog } from '../FormDialog/FormDialog.tsx';

type Invite = InputOf<'inviteUser'>;

/**
 * Issue 34 "People": an admin invites someone to register (seeds 001 §7 `invite`): their e-mail and
 * name; the server mails them a link to /invite that opens the registration form filled in.
 */
export function InviteButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)} data-testid="invite-open">
        {t('ui.staff.users.invite')}
      </Button>
      {open ? <InviteDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const form = useForm<Invite, unknown, Invite>({
    defaultValues: { email: '', first_name: '', last_name: '' },
    resolver: contractResolver(InviteUserInput, (values: Invite) => values),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.users.inviteTitle')}
      submitLabel={t('ui.staff.users.inviteSend')}
      form={form}
      onClose={onClose}
      onSubmit={async (input) => {
        const { message } = await callForMessage('inviteUser', input);
        pushAlert({
          msg: messageOr(message, t('ui.staff.users.invited', { email: input.email })),
          type: 'success',
        });
      }}
    >
      <TextInput
        label={t('ui.staff.users.email')}
        type="email"
        required
        {...register('email')}
        error={errors.email?.message}
      />
      <TextInput
        label={t('ui.staff.users.firstName')}
        required
        {...register('first_name')}
        error={errors.first_name?.message}
      />
      <TextInput
        label={t('ui.staff.users.lastName')}
        required
        {...register('last_name')}
        error={errors.last_name?.message}
      />
    </FormDialog>
  );
}
