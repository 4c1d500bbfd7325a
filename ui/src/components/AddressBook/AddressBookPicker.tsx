import { Button, Group, Select, Text } from '@mantine/core';
import type { CheckoutAddress } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { formAddressOf, savedAddressLine, useAddressBook, useAddressBookChange } from './address-book.ts';

/**
 * Issue 31: at checkout, an address from the buyer's address book fills the form (`onPick`); the
 * address in the form can be saved to the book.
 */
export function AddressBookPicker({
  name,
  onPick,
}: {
  /** 'delivery' or 'billing': names the field. */
  name: string;
  onPick: (address: CheckoutAddress) => void;
}) {
  const { t } = useTranslation();
  const book = useAddressBook();
  const records = book.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <Select
      label={t('ui.invoiceUx.useSaved')}
      placeholder={t('ui.invoiceUx.chooseSaved')}
      data={records.map((r) => ({ value: r.id, label: savedAddressLine(r) }))}
      value={null}
      onChange={(id) => {
        const saved = records.find((r) => r.id === id);
        if (saved) onPick(formAddressOf(saved));
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid={`${name}-address-book`}
      mb="sm"
    />
  );
}

/** Issue 31: 'Save to my address book' under the delivery address at checkout. */
export function SaveToAddressBook({ address }: { address: CheckoutAddress }) {
  const { t } = useTranslation();
  const { save } = useAddressBookChange();
  const book = useAddressBook();
  const [saved, setSaved] = useState<string | null>(null);
  const key = JSON.stringify(formAddressOf({ id: '', label: '', ...address }));
  const complete = Boolean(address.address1 && address.city && address.state && address.zip);
  // An address the book has already (picked from it, or saved a moment ago) is not offered again.
  const known = (book.data?.records ?? []).some((r) => JSON.stringify(formAddressOf(r)) === key);
  return (
    <Group gap="sm" align="center">
      <Button
        variant="subtle"
        size="compact-sm"
        disabled={!complete || saved === key || known}
        loading={save.isPending}
        onClick={() => save.mutate({ label: '', address }, { onSuccess: () => setSaved(key) })}
        data-testid="save-to-address-book"
      >
        {t('ui.invoiceUx.saveToBook')}
      </Button>
      {saved === key ? (
        <Text size="sm" c="green.9" role="status">
          {t('ui.invoiceUx.savedToBook')}
        </Text>
      ) : null}
      {save.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(save.error)}
        </Text>
      ) : null}
    </Group>
  );
}
