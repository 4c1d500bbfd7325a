import { Grid, NativeSelect, TextInput } from '@mantine/core';
import { usStateCodes, usStates } from '@wine/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { t as translate } from '../../i18n/index.ts';
import { blankToUndefined } from '../../lib/forms.ts';
import { DateField } from '../FormFields/DateField.tsx';
import { cardGrid } from './InvestingCard.tsx';
import { type Domicile, domicileLabel } from './investing-labels.ts';

/** A person as the forms hold them: every field a string ('' for none yet, or kept as it is). */
export interface PersonValues {
  first_name: string;
  last_name: string;
  email: string;
  dob: string;
  domicile: Domicile | '';
  address1: string;
  city: string;
  state: string;
  zip: string;
  ssn: string;
}
type AddressField = 'address1' | 'city' | 'state' | 'zip';

export const emptyPerson: PersonValues = {
  first_name: '',
  last_name: '',
  email: '',
  dob: '',
  domicile: '',
  address1: '',
  city: '',
  state: '',
  zip: '',
  ssn: '',
};
/** A person's fields, in the order the forms show them (and a refusal names them). */
export const personFields = Object.keys(emptyPerson) as (keyof PersonValues)[];

/** A new person's input: the SSN left empty is absent (never an empty string to the identity check). */
export const personInput = (person: PersonValues) => ({ ...person, ssn: blankToUndefined(person.ssn) });

/**
 * How the fields are filled: a new person's (every field but the SSN required, the browser's autofill
 * kept to `section`, so one address is not filled into another's), or a correction of one North Capital
 * already has (every field optional, '' keeps what it has; no autofill, it is a change, not a profile).
 */
export type Filling = { section: string } | 'correction';

const autofill = (filling: Filling, token: string) =>
  filling === 'correction' ? 'off' : `section-${filling.section} ${token}`;

/** A select's first choice: none yet (to be chosen), or for a correction, keep what the service has. */
const blank = (filling: Filling, none: 'ui.investing.chooseOne' | 'ui.investing.chooseState') =>
  filling === 'correction'
    ? { value: '', label: translate('ui.investing.keepAsIs') }
    : { value: '', label: translate(none), disabled: true };
const domicileChoices = (filling: Filling) => [
  blank(filling, 'ui.investing.chooseOne'),
  ...Object.entries(domicileLabel).map(([value, label]) => ({ value, label: translate(label) })),
];
const stateChoices = (filling: Filling) => [
  blank(filling, 'ui.investing.chooseState'),
  ...usStateCodes.map((code) => ({ value: code, label: usStates[code].name })),
];

export type Register<F extends string> = (field: F) => UseFormRegisterReturn;
export type ErrorOf<F extends string> = (field: F) => string | undefined;

/** Street, city, state and ZIP, as columns of the form's grid. */
export function AddressFields({
  field,
  errorOf,
  filling,
}: {
  field: Register<AddressField>;
  errorOf: ErrorOf<AddressField>;
  filling: Filling;
}) {
  const { t } = useTranslation();
  const required = filling !== 'correction';
  return (
    <>
      <Grid.Col span={12}>
        <TextInput
          label={t('ui.investing.street')}
          autoComplete={autofill(filling, 'address-line1')}
          required={required}
          error={errorOf('address1')}
          {...field('address1')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label={t('ui.common.city')}
          autoComplete={autofill(filling, 'address-level2')}
          required={required}
          error={errorOf('city')}
          {...field('city')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 4 }}>
        <NativeSelect
          label={t('ui.common.state')}
          autoComplete={autofill(filling, 'address-level1')}
          required={required}
          data={stateChoices(filling)}
          error={errorOf('state')}
          {...field('state')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 3 }}>
        <TextInput
          label={t('ui.common.zip')}
          autoComplete={autofill(filling, 'postal-code')}
          inputMode="numeric"
          maxLength={10}
          required={required}
          error={errorOf('zip')}
          {...field('zip')}
        />
      </Grid.Col>
    </>
  );
}

/** One person's fields: name, e-mail, date of birth, domicile, the optional SSN and the address. */
export function PersonFields({
  field,
  errorOf,
  filling,
}: {
  field: Register<keyof PersonValues>;
  errorOf: ErrorOf<keyof PersonValues>;
  filling: Filling;
}) {
  const { t } = useTranslation();
  const required = filling !== 'correction';
  return (
    <Grid gap="sm" {...cardGrid}>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.common.firstName')}
          autoComplete={autofill(filling, 'given-name')}
          required={required}
          error={errorOf('first_name')}
          {...field('first_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.common.lastName')}
          autoComplete={autofill(filling, 'family-name')}
          required={required}
          error={errorOf('last_name')}
          {...field('last_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.common.email')}
          type="email"
          autoComplete={autofill(filling, 'email')}
          required={required}
          error={errorOf('email')}
          {...field('email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DateField
          label={t('ui.investing.dob')}
          autoComplete={autofill(filling, 'bday')}
          required={required}
          error={errorOf('dob')}
          {...field('dob')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          label={t('ui.investing.domicile')}
          required={required}
          data={domicileChoices(filling)}
          error={errorOf('domicile')}
          {...field('domicile')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.investing.ssn')}
          description={t('ui.investing.ssnNote')}
          placeholder="123-45-6789"
          autoComplete="off"
          inputMode="numeric"
          maxLength={11}
          error={errorOf('ssn')}
          {...field('ssn')}
        />
      </Grid.Col>
      <AddressFields field={field} errorOf={errorOf} filling={filling} />
    </Grid>
  );
}
