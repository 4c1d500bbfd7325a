import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AccountSettings } from '../../components/AccountSettings/AccountSettings.tsx';
import { AddressBookManager } from '../../components/AddressBook/AddressBookManager.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** Issue 31: the buyer's address book, in the account settings. */
export const Route = createFileRoute('/_auth/account/addresses')({ component: AddressesPage });

function AddressesPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.invoiceUx.bookTitle')) });
  return (
    <AccountSettings title={t('ui.invoiceUx.bookTitle')}>
      <AddressBookManager />
    </AccountSettings>
  );
}
