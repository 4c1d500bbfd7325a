import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { invalidateCarts, pendingCountQuery } from '../../api/queries.ts';
import { useCartChanges } from '../../state/realtime.ts';
import { sessionAtom } from '../../state/session.ts';
import { OutlineIcon } from '../OutlineIcon.tsx';

function CartIcon() {
  return (
    <OutlineIcon size={22} strokeWidth={1.8} round>
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9.5" cy="19.5" r="1.3" />
      <circle cx="17" cy="19.5" r="1.3" />
    </OutlineIcon>
  );
}

/** seeds 000 §2.5: signed in, the header has a cart icon with a badge showing the buy-now count. */
export function CartButton() {
  const session = useAtomValue(sessionAtom);
  return session.status === 'authenticated' ? <SignedInCartButton /> : null;
}

function SignedInCartButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery(pendingCountQuery());
  // The header is on every page: it keeps every cart view in step with the user's other tabs.
  useCartChanges(() => void invalidateCarts(queryClient));
  const count = data?.buynowCount.totalRecords ?? 0;
  return (
    <Indicator
      label={
        <span aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      }
      size={18}
      offset={5}
      disabled={count === 0}
    >
      <ActionIcon
        component={Link}
        to="/buynowcart"
        variant="subtle"
        size="lg"
        aria-label={t('ui.cartButton.label', { count })}
        data-testid="cart-button"
      >
        <CartIcon />
      </ActionIcon>
    </Indicator>
  );
}
