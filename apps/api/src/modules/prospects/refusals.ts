import { ApiError } from '../../http/errors.js';

/** A request body field the rules refuse (400 VALIDATION_FAILED naming the field). */
export const invalid = (field: string, problem: string) =>
  new ApiError('VALIDATION_FAILED', 'The request is invalid.', [`body.${field}: ${problem}`]);
