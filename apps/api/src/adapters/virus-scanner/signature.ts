import type { ScanVerdict, VirusScanner } from './port.js';

/** The industry's harmless test signature (eicar.org): every scanner reports it, so it proves the refusal path. */
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** The scanner used when none is configured: refuses files carrying the EICAR test signature, anywhere in them. */
export function createSignatureScanner(): VirusScanner {
  return {
    async scan(bytes: Buffer): Promise<ScanVerdict> {
      return bytes.includes(EICAR, 0, 'latin1')
        ? { clean: false, finding: 'EICAR-Test-Signature' }
        : { clean: true };
    },
  };
}
