/**
 * How the embedded sandbox and the local double of North Capital decide the checks a person would decide,
 * deterministically, so a demo and a spec choose the outcome by what they type:
 *
 * KYC/AML (performKycAml): North Capital gives its sandbox's KYC test data on request only (its docs:
 * "contact us to get instructions on how to test KYC/AML in our sandbox"), so this rule is ours, on the
 * party's last name: containing `Disapprove` → KYC Disapproved (AML Auto Approved, as North Capital's own
 * failing example answers); containing `Review` → KYC Pending (left for a manual review); anyone else →
 * KYC and AML Auto Approved.
 *
 * Accreditation (requestAiVerification): North Capital's sandbox decides by the file name of the
 * verification document uploaded to the account, and these are its magic names (its own test suite):
 * `Test_Approved_All`, `Test_Approved_Assets`, `Test_Approved_Income` → Verified Accredited (request
 * Approved); `Test_Rejected` → Not Accredited (Rejected); `Test_Need_Info` → pending (Need More Info);
 * any other document, or none → pending (Pending, a reviewer's to decide). The latest magic name wins.
 */
import type { InvestorAccreditation, InvestorKyc } from './port.ts';

export interface KycDecision {
  kyc: InvestorKyc;
  aml: InvestorKyc;
}

export function kycDecision(lastName: string): KycDecision {
  if (/disapprove/i.test(lastName)) return { kyc: 'disapproved', aml: 'approved' };
  if (/review/i.test(lastName)) return { kyc: 'pending', aml: 'approved' };
  return { kyc: 'approved', aml: 'approved' };
}

/** North Capital's sandbox file names (without extension) and what each decides. */
export const accreditationTestFiles = {
  approvedAll: 'Test_Approved_All',
  approvedAssets: 'Test_Approved_Assets',
  approvedIncome: 'Test_Approved_Income',
  rejected: 'Test_Rejected',
  needInfo: 'Test_Need_Info',
} as const;

export interface AccreditationDecision {
  accreditation: InvestorAccreditation;
  /** Transact's aiRequestStatus for the request. */
  requestStatus: 'Approved' | 'Rejected' | 'Need More Info' | 'Pending';
}

/** The decision for an account whose verification documents have these file names, oldest first. */
export function accreditationDecision(fileNames: readonly string[]): AccreditationDecision {
  for (const fileName of [...fileNames].reverse()) {
    const stem = fileName.replace(/\.[^.]*$/, '');
    if (/^Test_Approved_(All|Assets|Income)$/.test(stem))
      return { accreditation: 'accredited', requestStatus: 'Approved' };
    if (stem === accreditationTestFiles.rejected)
      return { accreditation: 'not_accredited', requestStatus: 'Rejected' };
    if (stem === accreditationTestFiles.needInfo)
      return { accreditation: 'pending', requestStatus: 'Need More Info' };
  }
  return { accreditation: 'pending', requestStatus: 'Pending' };
}

/** North Capital's verification upload refuses a file this small ("Document File Size Must Be Greater Than 1 kb"). */
export const MIN_VERIFICATION_DOCUMENT_BYTES = 1_000;

/** An offering the sandbox and the double know (the issuer creates offerings on North Capital's side). */
export interface SandboxOffering {
  name: string;
  /** One unit's price, integer cents. */
  unitPrice: number;
}

/** The default offerings: a demo security-token offering at $10.00 a unit. */
export const defaultSandboxOfferings: Readonly<Record<string, SandboxOffering>> = {
  '55591': { name: 'Wine Cellar Token (demo)', unitPrice: 1_000 },
};
