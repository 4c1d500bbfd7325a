import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The forms' grids answer the width of their card, not the screen's: on a desktop a card is half the
 * page, where two fields a row (by the screen's width) left their labels too narrow, wrapping one and
 * not its neighbour, so their inputs stood at two heights. `sm` is a card wide enough for two a row.
 */
export const cardGrid = {
  type: 'container',
  breakpoints: { xs: '360px', sm: '520px', md: '720px', lg: '960px', xl: '1200px' },
} as const;

/**
 * One card of the investor's page: a section named by its title (`${name}-title`), found by its
 * `name` as test id; `aside` (a badge) stands at the title's right, wrapping under it on a phone.
 */
export function InvestingCard({
  name,
  title,
  aside,
  children,
}: {
  name: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} fz={22} id={`${name}-title`}>
      {title}
    </Title>
  );
  return (
    <Card withBorder component="section" aria-labelledby={`${name}-title`} data-testid={name}>
      <Stack gap="sm">
        {aside ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}

/** A form's buttons at its end: cancel (when the form replaces something kept, `onCancel`), then send. */
export function FormActions({
  send,
  sending,
  testId,
  onCancel,
}: {
  send: string;
  sending: boolean;
  testId: string;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          {t('ui.common.cancel')}
        </Button>
      ) : null}
      <Button type="submit" loading={sending} data-testid={testId}>
        {send}
      </Button>
    </Group>
  );
}

/**
 * A form of a card: what it is for in a line, its fields, its buttons. Named by `label`, or by the card's
 * title (`labelledBy`) when it is the card's one form.
 */
export function InvestorForm({
  id,
  label,
  labelledBy,
  intro,
  onSubmit,
  actions,
  children,
}: {
  id?: string;
  label?: string;
  labelledBy?: string;
  intro: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <form id={id} onSubmit={onSubmit} noValidate aria-label={label} aria-labelledby={labelledBy}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children}
        {actions}
      </Stack>
    </form>
  );
}

/**
 * What is kept at the service (a bank account, a card), as `children` say it (found by `testId`), with
 * its two buttons: changed for another, or removed.
 */
export function Kept({
  testId,
  change,
  remove,
  onChange,
  onRemove,
  children,
}: {
  testId: string;
  change: string;
  remove: string;
  onChange: () => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Stack gap={4} data-testid={testId}>
        {children}
      </Stack>
      <Group justify="flex-end" gap="xs">
        <Button variant="light" size="compact-sm" onClick={onChange}>
          {change}
        </Button>
        <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
          {remove}
        </Button>
      </Group>
    </Stack>
  );
}
