import { Box, Container, Group, Loader, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Skeletons.module.css';

/** seeds 001 §9: skeletons fade in over 600 ms (the CSS animation's duration, set from here). */
export const SKELETON_FADE_MS = 600;
/** seeds 001 §9: the table skeleton has 7 columns and 5 rows. */
export const TABLE_SKELETON = { columns: 7, rows: 5 } as const;
/** seeds 001 §2: the sign-up skeleton has 12 inputs. */
export const SIGNUP_SKELETON_INPUTS = 12;

/** `n` stable keys for placeholder rows (they never reorder). */
const slots = (n: number, name: string): string[] => Array.from({ length: n }, (_, i) => `${name}-${i}`);

interface SkeletonProps {
  /** What is loading, for assistive technology ("Loading your cart"); "Loading…" by default. */
  label?: string;
  testId?: string;
}

/** The fade's length, from SKELETON_FADE_MS (the stylesheet names the animation, this its duration). */
const fade = { animationDuration: `${SKELETON_FADE_MS}ms` } as const;

/**
 * The status region every skeleton is: announced by its label, faded in over SKELETON_FADE_MS (none
 * where the reader asks for reduced motion), hidden from the layout's reading.
 */
function Frame({ label, testId, children, page }: SkeletonProps & { children: ReactNode; page?: boolean }) {
  const { t } = useTranslation();
  const text = label ?? t('ui.siteNav.loading');
  const inner = (
    <>
      <VisuallyHidden>{text}</VisuallyHidden>
      <div aria-hidden="true">{children}</div>
    </>
  );
  return page ? (
    <Container
      py="xl"
      role="status"
      aria-label={text}
      data-testid={testId}
      className={classes.fade}
      style={fade}
    >
      {inner}
    </Container>
  ) : (
    <Box role="status" aria-label={text} data-testid={testId} className={classes.fade} style={fade}>
      {inner}
    </Box>
  );
}

/** 'product grid': cards of picture and lines, as LotGrid lays them out. */
export function ProductGridSkeleton({
  label,
  testId = 'product-grid-skeleton',
  count = 8,
}: SkeletonProps & { count?: number }) {
  return (
    <Frame label={label} testId={testId}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
        {slots(count, 'card').map((key) => (
          <Stack key={key} gap="xs">
            <Skeleton height={220} radius="md" />
            <Skeleton height={14} width="80%" />
            <Skeleton height={14} width="50%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Frame>
  );
}

/** 'product list': rows of thumbnail and text. */
export function ProductListSkeleton({
  label,
  testId = 'product-list-skeleton',
  count = 5,
}: SkeletonProps & { count?: number }) {
  return (
    <Frame label={label} testId={testId}>
      <Stack gap="md">
        {slots(count, 'row').map((key) => (
          <Group key={key} gap="md" wrap="nowrap" align="flex-start">
            <Skeleton height={96} width={96} radius="md" />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Skeleton height={16} width="70%" />
              <Skeleton height={12} width="40%" />
              <Skeleton height={12} width="55%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    </Frame>
  );
}

/** 'cart': line placeholders beside a summary placeholder. */
export function CartSkeleton({ label, testId = 'cart-skeleton' }: SkeletonProps) {
  return (
    <Frame label={label} testId={testId}>
      <div className={classes.mainAside}>
        <Stack gap="sm">
          {slots(3, 'line').map((key) => (
            <Skeleton key={key} height={96} radius="md" />
          ))}
        </Stack>
        <Skeleton height={220} radius="md" />
      </div>
    </Frame>
  );
}

/** 'checkout': the sections on the left, the summary on the right, as a page. */
export function CheckoutSkeleton({ label, testId = 'checkout-skeleton' }: SkeletonProps) {
  return (
    <Frame label={label} testId={testId} page>
      <Skeleton height={36} width={220} mb="lg" />
      <div className={classes.mainAside}>
        <Stack gap="lg">
          <Skeleton height={160} radius="md" />
          <Skeleton height={200} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
        <Skeleton height={240} radius="md" />
      </div>
    </Frame>
  );
}

/** 'product view': the gallery beside the title, prices and bid box, as a page. */
export function ProductViewSkeleton({ label, testId = 'product-view-skeleton' }: SkeletonProps) {
  return (
    <Frame label={label} testId={testId} page>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Skeleton height={420} radius="md" />
        <Stack gap="sm">
          <Skeleton height={32} width="85%" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={24} width="45%" mt="md" />
          <Skeleton height={120} radius="md" mt="md" />
          <Skeleton height={44} radius="md" />
        </Stack>
      </SimpleGrid>
    </Frame>
  );
}

/** 'table': a header row and TABLE_SKELETON.rows rows of TABLE_SKELETON.columns cells. */
export function TableSkeleton({ label, testId = 'table-skeleton' }: SkeletonProps) {
  const { columns, rows } = TABLE_SKELETON;
  return (
    <Frame label={label} testId={testId}>
      <Stack gap="xs">
        {slots(rows + 1, 'row').map((row, r) => (
          <div key={row} className={classes.tableRow} data-skeleton-row>
            {slots(columns, 'cell').map((cell) => (
              <Skeleton key={cell} height={r === 0 ? 18 : 14} data-skeleton-cell />
            ))}
          </div>
        ))}
      </Stack>
    </Frame>
  );
}

/** 'signup': the registration form's SIGNUP_SKELETON_INPUTS inputs in two columns, and its button. */
export function SignupSkeleton({ label, testId = 'signup-skeleton' }: SkeletonProps) {
  return (
    <Frame label={label} testId={testId}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {slots(SIGNUP_SKELETON_INPUTS, 'input').map((key) => (
          <Stack key={key} gap={6} data-skeleton-input>
            <Skeleton height={12} width="40%" />
            <Skeleton height={36} radius="sm" />
          </Stack>
        ))}
      </SimpleGrid>
      <Skeleton height={40} width={160} radius="sm" mt="lg" />
    </Frame>
  );
}

/** 'default': a spinner, for what has no shape of its own. */
export function DefaultSkeleton({ label, testId = 'default-skeleton' }: SkeletonProps) {
  return (
    <Frame label={label} testId={testId}>
      <Group justify="center" py="xl">
        <Loader color="burgundy" size="md" />
      </Group>
    </Frame>
  );
}
