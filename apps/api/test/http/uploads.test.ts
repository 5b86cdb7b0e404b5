import { describe, expect, it } from 'vitest';
import { detectKind } from '../../src/domain/file-kinds.js';

describe('file kinds are read from the content', () => {
  it('recognises PDF, PNG, JPEG and text (CSV)', () => {
    expect(detectKind(Buffer.from('%PDF-1.7\n...'))).toBe('pdf');
    expect(detectKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('jpeg');
    expect(detectKind(Buffer.from('utility,zone,price\nONCOR,NORTH,0.11\n'))).toBe('csv');
  });

  it('refuses binary content whatever its name, such as an executable called letter.pdf', () => {
    expect(detectKind(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeNull();
    expect(detectKind(Buffer.from([0xc3, 0x28]))).toBeNull();
  });
});
