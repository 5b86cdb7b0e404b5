import { describe, it } from 'vitest';
import { MAX_PAGE_NUMBER } from '../../src/http/envelope.js';
import { expectFailure, useTestApi } from '../helpers/app.js';

const api = useTestApi();

// One list of each kind: a module's own query with paging, the bare paging query, a customer's payment history.
const pagedLists = ['/tpv/verifications', '/agent/unverified-meters', '/payments/history-by-enrollment/1'];

async function callList(path: string, query: Record<string, string>) {
  const token = await api.sandboxToken();
  const { customerHash } = await api.sandboxCustomerHash();
  return api.call('GET', path, {
    token,
    customerHash: path.startsWith('/payments') ? customerHash : undefined,
    query,
  });
}

describe('paging parameters out of range', () => {
  it('refuses a page number past the limit, huge or not whole, with 400 naming the field', async () => {
    for (const path of pagedLists) {
      for (const pageNumber of [String(MAX_PAGE_NUMBER + 1), '1000000000000', '1e300', '1.5', '0']) {
        const body = expectFailure(await callList(path, { pageNumber }), 400, 'VALIDATION_FAILED');
        if (!body.errors.some((error: string) => error.startsWith('querystring.pageNumber:')))
          throw new Error(`${path}?pageNumber=${pageNumber}: ${JSON.stringify(body.errors)}`);
      }
    }
  });

  it('refuses a page size over 100 with 400 naming the field', async () => {
    for (const path of pagedLists) {
      const body = expectFailure(await callList(path, { pageSize: '1e300' }), 400, 'VALIDATION_FAILED');
      if (!body.errors.some((error: string) => error.startsWith('querystring.pageSize:')))
        throw new Error(`${path}: ${JSON.stringify(body.errors)}`);
    }
  });
});
