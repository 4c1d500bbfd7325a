import { Alert, Fieldset, Grid, Select, TextInput } from '@mantine/core';
import { type CheckoutAddress, type PlaceAddressView, usStateCodes, usStates } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { AddressSuggest } from '../AddressSuggest/AddressSuggest.tsx';

/** The US states for the state select: the code is the value (what the API takes), the name is shown. */
const stateOptions = usStateCodes.map((code) => ({ value: code, label: usStates[code].name }));

export type AddressErrors = Partial<Record<keyof CheckoutAddress, string>>;

export interface AddressFormProps {
  legend: string;
  /** Names the fields' ids and test ids ('delivery', 'billing'). */
  name: string;
  value: CheckoutAddress;
  onChange: (address: CheckoutAddress) => void;
  errors?: AddressErrors;
  /** What the server said of the whole address (ADDRESS_INVALID). */
  problem?: string | null;
  /**
   * Issue 35 §5: a suggested address was chosen (its parts are already in the form): its coordinates,
   * full address and place id, for a caller whose address keeps them (seeds 001 §3).
   */
  onPlace?: (place: PlaceAddressView) => void;
}

/** seeds 001 §3 "Address form" as checkout asks it: address1, city, state (a US state), ZIP. */
export function AddressForm({
  legend,
  name,
  value,
  onChange,
  errors = {},
  problem,
  onPlace,
}: AddressFormProps) {
  const { t } = useTranslation();
  // An address changed by hand is no longer the chosen suggestion's place: its coordinates go.
  const set = (field: keyof CheckoutAddress) => (text: string) => {
    const { latitude: _lat, longitude: _lng, place_id: _place, ...typed } = value;
    onChange({ ...(field === 'address2' ? value : typed), [field]: text });
  };
  // A chosen suggestion fills the street, city, state and ZIP, and where it is (seeds 001 §3); the
  // second line stays the buyer's.
  const pick = (place: PlaceAddressView) => {
    const { address1, city, state, zip, latitude, longitude, place_id } = place;
    onChange({
      ...value,
      address1,
      city,
      state: state in usStates ? state : value.state,
      zip,
      latitude,
      longitude,
      place_id,
    });
    onPlace?.(place);
  };
  return (
    <Fieldset
      legend={legend}
      data-testid={`${name}-address`}
      variant="unstyled"
      styles={{ legend: { fontWeight: 600, marginBottom: 'var(--mantine-spacing-xs)' } }}
    >
      <Grid gap="sm">
        <Grid.Col span={12}>
          <AddressSuggest
            label={t('ui.checkout.street')}
            autoComplete={`section-${name} address-line1`}
            required
            value={value.address1}
            onChange={set('address1')}
            onPick={pick}
            error={errors.address1}
            data-testid={`${name}-address1`}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label={t('ui.invoiceUx.address2')}
            autoComplete={`section-${name} address-line2`}
            value={value.address2 ?? ''}
            onChange={(event) => set('address2')(event.currentTarget.value)}
            error={errors.address2}
            data-testid={`${name}-address2`}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('ui.common.city')}
            autoComplete={`section-${name} address-level2`}
            required
            value={value.city}
            onChange={(event) => set('city')(event.currentTarget.value)}
            error={errors.city}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 4 }}>
          <Select
            label={t('ui.common.state')}
            placeholder={t('ui.checkout.chooseState')}
            data={stateOptions}
            searchable
            required
            value={value.state || null}
            onChange={(code) => set('state')(code ?? '')}
            error={errors.state}
            comboboxProps={{ withinPortal: true }}
            data-testid={`${name}-state`}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 3 }}>
          <TextInput
            label={t('ui.common.zip')}
            autoComplete={`section-${name} postal-code`}
            inputMode="numeric"
            required
            value={value.zip}
            onChange={(event) => set('zip')(event.currentTarget.value)}
            error={errors.zip}
          />
        </Grid.Col>
      </Grid>
      {problem ? (
        <Alert color="red" mt="sm" role="alert" data-testid={`${name}-address-problem`}>
          {problem}
        </Alert>
      ) : null}
    </Fieldset>
  );
}
