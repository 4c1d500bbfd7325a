import { Button, Grid, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type InvestorDetails, SuitabilityInput } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage } from '../../api/client.ts';
import { t as translate } from '../../i18n/index.ts';
import { contractResolver } from '../../lib/forms.ts';
import classes from './Investing.module.css';
import { cardGrid, FormActions, InvestingCard, InvestorForm } from './InvestingCard.tsx';
import { useSendChange, withFieldWords } from './investing-forms.ts';
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

/** One answer as recorded: the question on the left, the answer on the right. */
function Answer({ question, answer }: { question: string; answer: string }) {
  return (
    <li>
      <Text size="sm">{question}</Text>
      <Text size="sm" fw={600}>
        {answer}
      </Text>
    </li>
  );
}

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
    <InvestingCard name="investor-suitability" title={t('ui.investing.suitabilityTitle')}>
      {recorded && !editing ? (
        <Stack gap="xs" data-testid="investor-suitability-recorded">
          <ul className={classes.list}>
            <Answer
              question={t('ui.investing.riskProfile')}
              answer={scaleWord(riskLabel, recorded.risk_profile)}
            />
            <Answer
              question={t('ui.investing.investmentExperience')}
              answer={scaleWord(experienceLabel, recorded.investment_experience)}
            />
            <Answer
              question={t('ui.investing.privateExperience')}
              answer={scaleWord(experienceLabel, recorded.private_offering_experience)}
            />
            {recorded.time_horizon_years !== null ? (
              <Answer
                question={t('ui.investing.horizon')}
                answer={t('ui.investing.horizonYears', { years: recorded.time_horizon_years })}
              />
            ) : null}
            {recorded.objective ? (
              <Answer question={t('ui.investing.objective')} answer={t(objectiveLabel[recorded.objective])} />
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
    </InvestingCard>
  );
}

function SuitabilityForm({ recorded, onDone }: { recorded: Recorded | null; onDone: () => void }) {
  const { t } = useTranslation();
  const sendChange = useSendChange();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AnswerValues, unknown, Answers>({
    defaultValues: valuesOf(recorded),
    resolver: withFieldWords(contractResolver(SuitabilityInput, answersOf)),
  });
  const onValid = (input: Answers) =>
    sendChange(
      () => callForMessage('calculateSuitability', input),
      () => t('investing.suitabilityRecorded'),
      { done: onDone },
    );
  return (
    <InvestorForm
      label={t('ui.investing.suitabilityTitle')}
      intro={t('ui.investing.suitabilityIntro')}
      onSubmit={handleSubmit(onValid)}
      actions={
        <FormActions
          send={t('ui.investing.suitabilitySend')}
          sending={isSubmitting}
          testId="investor-suitability-send"
        />
      }
    >
      <Grid gap="sm" {...cardGrid}>
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
    </InvestorForm>
  );
}
