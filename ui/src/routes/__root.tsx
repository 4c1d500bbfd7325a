import { modals } from '@mantine/modals';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertToasts } from '../components/AlertToasts/AlertToasts.tsx';
import { Footer } from '../components/Footer/Footer.tsx';
import { Header } from '../components/Header/Header.tsx';
import { NotFound } from '../components/NotFound/NotFound.tsx';
import { StartupLoader } from '../components/StartupLoader/StartupLoader.tsx';
import { SwitchedBanner } from '../components/SwitchedBanner/SwitchedBanner.tsx';
import { UserNotices } from '../components/UserNotices/UserNotices.tsx';
import { textsReadyFor } from '../i18n/index.ts';
import type { RouterContext } from '../router-context.ts';
import { currentUserAtom, validateSessionAtom } from '../state/session.ts';

/**
 * Shown to a user whose stored cards were deleted (seeds 000 §4.8): loaded only for such a user, not
 * in the first load of every page (issue 11).
 */
const WelcomePopup = lazy(() =>
  import('../components/WelcomePopup/WelcomePopup.tsx').then((module) => ({ default: module.WelcomePopup })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // The account, money and back-office pages' texts come before the first of them (issue 11).
  beforeLoad: ({ location }) => textsReadyFor(location.pathname),
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
});

function RootLayout() {
  const { t } = useTranslation();
  const validateSession = useSetAtom(validateSessionAtom);
  const popup = useAtomValue(currentUserAtom)?.popup_message === 1;
  // seeds 000 §2.4: at start a stored token is validated (once; a second call joins the first).
  useEffect(() => {
    void validateSession();
  }, [validateSession]);
  // A confirm dialog (@mantine/modals, above the pages) belongs to the page that asked: leaving the
  // page (a link, the back button, a session that ended) closes it.
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (pathname) modals.closeAll();
  }, [pathname]);
  return (
    <>
      <a href="#main" className="skip-link">
        {t('ui.layout.skipToContent')}
      </a>
      <StartupLoader />
      <SwitchedBanner />
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      {popup && (
        <Suspense fallback={null}>
          <WelcomePopup />
        </Suspense>
      )}
      <UserNotices />
      <AlertToasts />
    </>
  );
}
