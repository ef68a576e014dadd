/** Where the legal pages send questions about the Terms of Service. */
export const LEGAL_EMAIL = 'legal@coffer.app';
/** Where the legal pages send privacy questions and data requests. */
export const PRIVACY_EMAIL = 'privacy@coffer.app';
