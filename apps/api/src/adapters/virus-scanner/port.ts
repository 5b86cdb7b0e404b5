/**
 * Checks an uploaded file for malware before it is kept. The built-in scanner (signature.ts) knows one signature,
 * the EICAR test file, so anyone can see the refusal; a production deployment plugs its scanner in here, for example
 * a ClamAV daemon (`INSTREAM` over its socket) or an ICAP server (RESPMOD), and answers `infected` with its finding.
 */
export interface VirusScanner {
  scan(bytes: Buffer): Promise<ScanVerdict>;
}

export type ScanVerdict = { clean: true } | { clean: false; finding: string };
