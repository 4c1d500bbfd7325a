import { action } from '../action.ts';
import {
  DecideReturnInput,
  RaiseReturnInput,
  ReceiveReturnInput,
  RefundReturnInput,
  ReturnIdInput,
  ReturnListInput,
  StaffReturnListInput,
} from './inputs.ts';
import {
  ReturnDecisionResult,
  ReturnDetail,
  ReturnList,
  ReturnRequestResult,
  StaffReturnList,
} from './views.ts';

/** The buyer's returns (seeds 001 §7 "Invoices", product area: returninvoice, allreturns, raiseReturnRequest). */
export const returnActions = {
  raiseReturnRequest: action({
    path: '/api/product/raiseReturnRequest',
    side: 'command',
    money: true,
    auth: 'user',
    input: RaiseReturnInput,
    output: ReturnRequestResult,
  }),
  allreturns: action({
    path: '/api/product/allreturns',
    side: 'query',
    auth: 'user',
    input: ReturnListInput,
    output: ReturnList,
  }),
  returninvoice: action({
    path: '/api/product/returninvoice',
    side: 'query',
    auth: 'user',
    input: ReturnIdInput,
    output: ReturnDetail,
    // Issue 38 §2: seeds 001 §7 "Invoices" names returninvoice in the user/invoice area too: the same call.
    aliases: ['/api/user/invoice/returninvoice'],
  }),
} as const;

/** Finance or an admin decides returns (DOMAIN.md "Money": accepted or refused, then refunded). */
export const returnStaffActions = {
  decideReturn: action({
    path: '/api/admin/returns/decide',
    side: 'command',
    auth: ['finance', 'admin'],
    input: DecideReturnInput,
    output: ReturnDecisionResult,
  }),
  receiveReturn: action({
    path: '/api/admin/returns/receive',
    side: 'command',
    money: true,
    auth: ['finance', 'admin'],
    input: ReceiveReturnInput,
    output: ReturnDecisionResult,
  }),
  refundReturn: action({
    path: '/api/admin/returns/refund',
    side: 'command',
    money: true,
    auth: ['finance', 'admin'],
    input: RefundReturnInput,
    output: ReturnDecisionResult,
  }),
  staffReturns: action({
    path: '/api/admin/returns/list',
    side: 'query',
    auth: ['finance', 'admin'],
    input: StaffReturnListInput,
    output: StaffReturnList,
  }),
} as const;
