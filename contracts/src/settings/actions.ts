import { action, NoData, NoInput } from '../action.ts';
import {
  ChangeBankInput,
  ChangeBiddingInput,
  ChangeCatalogueInput,
  ChangeMerchantInput,
  ChangeMoneyInput,
  ChangeShippingInput,
  StaffSettings,
} from './inputs.ts';

/**
 * Issue 34 "Settings": the merchant's details and the configuration variables, edited by admins on one
 * screen; each change is an event and takes effect at once in every service.
 */
export const settingsActions = {
  staffSettings: action({
    path: '/api/admin/settings/get',
    side: 'query',
    auth: 'admin',
    input: NoInput,
    output: StaffSettings,
  }),
  changeMerchantDetails: action({
    path: '/api/admin/settings/merchant',
    side: 'command',
    auth: 'admin',
    input: ChangeMerchantInput,
    output: NoData,
  }),
  changeBankDetails: action({
    path: '/api/admin/settings/bank',
    side: 'command',
    auth: 'admin',
    input: ChangeBankInput,
    output: NoData,
  }),
  changeBiddingSettings: action({
    path: '/api/admin/settings/bidding',
    side: 'command',
    auth: 'admin',
    input: ChangeBiddingInput,
    output: NoData,
  }),
  changeMoneySettings: action({
    path: '/api/admin/settings/money',
    side: 'command',
    auth: 'admin',
    input: ChangeMoneyInput,
    output: NoData,
  }),
  changeCatalogueSettings: action({
    path: '/api/admin/settings/catalogue',
    side: 'command',
    auth: 'admin',
    input: ChangeCatalogueInput,
    output: NoData,
  }),
  changeShippingSettings: action({
    path: '/api/admin/settings/shipping',
    side: 'command',
    auth: 'admin',
    input: ChangeShippingInput,
    output: NoData,
  }),
} as const;
