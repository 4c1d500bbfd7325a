import { Button, Card, Grid, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type InvestorDetails, SuitabilityInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { t as translate } from '../../i18n/index.ts';
import { contractResolver } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import classes from './Investing.module.css';
import { useInvestorAnswer, withFieldWords } from './investing-forms.ts';
import { experienceLabel, type Objective, objectiveLabel, riskLabel } from './investing-labels.ts';

type Answers = z.output<typeof SuitabilityInput>;
type Recorded = NonNullable<InvestorDetails['suitability']>;

/** The questionnaire as the form holds it: each answer a string, '' for not chosen. */
interface AnswerValues {
  risk_profile: string;
  investment_experience: string;
  private_offering_experience: string;
  time_horizon_years: string;
  objective: Objective | '';
}

type ScaleLabels = typeof riskLabel | typeof experienceLabel;
const isScale = (n: number): n is 1 | 2 | 3 | 4 | 5 => Number.isInteger(n) && n >= 1 && n <= 5;

const scaleChoices = (labels: ScaleLabels) => [
  { value: '', label: translate('ui.investing.chooseOne'), disabled: true },
  ...([1, 2, 3, 4, 5] as const).map((n) => ({ value: String(n), label: translate(labels[n]) })),
];
const objectiveChoices = () => [
  { value: '', label: translate('ui.investing.notSaying') },
  ...Object.entries(objectiveLabel).map(([value, label]) => ({ value, label: translate(label) })),
];

const number = (text: string) =>
  /^\s*\d+\s*$/.test(text) ? Number(text) : text.trim() ? Number.NaN : undefined;
/** Only the answers given: the horizon and the objective are the investor's to leave out. */
export const answersOf = (values: AnswerValues) => ({
  risk_profile: number(values.risk_profile),
  investment_experience: number(values.investment_experience),
  private_offering_experience: number(values.private_offering_experience),
  ...(number(values.time_horizon_years) !== undefined && {
    time_horizon_years: number(values.time_horizon_years),
  }),
  ...(values.objective && { objective: values.objective }),
});

const valuesOf = (recorded: Recorded | null): AnswerValues => ({
  risk_profile: recorded ? String(recorded.risk_profile) : '',
  investment_experience: recorded ? String(recorded.investment_experience) : '',
  private_offering_experience: recorded ? String(recorded.private_offering_experience) : '',
  time_horizon_years: recorded?.time_horizon_years != null ? String(recorded.time_horizon_years) : '',
  objective: recorded?.objective ?? '',
});

const scaleWord = (labels: ScaleLabels, n: number) => (isScale(n) ? translate(labels[n]) : String(n));

/**
 * The suitability questionnaire (calculateSuitability): how much risk the investor takes, their
 * experience of investing and of private offerings, and if they say, their horizon and objective. The
 * answers go to North Capital and are kept as given, nothing more; shown back once given, changeable.
 */
export function SuitabilityCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const recorded = details.suitability;
  const [editing, setEditing] = useState(false);
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="investor-suitability-title"
      data-testid="investor-suitability"
    >
      <Stack gap="sm">
        <Title order={2} fz={22} id="investor-suitability-title">
          {t('ui.investing.suitabilityTitle')}
        </Title>
        {recorded && !editing ? (
          <Stack gap="xs" data-testid="investor-suitability-recorded">
            <ul className={classes.list}>
              <li>
                <Text size="sm">{t('ui.investing.riskProfile')}</Text>
                <Text size="sm" fw={600}>
                  {scaleWord(riskLabel, recorded.risk_profile)}
                </Text>
              </li>
              <li>
                <Text size="sm">{t('ui.investing.investmentExperience')}</Text>
                <Text size="sm" fw={600}>
                  {scaleWord(experienceLabel, recorded.investment_experience)}
                </Text>
              </li>
              <li>
                <Text size="sm">{t('ui.investing.privateExperience')}</Text>
                <Text size="sm" fw={600}>
                  {scaleWord(experienceLabel, recorded.private_offering_experience)}
                </Text>
              </li>
              {recorded.time_horizon_years !== null ? (
                <li>
                  <Text size="sm">{t('ui.investing.horizon')}</Text>
                  <Text size="sm" fw={600}>
                    {t('ui.investing.horizonYears', { years: recorded.time_horizon_years })}
                  </Text>
                </li>
              ) : null}
              {recorded.objective ? (
                <li>
                  <Text size="sm">{t('ui.investing.objective')}</Text>
                  <Text size="sm" fw={600}>
                    {t(objectiveLabel[recorded.objective])}
                  </Text>
                </li>
              ) : null}
            </ul>
            <Group justify="flex-end">
              <Button variant="light" size="compact-sm" onClick={() => setEditing(true)}>
                {t('ui.investing.suitabilityChange')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <SuitabilityForm recorded={recorded} onDone={() => setEditing(false)} />
        )}
      </Stack>
    </Card>
  );
}

function SuitabilityForm({ recorded, onDone }: { recorded: Recorded | null; onDone: () => void }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AnswerValues, unknown, Answers>({
    defaultValues: valuesOf(recorded),
    resolver: withFieldWords(contractResolver(SuitabilityInput, answersOf)),
  });
  const onValid = async (input: Answers) => {
    try {
      answered(await callForMessage('calculateSuitability', input), t('investing.suitabilityRecorded'));
      onDone();
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.investing.suitabilityTitle')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('ui.investing.suitabilityIntro')}
        </Text>
        <Grid gap="sm">
          <Grid.Col span={12}>
            <NativeSelect
              label={t('ui.investing.riskProfile')}
              required
              data={scaleChoices(riskLabel)}
              error={errors.risk_profile?.message}
              {...register('risk_profile')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('ui.investing.investmentExperience')}
              required
              data={scaleChoices(experienceLabel)}
              error={errors.investment_experience?.message}
              {...register('investment_experience')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('ui.investing.privateExperience')}
              required
              data={scaleChoices(experienceLabel)}
              error={errors.private_offering_experience?.message}
              {...register('private_offering_experience')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.investing.horizon')}
              description={t('ui.investing.horizonHint')}
              type="number"
              inputMode="numeric"
              min={0}
              max={50}
              error={errors.time_horizon_years?.message}
              {...register('time_horizon_years')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('ui.investing.objective')}
              data={objectiveChoices()}
              error={errors.objective?.message}
              {...register('objective')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="investor-suitability-send">
            {t('ui.investing.suitabilitySend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
