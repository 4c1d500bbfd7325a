import { modals } from '@mantine/modals';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertToasts } from '../components/AlertToasts/AlertToasts.tsx';
import { Footer } from '../components/Footer/Footer.tsx';
import { Header } from '../components/Header/Header.tsx';
import { NotFound } from '../components/NotFound/NotFound.tsx';
import { StartupLoader } from '../components/StartupLoader/StartupLoader.tsx';
import { UserNotices } from '../components/UserNotices/UserNotices.tsx';
import type { RouterContext } from '../router-context.ts';
import { validateSessionAtom } from '../state/session.ts';

/** Shown only after a registration: loaded after the first paint, not in the first load (issue 11). */
const WelcomePopup = lazy(() =>
  import('../components/WelcomePopup/WelcomePopup.tsx').then((module) => ({ default: module.WelcomePopup })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
});

function RootLayout() {
  const { t } = useTranslation();
  const validateSession = useSetAtom(validateSessionAtom);
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
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>
        <WelcomePopup />
      </Suspense>
      <UserNotices />
      <AlertToasts />
    </>
  );
}
