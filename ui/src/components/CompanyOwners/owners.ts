import {
  AddCompanyOwnerInput,
  accountMessages,
  type CompanyOwnerRecord,
  UpdateCompanyOwnerInput,
} from '@wine/contracts';
import { z } from 'zod';
import { t } from '../../i18n/index.ts';

/** The owners' messages, read when shown (in the current language). */
export const ownerMessages = {
  get fetchFailed() {
    return t('ui.owners.fetchFailed');
  },
  get added() {
    return t('ui.owners.added');
  },
  get updated() {
    return t('ui.owners.updated');
  },
  get removed() {
    return t('ui.owners.removed');
  },
};

/** What the owners hold together, in percent (the server keeps it at 100 or below). */
export const ownershipTotal = (owners: readonly Pick<CompanyOwnerRecord, 'ownership_percent'>[]): number =>
  owners.reduce((total, owner) => total + owner.ownership_percent, 0);

/**
 * The percentage as typed, a whole number; the action's own schema then says 'At least 1%' or
 * 'At most 100%'.
 */
const percentText = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (!/^\d{1,3}$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: text ? t('ui.owners.wholeNumber') : accountMessages.required,
      });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(AddCompanyOwnerInput.shape.ownership_percent);

/** The owner forms: the actions' schemas, with the percentage read from its text field. */
export const AddOwnerForm = AddCompanyOwnerInput.extend({ ownership_percent: percentText });
export const UpdateOwnerForm = UpdateCompanyOwnerInput.extend({ ownership_percent: percentText });
