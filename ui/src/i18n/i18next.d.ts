import 'i18next';
import type { forEnglish, MailEnglish } from '@wine/contracts';
import type { uiForEnglish } from './for-english.ts';
import type { uiMoreForEnglish } from './for-english-more.ts';

/**
 * The keys `t` and `<Trans>` take are the resources' keys: a mistyped or removed key fails the type
 * check (react-i18next's typed resources).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Keys are checked; a text's variables are not (the shared contracts code passes its own).
    strictInterpolationChecks: false;
    parseInterpolation: false;
    resources: {
      translation: typeof forEnglish & { mail: MailEnglish } & {
        ui: typeof uiForEnglish & typeof uiMoreForEnglish;
      };
    };
  }
}
