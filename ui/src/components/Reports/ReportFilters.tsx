import { Button, Group, Select, TextInput } from '@mantine/core';
import { isMonth, monthDays, monthOf, type ReportName, reportNames } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../FormFields/DateField.tsx';
import { MonthField } from '../FormFields/MonthField.tsx';
import { fromLocalInput, reportLabel, toLocalInput } from './report-view.ts';

export interface ReportView {
  report: ReportName;
  from: string;
  to: string;
  asOf?: string | undefined;
}

export interface ReportFiltersProps extends ReportView {
  onShow: (view: ReportView) => void;
  /** Errors by field, from the server's codes (REPORT_RANGE on `to`, REPORT_AS_OF on `asOf`). */
  errors: { to?: string; asOf?: string };
}

/** The month (YYYY-MM) a range of days is when it is that whole month; '' otherwise. */
export function wholeMonth(from: string, to: string): string {
  const month = monthOf(from);
  return isMonth(month) && from === monthDays(month).from && to === monthDays(month).to ? month : '';
}

/** Which report, the range of days (or one month of them) and the instant the books are taken at. */
export function ReportFilters({ report, from, to, asOf, onShow, errors }: ReportFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ report, from, to, asOf: toLocalInput(asOf) });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onShow({ report: draft.report, from: draft.from, to: draft.to, asOf: fromLocalInput(draft.asOf) });
      }}
      data-testid="report-filters"
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t('ui.reports.report')}
          data={reportNames.map((name) => ({ value: name, label: t(reportLabel(name)) }))}
          value={draft.report}
          allowDeselect={false}
          onChange={(value) => {
            const next = { ...draft, report: (value ?? report) as ReportName };
            setDraft(next);
            onShow({ ...next, asOf: fromLocalInput(next.asOf) });
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <MonthField
          label={t('ui.clientRules.month')}
          description={t('ui.clientRules.monthHint')}
          // The month the range is, when it is one whole month (seeds 000 §9: YYYY-MM).
          value={wholeMonth(draft.from, draft.to)}
          onChange={(event) => {
            const month = event.currentTarget.value;
            if (isMonth(month)) setDraft({ ...draft, ...monthDays(month) });
          }}
          w={{ base: '100%', sm: 170 }}
          data-testid="report-month"
        />
        <DateField
          label={t('ui.reports.from')}
          value={draft.from}
          required
          onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          w={{ base: '47%', sm: 160 }}
        />
        <DateField
          label={t('ui.reports.to')}
          value={draft.to}
          required
          error={errors.to}
          onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          w={{ base: '47%', sm: 160 }}
        />
        <TextInput
          type="datetime-local"
          label={t('ui.reports.asOf')}
          description={t('ui.reports.asOfHint')}
          value={draft.asOf}
          error={errors.asOf}
          onChange={(event) => setDraft({ ...draft, asOf: event.currentTarget.value })}
          w={{ base: '100%', sm: 240 }}
        />
        <Button type="submit" mt={{ base: 0, sm: 25 }}>
          {t('ui.reports.show')}
        </Button>
      </Group>
    </form>
  );
}
