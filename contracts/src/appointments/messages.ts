import { textsOf } from '../i18n/index.ts';

/** The texts of pickup appointments, read in the caller's language when shown. */
export const appointmentMessages = textsOf('appointment');
