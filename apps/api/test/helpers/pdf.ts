import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';

/** The text of a PDF answer, whitespace collapsed, after checking it is one. */
export async function pdfTextOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(await response.arrayBuffer()) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}
