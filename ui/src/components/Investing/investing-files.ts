/**
 * Accreditation evidence as the contract takes it (UploadInvestingDocumentInput): a PDF, PNG or JPEG
 * of at most 600 kB, under a plain file name, sent as base64 (800,000 characters at most).
 */
export const MAX_EVIDENCE_BYTES = 600_000;

export type EvidenceType = 'application/pdf' | 'image/png' | 'image/jpeg';

const typeByExtension: Record<string, EvidenceType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};
const extensionOf: Record<EvidenceType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

const extension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** The file's type as the contract names it: its declared type, else its extension's; null when neither fits. */
export function evidenceType(file: { name: string; type: string }): EvidenceType | null {
  if (file.type) return Object.values(typeByExtension).find((type) => type === file.type) ?? null;
  return typeByExtension[extension(file.name)] ?? null;
}

/**
 * A name the contract takes (letters, digits and ` _.()-`, up to 120 before the extension): any
 * other character becomes '_', so a name in another alphabet still uploads, recognisably.
 */
export function evidenceName(name: string, type: EvidenceType): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name)
    .replace(/[^\w .()-]/g, '_')
    .slice(0, 120)
    .trim();
  const ext = typeByExtension[extension(name)] === type ? extension(name) : extensionOf[type];
  return `${stem || 'document'}.${ext}`;
}

/** What is wrong with a chosen file, as the key of its words; null when it may be sent. */
export function evidenceProblem(
  file: { name: string; type: string; size: number } | null,
): 'ui.investing.errNoFile' | 'ui.investing.errFileType' | 'ui.investing.errFileSize' | null {
  if (!file) return 'ui.investing.errNoFile';
  if (!evidenceType(file)) return 'ui.investing.errFileType';
  if (file.size === 0 || file.size > MAX_EVIDENCE_BYTES) return 'ui.investing.errFileSize';
  return null;
}

/** The file's bytes in base64 (read in the browser: the file goes to the server in the request's body). */
export function toBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
