/** The kinds of file Voltin reads, told by their content: uploads, and pricing matrix files from the command line. */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What the bytes are, whatever the file is called or claims to be. */
export function detectKind(bytes: Buffer): FileKind | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // A workbook is a zip archive; its content is checked when it is read.
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (!bytes.includes(0) && Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)) return 'csv';
  return null;
}
