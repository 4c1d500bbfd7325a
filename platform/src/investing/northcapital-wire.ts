/**
 * North Capital Transact API's vocabulary, read from its documentation (transactapi.readme.io,
 * api-sandboxdash.norcapsecurities.com/admin_v3/documentation) and from public test suites run against
 * its sandbox: the codes it answers, its statuses and formats, and their mapping to the port's words.
 * Pure, shared by the adapter and the local double so both speak the same wire.
 */
import type {
  InvestingFailure,
  InvestmentOrderStatus,
  InvestorAccreditation,
  InvestorDomicile,
  InvestorKyc,
} from './port.ts';

/** Transact's sandbox, with its path prefix: every call is `${url}/${callName}`. */
export const NORTHCAPITAL_SANDBOX_URL = 'https://api-sandboxdash.norcapsecurities.com/tapiv3/index.php/v3';
export const TRANSACT_PATH = '/tapiv3/index.php/v3';

/**
 * The status codes used here. Documented or seen answered by the sandbox: 101 Ok; 103 credentials refused
 * (HTTP 401); 106 "Data/parameter missing"; 116 the account already has an external account; 135 / 148
 * "Account is not exist/active."; 138 "Offering ID does not exist."; 149 no external account; 152 "Request
 * Id not exits."; 188 "Trade Account does not exist"; 189 no such trade; 190 "Trade status should be in
 * CREATED"; 194 not an ACH trade; 198 "Party Account does not exist."; 233 no AI document. The double's
 * own choices where none was found are marked in northcapital-double.ts.
 */
export const TransactCode = {
  ok: '101',
  unauthorized: '103',
  missing: '106',
  alreadyLinked: '116',
  accountNotActive: '135',
  offeringMissing: '138',
  accountMissing: '148',
  noExternalAccount: '149',
  aiRequestMissing: '152',
  tradeAccountMissing: '188',
  tradeMissing: '189',
  tradeStatus: '190',
  notAchTrade: '194',
  partyMissing: '198',
  noAiDocument: '233',
  noCreditCard: '404',
} as const;

/** A Transact status code in the port's words. */
export function failureOfCode(code: string): InvestingFailure {
  switch (code) {
    case TransactCode.unauthorized:
      return 'unauthorized';
    case TransactCode.missing:
    case TransactCode.notAchTrade:
      return 'invalid';
    case TransactCode.alreadyLinked:
      return 'conflict';
    case TransactCode.tradeStatus:
      return 'invalid_transition';
    case TransactCode.accountNotActive:
    case TransactCode.offeringMissing:
    case TransactCode.accountMissing:
    case TransactCode.noExternalAccount:
    case TransactCode.aiRequestMissing:
    case TransactCode.tradeAccountMissing:
    case TransactCode.tradeMissing:
    case TransactCode.partyMissing:
    case TransactCode.noAiDocument:
    case TransactCode.noCreditCard:
      return 'not_found';
    default:
      return 'refused';
  }
}

/**
 * One KYC or AML status (Pending, Auto Approved, Manually Approved, Disapproved; null before any check;
 * free text when set by hand, as `APPROVED`) in the port's words.
 */
function checkOf(status: string | null | undefined): InvestorKyc {
  const s = (status ?? '').toLowerCase();
  if (s.includes('disapproved')) return 'disapproved';
  if (s.includes('approved')) return 'approved';
  return 'pending';
}

/** A party's KYC and AML statuses as one: approved when both are, disapproved when either is. */
export function kycOfTransact(
  kycStatus: string | null | undefined,
  amlStatus: string | null | undefined,
): InvestorKyc {
  const kyc = checkOf(kycStatus);
  const aml = checkOf(amlStatus);
  if (kyc === 'disapproved' || aml === 'disapproved') return 'disapproved';
  return kyc === 'approved' && aml === 'approved' ? 'approved' : 'pending';
}

/** The port's check as Transact writes it (the double's answers). */
export function transactCheck(check: InvestorKyc): 'Auto Approved' | 'Pending' | 'Disapproved' {
  if (check === 'approved') return 'Auto Approved';
  return check === 'disapproved' ? 'Disapproved' : 'Pending';
}

