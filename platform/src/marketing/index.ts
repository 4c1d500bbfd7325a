export type { Marketing, MarketingContact, MarketingRequest } from './port.ts';
