import { cleanup, configure } from '@testing-library/react';
import { defaultLanguage, defaultMerchant } from '@wine/contracts';
import { afterEach } from 'vitest';
import { forgetWrittenPosition } from '../api/client.ts';
// The UI's texts join the shared i18next instance before any component renders, as main.tsx does.
import { company, companyOf } from '../config/company.ts';
import { i18n } from '../i18n/index.ts';

// findBy and waitFor wait up to 5 s, not 1 s: with browser and API test files running beside these on two
// shared cores, a lazily loaded form can take over a second to come (a wrong screen still fails).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine reads (as in mantinedev/vite-template's vitest.setup).
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom lays nothing out: every observed element is in view at once (what loads when it comes near
// the viewport loads in the specs).
class IntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.IntersectionObserver = IntersectionObserver as never;

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

afterEach(() => {
  cleanup();
  // Files share one module graph (isolate: false): the merchant's details a test configured are
  // forgotten, as a new visit would.
  Object.assign(company, companyOf(defaultMerchant));
  // Each test starts in English, the default language, whatever the last one switched to.
  void i18n.changeLanguage(defaultLanguage);
  // And as a new tab: no write of an earlier test's to wait for.
  forgetWrittenPosition();
});

// Each test starts signed out (the session's token lives in web storage).
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
