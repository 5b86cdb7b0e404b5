import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/index.js';
import { CONTENT_TYPES, detectKind, type FileKind } from '../domain/file-kinds.js';
import { ApiError } from './errors.js';
import { containsNul, NUL_PROBLEM } from './unstorable-values.js';

/** What a document upload (a prospect's document, a letter of credit) may be. */
export const DOCUMENT_KINDS: FileKind[] = ['pdf', 'png', 'jpeg'];

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The kinds of the one file a multipart route reads itself with readSingleFile: the OpenAPI document declares
     * the multipart body from it (Fastify does not validate it; readSingleFile does).
     */
    upload?: FileKind[];
  }
}

/** The multipart parser's limits, on the public and the console server alike: one file of at most the upload limit. */
export const multipartOptions = (config: Pick<Config, 'uploadLimitBytes'>) => ({
  limits: { fileSize: config.uploadLimitBytes, files: 2, fields: 20, parts: 22 },
});

/** The schema parts of a route that takes one uploaded file of `kinds`. */
export const uploadOf = (kinds: FileKind[]) => ({ consumes: ['multipart/form-data'], upload: kinds });

export interface UploadedFile {
  fileName: string;
  kind: FileKind;
  contentType: string;
  bytes: Buffer;
}

/**
 * A part that cannot be read (no or another boundary, a body cut before its closing boundary) surfaces as the
 * multipart parser's own error; it is the client's request that is broken, so it is 400 rather than a 500. Errors
 * with a Fastify code (the file size limit, the parts limits) keep theirs.
 */
function unreadableBody(error: unknown): unknown {
  if (error instanceof ApiError || String((error as { code?: unknown }).code).startsWith('FST_'))
    return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ApiError(
    'MALFORMED_REQUEST',
    'The multipart body cannot be read: its boundary is missing or wrong, or it ends before its closing boundary.',
    [`body: ${reason}`],
  );
}

async function readFileParts(request: FastifyRequest): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (containsNul(part.filename))
      throw new ApiError('VALIDATION_FAILED', 'The file name is invalid.', [`file.name: ${NUL_PROBLEM}`]);
    const bytes = await part.toBuffer();
    if (part.file.truncated)
      throw new ApiError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit.');
    files.push({ fileName: part.filename, kind: detectKind(bytes) ?? 'csv', contentType: '', bytes });
    if (files.length > 1)
      throw new ApiError('VALIDATION_FAILED', 'Send exactly one file; this request has more.', [
        'file: only one file is accepted',
      ]);
  }
  return files;
}

/** A multipart request, uncompressed (the multipart parser reads the raw bytes). */
function assertFileUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data with one file part.');
  }
  const encoding = request.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the file uncompressed, without a Content-Encoding.', [
      'headers.content-encoding: is not accepted on uploads',
    ]);
  }
}

/** What a multipart body adds around one file: its boundaries and part headers (a generous bound). */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/** One uploaded file read as it arrives, for files too large to hold (an ESIID extract). */
export interface StreamedFile {
  fileName: string;
  stream: Readable;
  /** The file was cut at the size limit: known once the stream has ended. */
  truncated(): boolean;
}

/**
 * The first file of a multipart request as a stream, at most `fileSize` bytes (the rest is cut and `truncated()`
 * says so): the caller reads it a piece at a time, so its size is bounded by the limit, not by memory.
 */
export async function streamSingleFile(request: FastifyRequest, fileSize: number): Promise<StreamedFile> {
  assertFileUpload(request);
  // A body announced larger than the file may be (its multipart framing aside) is refused before it is read.
  if (Number(request.headers['content-length']) > fileSize + MULTIPART_FRAMING_BYTES)
    throw new ApiError('PAYLOAD_TOO_LARGE', 'The file is larger than the upload limit.', [
      `file: at most ${fileSize} bytes`,
    ]);
  const part = await request.file({ limits: { fileSize, files: 1 } }).catch((error: unknown) => {
    throw unreadableBody(error);
  });
  if (!part) throw new ApiError('VALIDATION_FAILED', 'The request has no file.', ['file: is required']);
  if (containsNul(part.filename))
    throw new ApiError('VALIDATION_FAILED', 'The file name is invalid.', [`file.name: ${NUL_PROBLEM}`]);
  return { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated };
}

/**
 * Reads exactly one file from a multipart request and checks its content against the kinds allowed. A compressed
 * upload is refused before its body is read: the multipart parser reads the raw bytes, and the files accepted
 * (PDF, PNG, JPEG) are compressed already.
 */
export async function readSingleFile(request: FastifyRequest, allowed: FileKind[]): Promise<UploadedFile> {
  assertFileUpload(request);
  const files = await readFileParts(request).catch((error: unknown) => {
    throw unreadableBody(error);
  });
  const [file] = files;
  if (!file) throw new ApiError('VALIDATION_FAILED', 'The request has no file.', ['file: is required']);
  if (file.bytes.length === 0)
    throw new ApiError('VALIDATION_FAILED', 'The file is empty.', ['file: is empty']);
  const kind = detectKind(file.bytes);
  if (!kind || !allowed.includes(kind)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `The file content is not one of: ${allowed.join(', ')}.`, [
      `file: content must be ${allowed.join(', ')}`,
    ]);
  }
  return { ...file, kind, contentType: CONTENT_TYPES[kind] };
}
