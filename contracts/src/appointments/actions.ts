import { action, NoData } from '../action.ts';
import {
  AppointmentForInvoiceInput,
  CheckAppointmentsInput,
  CheckInAppointmentInput,
  DayAppointmentsInput,
  GetAppointmentsInput,
  UpdateAppointmentInput,
} from './inputs.ts';
import { AppointmentList, AppointmentView, DayAppointments, InvoiceAppointment, SlotList } from './views.ts';

/** Pickup appointments (seeds 001 §7 "Appointments", DOMAIN.md "Money"). */
export const appointmentActions = {
  checkAppointments: action({
    path: '/api/appointment/checkAppointments',
    side: 'query',
    auth: 'user',
    input: CheckAppointmentsInput,
    output: SlotList,
  }),
  getAppointments: action({
    path: '/api/appointment/getAppointments',
    side: 'query',
    auth: 'user',
    input: GetAppointmentsInput,
    output: AppointmentList,
  }),
  getAppointmentForInvoice: action({
    path: '/api/appointment/getAppointmentForInvoice',
    side: 'query',
    auth: 'user',
    input: AppointmentForInvoiceInput,
    output: InvoiceAppointment,
  }),
  /** Book, move or cancel (starts_at null); answers the appointment as it now is, null once cancelled. */
  updateAppointment: action({
    path: '/api/appointment/update',
    side: 'command',
    auth: 'user',
    input: UpdateAppointmentInput,
    output: AppointmentView.nullable(),
  }),
  /**
   * Issue 34 "The day's work": the staff book, move or cancel (starts_at null) the pickup of a
   * buyer's invoice, as the buyer would; the buyer is mailed. Never on the staff member's own invoice.
   */
  staffUpdateAppointment: action({
    path: '/api/admin/appointment/update',
    side: 'command',
    auth: ['admin', 'finance'],
    input: UpdateAppointmentInput,
    output: AppointmentView.nullable(),
  }),
  /** Issue 34: the buyer came; checked in on the slot's day, the pickup is no longer moved or cancelled. */
  checkInAppointment: action({
    path: '/api/admin/appointment/checkin',
    side: 'command',
    auth: ['admin', 'finance'],
    input: CheckInAppointmentInput,
    output: NoData,
  }),
  /** seeds 001 §2 "appointment dashboard": one day's slots and who comes, for the staff. */
  appointmentDashboard: action({
    path: '/api/admin/appointment/dashboard',
    side: 'query',
    auth: ['admin', 'finance'],
    input: DayAppointmentsInput,
    output: DayAppointments,
  }),
} as const;