/**
 * Transact's accreditedStatus (pending, Self Accredited, Verified Accredited, Not Accredited): only a
 * verified accreditation counts for 506(c); a self-declared one stays pending.
 */
export function accreditationOfTransact(status: string | null | undefined): InvestorAccreditation {
  const s = (status ?? '').trim().toLowerCase();
  if (s === 'verified accredited') return 'accredited';
  if (s === 'not accredited') return 'not_accredited';
  return 'pending';
}

export function transactAccreditation(accreditation: InvestorAccreditation): string {
  if (accreditation === 'accredited') return 'Verified Accredited';
  return accreditation === 'not_accredited' ? 'Not Accredited' : 'pending';
}

const orderStatuses: Readonly<Record<string, InvestmentOrderStatus>> = {
  CREATED: 'created',
  FUNDED: 'funded',
  SETTLED: 'settled',
  CANCELED: 'canceled',
  CANCELLED: 'canceled',
  'UNWIND PENDING': 'unwind_pending',
  UNWIND_PENDING: 'unwind_pending',
  'UNWIND SETTLED': 'unwind_settled',
  UNWIND_SETTLED: 'unwind_settled',
};

/** Transact's orderStatus / transactionStatus in the port's words; undefined for one the port does not know. */
export function orderStatusOfTransact(status: string | null | undefined): InvestmentOrderStatus | undefined {
  return orderStatuses[(status ?? '').trim().toUpperCase()];
}

export function transactOrderStatus(status: InvestmentOrderStatus): string {
  return status.toUpperCase().replace('_', ' ');
}

const domiciles: Readonly<Record<InvestorDomicile, string>> = {
  us_citizen: 'U.S. citizen',
  us_resident: 'U.S. resident',
  non_resident: 'non-resident',
};

export function transactDomicile(domicile: InvestorDomicile): string {
  return domiciles[domicile];
}

export function domicileOfTransact(domicile: string | null | undefined): InvestorDomicile {
  const d = (domicile ?? '').toLowerCase();
  if (d.includes('citizen')) return 'us_citizen';
  if (d.includes('resident') && !d.includes('non')) return 'us_resident';
  return 'non_resident';
}

/** YYYY-MM-DD as Transact's dob (MM-DD-YYYY), and back. */
export function transactDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}-${day}-${year}`;
}

export function isoDateOfTransact(date: string | null | undefined): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date ?? '');
  return m ? `${m[3]}-${m[1]}-${m[2]}` : (date ?? '');
}

/** Transact's dollar amounts ("2500.55", "2.000000") as integer cents, and cents as dollars. */
export function centsOfTransact(amount: string | number | null | undefined): number {
  const n = Number(amount ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

export function transactDollars(cents: number, decimals = 2): string {
  return (cents / 100).toFixed(decimals);
}

/**
 * A document's title as listed: Transact keeps the multipart field's text, `documentTitle0="x.pdf"`, for
 * party and verification documents, and the bare title elsewhere.
 */
export function titleOfTransact(title: string | null | undefined): string {
  const m = /^documentTitle\d*="?(.*?)"?$/.exec(title ?? '');
  return m ? (m[1] ?? '') : (title ?? '');
}

/** The multipart fields' own syntax for the title and file name of upload slot 0. */
export const uploadTitleField = (title: string) => `documentTitle0="${title}"`;
export const uploadFileNameField = (fileName: string) => `filename0="${fileName}"`;

/** Transact's cardType for the brands it takes. */
export const transactCardType = { visa: 'VI', mastercard: 'MC', discover: 'DI' } as const;

/** MMYY, as Transact's expirationDate. */
export function transactExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}${String(year % 100).padStart(2, '0')}`;
}

export function expiryOfTransact(mmyy: string | null | undefined): { expMonth: number; expYear: number } {
  const m = /^(\d{2})\/?(\d{2})$/.exec(mmyy ?? '');
  return m ? { expMonth: Number(m[1]), expYear: 2000 + Number(m[2]) } : { expMonth: 0, expYear: 0 };
}
