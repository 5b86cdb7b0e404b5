export type { ScanVerdict, VirusScanner } from './port.js';
export { createSignatureScanner } from './signature.js';
