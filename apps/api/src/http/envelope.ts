import { type Static, type TSchema, Type } from 'typebox';
import { ERROR_CODES, type ErrorCode } from './errors.js';

/** The failure envelope, shared by every route as a referenced component. */
export const ErrorEnvelope = Type.Object(
  {
    data: Type.Null(),
    succeeded: Type.Literal(false),
    errors: Type.Array(Type.String(), {
      description: 'One line per problem, naming the field when there is one.',
    }),
    message: Type.String({ description: 'A sentence for a person.' }),
    code: Type.Enum(Object.keys(ERROR_CODES) as ErrorCode[], {
      description: 'Stable machine-readable code; see the error catalogue.',
    }),
    requestId: Type.Optional(
      Type.String({
        description:
          'The id of this call, as in the X-Request-Id header and the server logs: quote it to support. Absent only ' +
          'when the request could not be read as HTTP.',
      }),
    ),
  },
  { $id: 'ErrorEnvelope', title: 'ErrorEnvelope' },
);
export type ErrorBody = Static<typeof ErrorEnvelope>;

export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    data,
    succeeded: Type.Boolean(),
    errors: Type.Array(Type.String()),
    message: Type.String(),
  });
}

export function PagedEnvelope<T extends TSchema>(item: T) {
  return Type.Object({
    data: Type.Array(item),
    succeeded: Type.Boolean(),
    errors: Type.Array(Type.String()),
    message: Type.String(),
    pageNumber: Type.Integer({ description: '1-based page number.' }),
    pageSize: Type.Integer(),
    totalPages: Type.Integer(),
    totalRecords: Type.Integer(),
  });
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE_NUMBER = 1_000_000;

export const PagingQuery = Type.Object({
  // Bounded so that the offset it makes stays an integer the databases accept (a page past the end is empty).
  pageNumber: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_NUMBER, default: 1, description: '1-based page number.' }),
  ),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: DEFAULT_PAGE_SIZE,
      description: 'Items per page.',
    }),
  ),
});

export interface Paging {
  pageNumber: number;
  pageSize: number;
}

/** What a service answers for a paged route: one page of items and how many there are in all. */
export interface Page<T> {
  items: T[];
  total: number;
}

export function pagingOf(query: { pageNumber?: number; pageSize?: number }): Paging {
  return { pageNumber: query.pageNumber ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE };
}

export function ok<T>(data: T, message = 'OK') {
  return { data, succeeded: true, errors: [] as string[], message };
}

export function paged<T>(items: T[], totalRecords: number, paging: Paging, message = 'OK') {
  return {
    ...ok(items, message),
    pageNumber: paging.pageNumber,
    pageSize: paging.pageSize,
    totalPages: Math.ceil(totalRecords / paging.pageSize),
    totalRecords,
  };
}

export function failure(
  code: ErrorCode,
  message: string,
  errors: string[] = [],
  requestId?: string,
): ErrorBody {
  return {
    data: null,
    succeeded: false,
    errors: errors.length > 0 ? errors : [message],
    message,
    code,
    ...(requestId === undefined ? {} : { requestId }),
  };
}
