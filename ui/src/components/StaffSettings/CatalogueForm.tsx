import { SimpleGrid, Textarea } from '@mantine/core';
import { ChangeCatalogueInput, type StaffSettings } from '@wine/contracts';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { TextArea } from '../FormFields/TextArea.tsx';
import { NumberField, SettingsCard, useSectionSubmit } from './SettingsCard.tsx';
import { useSaveSection } from './StaffSettings.tsx';

type CatalogueValues = Omit<ChangeCatalogueInput, 'lotsPerMinute'> & { lotsPerMinute: number | string };

const catalogueInput = (v: CatalogueValues): ChangeCatalogueInput => ({
  ...v,
  lotsPerMinute: v.lotsPerMinute === '' ? Number.NaN : Number(v.lotsPerMinute),
});
const fields: FieldPath<CatalogueValues>[] = [
  'premiumText.en',
  'premiumText.es',
  'welcomeText.en',
  'welcomeText.es',
  'lotsPerMinute',
];
const languages = ['en', 'es'] as const;

/**
 * The catalogue's words and defaults: the buyer's premium explained beside every bid box, the welcome
 * popup's text, in each language (empty keeps the standard text, shown as the placeholder), and the
 * staggered close a new auction starts with.
 */
export function CatalogueForm({
  catalogue,
  premium,
}: {
  catalogue: StaffSettings['catalogue'];
  premium: number;
}) {
  const { t } = useTranslation();
  const save = useSaveSection();
  const form = useForm<CatalogueValues, unknown, ChangeCatalogueInput>({
    defaultValues: catalogue,
    resolver: contractResolver(ChangeCatalogueInput, catalogueInput),
  });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const { failure, run } = useSectionSubmit<CatalogueValues>(fields, form.setError);
  const language = {
    en: t('ui.houseSettings.catalogue.english'),
    es: t('ui.houseSettings.catalogue.spanish'),
  };
  const standardWelcome = (lng: string) =>
    `${t('ui.welcome.processorChanged', { lng })}\n\n${t('ui.welcome.enterCardAgain', { lng })}`;
  return (
    <SettingsCard
      testId="settings-catalogue"
      title={t('ui.houseSettings.catalogue.title')}
      hint={t('ui.houseSettings.catalogue.hint')}
      failure={failure}
      saving={isSubmitting}
      onSubmit={handleSubmit((input) => run(() => save('changeCatalogueSettings', input)))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {languages.map((lng) => (
          <TextArea
            key={`premium-${lng}`}
            label={t('ui.houseSettings.catalogue.premiumText', { language: language[lng] })}
            description={t('ui.houseSettings.catalogue.premiumTextHint')}
            placeholder={t('ui.bidBox.premiumNote', { lng, premium })}
            maxLength={1000}
            lang={lng}
            {...register(`premiumText.${lng}`)}
            error={errors.premiumText?.[lng]?.message}
          />
        ))}
        {languages.map((lng) => (
          <Textarea
            key={`welcome-${lng}`}
            label={t('ui.houseSettings.catalogue.welcomeText', { language: language[lng] })}
            description={t('ui.houseSettings.catalogue.welcomeTextHint')}
            placeholder={standardWelcome(lng)}
            rows={5}
            maxLength={2000}
            lang={lng}
            {...register(`welcomeText.${lng}`)}
            error={errors.welcomeText?.[lng]?.message}
          />
        ))}
        <NumberField
          control={control}
          name="lotsPerMinute"
          label={t('ui.houseSettings.catalogue.lotsPerMinute')}
          description={t('ui.houseSettings.catalogue.lotsPerMinuteHint')}
          min={1}
          max={60}
          allowDecimal={false}
        />
      </SimpleGrid>
    </SettingsCard>
  );
}
