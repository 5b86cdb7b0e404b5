/** What each kind of library document is called on screen; the public API gives the code as `doc_type`. */
export const KIND_LABELS = {
  TOS: 'Terms of service',
  EFL: 'Electricity Facts Label',
  YRAC: 'Your rights as a customer',
  CONTRACT: 'Contract',
  WELCOME_LETTER: 'Welcome letter',
} as const;

export type DocumentKind = keyof typeof KIND_LABELS;
export const DOCUMENT_KINDS = Object.keys(KIND_LABELS) as DocumentKind[];

export const LANGUAGE_LABELS = { en: 'English', es: 'Spanish' } as const;
export type DocumentLanguage = keyof typeof LANGUAGE_LABELS;
export const DOCUMENT_LANGUAGES = Object.keys(LANGUAGE_LABELS) as DocumentLanguage[];

/** The largest PDF the server keeps (its default upload limit), checked before sending to save a long wait. */
export const MAX_PDF_BYTES = 10 * 1_048_576;

export const formatBytes = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
