import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AlertToasts } from '../components/AlertToasts/AlertToasts.tsx';
import { Footer } from '../components/Footer/Footer.tsx';
import { Header } from '../components/Header/Header.tsx';
import { NotFound } from '../components/NotFound/NotFound.tsx';
import type { RouterContext } from '../router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
});

function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <AlertToasts />
    </>
  );
}
