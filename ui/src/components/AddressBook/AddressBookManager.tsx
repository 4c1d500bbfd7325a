import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CheckoutAddress as AddressSchema, type CheckoutAddress } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { emptyAddress } from '../../lib/cart.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { type AddressErrors, AddressForm } from '../Checkout/AddressForm.tsx';
import { LoadError } from '../LoadError/LoadError.tsx';
import { addressLine, savedAddressLine, useAddressBook, useAddressBookChange } from './address-book.ts';

/** The same address but for case and spaces: no suggestion worth offering. */
const sameAddress = (a: CheckoutAddress, b: CheckoutAddress) =>
  addressLine(a).replace(/\s+/g, ' ').toUpperCase() === addressLine(b).replace(/\s+/g, ' ').toUpperCase();

/**
 * Issue 31: the address book in My Account: the saved addresses, removing one, adding one. An address
 * added is checked first (seeds 001 §7 "tax/avalara isValidAddress"): one the service refuses is not
 * saved and the reason is shown; one it writes otherwise is offered as a suggestion to take or leave; a
 * check that gets no answer keeps nothing from being saved.
 */
export function AddressBookManager() {
  const { t } = useTranslation();
  const book = useAddressBook();
  const { save, remove } = useAddressBookChange();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState<CheckoutAddress>(emptyAddress);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [suggestion, setSuggestion] = useState<{ typed: CheckoutAddress; suggested: CheckoutAddress } | null>(
    null,
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (typed: CheckoutAddress) => callForMessage('isValidAddress', typed),
  });

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
    setRefusal(null);
    setSuggestion(null);
    const typed = checked.data;
    check.mutate(typed, {
      onSuccess: ({ message, responseData }) => {
        if (!responseData.valid) return setRefusal(message);
        const suggested = responseData.address ? { ...typed, ...responseData.address } : typed;
        if (sameAddress(typed, suggested)) keep(typed);
        else setSuggestion({ typed, suggested });
      },
      onError: () => keep(typed),
    });
  };

  const keep = (chosen: CheckoutAddress) => {
    setSuggestion(null);
    save.mutate(
      { label: label.trim(), address: chosen },
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
            {refusal ? (
              <Alert color="red" role="alert" data-testid="address-refused">
                {refusal}
              </Alert>
            ) : null}
            {suggestion ? (
              <Alert color="blue" title={t('ui.invoiceUx.bookSuggestion')} data-testid="address-suggestion">
                <Text size="sm" mb="xs">
                  {addressLine(suggestion.suggested)}
                </Text>
                <Group gap="xs">
                  <Button size="compact-sm" onClick={() => keep(suggestion.suggested)}>
                    {t('ui.invoiceUx.bookUseSuggested')}
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => keep(suggestion.typed)}>
                    {t('ui.invoiceUx.bookKeepTyped')}
                  </Button>
                </Group>
              </Alert>
            ) : null}
            <Button
              w="fit-content"
              onClick={add}
              loading={check.isPending || save.isPending}
              disabled={suggestion !== null}
              data-testid="address-book-save"
            >
              {t('ui.invoiceUx.bookSave')}
            </Button>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
