import type {
  AnchorProps,
  BadgeProps,
  ButtonProps,
  CardProps,
  ContainerProps,
  LoaderProps,
  MantineColorsTuple,
  PaperProps,
  TableScrollContainerProps,
  TitleProps,
} from '@mantine/core';
import { createTheme } from '@mantine/core';

/** Deep burgundy, from blush to the colour of an old claret. */
const burgundy: MantineColorsTuple = [
  '#fdf0f2',
  '#f6dde2',
  '#ebb6c1',
  '#df8c9d',
  '#d4687f',
  '#cb506b',
  '#a8324c',
  '#8e2640',
  '#741c34',
  '#5a1127',
];

/** Warm gold for accents (score badges, the brand mark). */
const gold: MantineColorsTuple = [
  '#fbf6ea',
  '#f3e9cf',
  '#e7d29c',
  '#dbba66',
  '#d1a73a',
  '#cb9b20',
  '#b8891a',
  '#9a7214',
  '#7d5c0f',
  '#5f4509',
];

/**
 * Mantine's greys with a darker shade 6, the `dimmed` text colour (#868e96 reads at 3.1:1 on the cream
 * page and white cards): #646b73 keeps 4.5:1 or more on white, cream, blush and the light greys
 * (WCAG AA, Lighthouse color-contrast, issue 11). The other shades are Mantine's own.
 */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#646b73',
  '#495057',
  '#343a40',
  '#212529',
];

const serif = "'Cormorant Garamond', 'Playfair Display', Georgia, 'Times New Roman', serif";

export const theme = createTheme({
  primaryColor: 'burgundy',
  primaryShade: { light: 8, dark: 5 },
  colors: { burgundy, gold, gray },
  fontFamily:
    "'Inter', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: serif, fontWeight: '600' },
  // seeds 000 §2.5 / §9: the desktop layout starts at 1024px, so `md` (visibleFrom/hiddenFrom) is 64em.
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '75em', xl: '88em' },
  defaultRadius: 'sm',
  black: '#2a1a1f',
  other: { serif },
  // Default props as plain objects (what `Card.extend({...})` returns): `.extend` would import each
  // component, and the table's scroll area, into the first load of every page (issue 11).
  components: {
    Card: {
      defaultProps: { withBorder: true, radius: 'md', padding: 'md', shadow: 'xs' } satisfies CardProps,
    },
    Paper: { defaultProps: { radius: 'md' } satisfies PaperProps },
    Button: { defaultProps: { radius: 'sm' } satisfies ButtonProps },
    Badge: { defaultProps: { radius: 'sm' } satisfies BadgeProps },
    Anchor: { defaultProps: { underline: 'hover' } satisfies AnchorProps },
    Container: { defaultProps: { size: 'xl' } satisfies ContainerProps },
    Title: { defaultProps: { c: 'burgundy.9' } satisfies TitleProps },
    // A loader says what is loading with its aria-label, which ARIA allows only on an element with a
    // role: every loader is a status (axe's aria-prohibited-attr otherwise, seen while a card loaded).
    Loader: { defaultProps: { role: 'status' } satisfies LoaderProps },
    // A table wider than a phone scrolls sideways: its scroller takes focus, so a keyboard can scroll it.
    TableScrollContainer: {
      defaultProps: {
        scrollAreaProps: { viewportProps: { tabIndex: 0 } },
      } satisfies Partial<TableScrollContainerProps>,
    },
  },
});
