import { beforeAll, describe, expect, it } from 'vitest';
import {
  activateEnrollment,
  dayOn,
  pendingEnrollment,
  planId,
  requiredOptions,
} from '../../fixtures/enrollments.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';

/**
 * The agents' queue of early termination fees: a live contract dropped before its end owes one, and an agent sends
 * or waives it. Service starts on the clock, which each drop moves on to the start date.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
let token: string;
let plan: number;
let options: number[];

const get = (path: string, query?: Record<string, string | number>) =>
  api.call('GET', path, { token, query });
const post = (path: string, body: unknown = {}) => api.call('POST', path, { token, body });

beforeAll(async () => {
  token = await api.sandboxToken();
  plan = await planId(api, 'Bluebonnet Energy 12-Month Fixed Electric');
  options = await requiredOptions(api, token, plan);
});

describe('GET /agent/etf-invoices', () => {
  /** A drop of a live 12-month contract today: the early termination fee is queued for an agent. */
  async function droppedEnrollment() {
    const id = await pendingEnrollment(api, token, { plan, options });
    await activateEnrollment(api, clock, id);
    token = await api.sandboxToken();
    const drop = await post(`/enrollments/${id}/drop`, { effectiveDate: dayOn(clock), reasonCodeId: 1 });
    expect(drop.body.data.etf_invoice, JSON.stringify(drop.body)).toMatchObject({ status: 'queued' });
    return drop.body.data.etf_invoice.id_etf_invoice as number;
  }
  const invoiceIds = async (status?: string) =>
    (await get('/agent/etf-invoices', { pageSize: 100, ...(status ? { status } : {}) })).body.data.map(
      (i: { id_etf_invoice: number }) => i.id_etf_invoice,
    );

  it('lists the queued fees; send and waive resolve one for good, which leaves the queued list', async () => {
    const sent = await droppedEnrollment();
    const waived = await droppedEnrollment();
    expect(await invoiceIds('queued')).toEqual(expect.arrayContaining([sent, waived]));
    const paged = (await get('/agent/etf-invoices', { status: 'queued', pageSize: 1 })).body;
    expect(paged).toMatchObject({ pageSize: 1, totalRecords: 2, totalPages: 2 });

    expect((await post(`/agent/etf-invoices/${sent}/send`)).body.data).toMatchObject({
      id_etf_invoice: sent,
      status: 'sent',
      resolved_by: expect.stringMatching(/^agent:\d+$/),
      resolution_note: null,
    });
    expect(
      expectFailure(await post(`/agent/etf-invoices/${waived}/waive`), 400, 'VALIDATION_FAILED').errors,
    ).toEqual([expect.stringContaining('reason')]);
    expectFailure(
      await post(`/agent/etf-invoices/${waived}/waive`, { reason: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await invoiceIds('queued')).toContain(waived);
    expect(
      (await post(`/agent/etf-invoices/${waived}/waive`, { reason: 'Moved into a care home' })).body.data,
    ).toMatchObject({ status: 'waived', resolution_note: 'Moved into a care home' });
    expect(await invoiceIds('queued')).not.toContain(sent);
    expect(await invoiceIds('sent')).toEqual([sent]);
    expect(await invoiceIds()).toEqual(expect.arrayContaining([sent, waived]));
    expect(
      expectFailure(
        await post(`/agent/etf-invoices/${sent}/waive`, { reason: 'Too late' }),
        409,
        'ENROLLMENT_STATUS_CONFLICT',
      ).errors,
    ).toEqual(['status: sent']);
    expectFailure(await post('/agent/etf-invoices/987654/send'), 404, 'NOT_FOUND');
  });
});
