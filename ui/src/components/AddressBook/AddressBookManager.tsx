import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { CheckoutAddress as AddressSchema, type CheckoutAddress } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { emptyAddress } from '../../lib/cart.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { type AddressErrors, AddressForm } from '../Checkout/AddressForm.tsx';
import { LoadError } from '../LoadError/LoadError.tsx';
import { savedAddressLine, useAddressBook, useAddressBookChange } from './address-book.ts';

/** Issue 31: the address book in My Account: the saved addresses, removing one, adding one. */
export function AddressBookManager() {
  const { t } = useTranslation();
  const book = useAddressBook();
  const { save, remove } = useAddressBookChange();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState<CheckoutAddress>(emptyAddress);
  const [errors, setErrors] = useState<AddressErrors>({});

  if (book.isError) return <LoadError error={book.error} />;
  const records = book.data?.records ?? [];
  const max = book.data?.max ?? 10;
  const full = records.length >= max;

  const add = () => {
    const checked = AddressSchema.safeParse(address);
    if (!checked.success) {
      const found: AddressErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof AddressErrors;
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    save.mutate(
      { label: label.trim(), address: checked.data },
      {
        onSuccess: () => {
          setLabel('');
          setAddress(emptyAddress);
          pushAlert({ msg: t('ui.invoiceUx.bookSaved'), type: 'success' });
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={720}>
      <Card component="section" aria-labelledby="book-list-title">
        <Title order={2} fz={22} id="book-list-title" mb={4}>
          {t('ui.invoiceUx.bookTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('ui.invoiceUx.bookIntro', { max })}
        </Text>
        {!book.data ? (
          <Skeleton height={60} />
        ) : records.length === 0 ? (
          <Text size="sm" data-testid="address-book-empty">
            {t('ui.invoiceUx.bookEmpty')}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="address-book"
          >
            {records.map((saved) => (
              <Group
                key={saved.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                data-testid="address-book-entry"
              >
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {savedAddressLine(saved)}
                </Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  style={{ flexShrink: 0 }}
                  aria-label={t('ui.invoiceUx.bookRemoveNamed', { address: savedAddressLine(saved) })}
                  loading={remove.isPending && remove.variables === saved.id}
                  onClick={() =>
                    remove.mutate(saved.id, {
                      onSuccess: () => pushAlert({ msg: t('ui.invoiceUx.bookRemoved'), type: 'success' }),
                    })
                  }
                >
                  {t('ui.invoiceUx.bookRemove')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
      <Card component="section" aria-labelledby="book-add-title">
        <Title order={2} fz={22} id="book-add-title" mb="sm">
          {t('ui.invoiceUx.bookAdd')}
        </Title>
        {full ? (
          <Alert color="yellow" data-testid="address-book-full">
            {t('ui.invoiceUx.bookFull')}
          </Alert>
        ) : (
          <Stack gap="sm">
            <TextInput
              label={t('ui.invoiceUx.bookLabel')}
              value={label}
              maxLength={60}
              onChange={(event) => setLabel(event.currentTarget.value)}
            />
            <AddressForm
              legend={t('ui.invoiceUx.bookAddress')}
              name="book"
              value={address}
              onChange={setAddress}
              errors={errors}
            />
            {save.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(save.error)}
              </Alert>
            ) : null}
            <Button w="fit-content" onClick={add} loading={save.isPending} data-testid="address-book-save">
              {t('ui.invoiceUx.bookSave')}
            </Button>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
