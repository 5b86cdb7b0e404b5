import { beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { tokenOnClock } from '../../helpers/token-on-clock.js';
import { type ProspectRefs, prospectRefs, seededPrice, validProspect } from './fixtures.js';

const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const DAY = 86_400;
/** The sandbox's residential prospects expire this many days after they are quoted or sent a contract. */
const EXPIRATION_DAYS = 30;
const clockDay = (days = 0) => new Date(clock.now().getTime() + days * DAY * 1000).toISOString().slice(0, 10);
let token: string;
/** The API token on the moved clock: moving it days on outlives any token taken before. */
const tokenNow = tokenOnClock(api, clock);
let refs: ProspectRefs;

const create = async (status: string) =>
  (await api.call('POST', '/prospects', { token, body: validProspect(refs, { status }) })).body.data
    .idProspect as number;
const get = async (id: number) => (await api.call('GET', `/prospects/${id}`, { token })).body.data;

beforeAll(async () => {
  token = await tokenNow();
  refs = await prospectRefs(api, token);
});

describe('the expire-prospects background task', () => {
  it('is registered on the scheduler', () => {
    expect(api.app.voltin.scheduler.tasks().map((t) => t.name)).toContain('expire-prospects');
  });

  it('expires quotes and contracts past their expiration date and lists them as updated', async () => {
    const quote = await create('Quote_Sent');
    const contacted = await create('New');
    await api.call('POST', `/prospects/${contacted}/update-status`, {
      token,
      body: { newStatus: 'Contacted' },
    });
    const contract = await create('Quote_Sent');
    await api.call('POST', `/prospects/${contract}/update-status`, {
      token,
      body: { newStatus: 'Contract_Sent' },
    });
    const canceled = await create('New');
    await api.call('POST', `/prospects/${canceled}/update-status`, {
      token,
      body: { newStatus: 'Canceled' },
    });
    expect((await get(quote)).expirationDate).toBe(clockDay(EXPIRATION_DAYS));
    clock.advance(DAY);
    token = await tokenNow();
    const fresh = await create('New');
    const lastDay = await create('Contacted');
    clock.advance(EXPIRATION_DAYS * DAY);
    token = await tokenNow();
    const before = clock.now().toISOString();

    expect(await api.app.voltin.scheduler.runNow('expire-prospects')).toBe('expired 3 prospects');

    expect((await get(quote)).status).toBe('Quote_Expired');
    expect((await get(contacted)).status).toBe('Quote_Expired');
    expect(await get(contract)).toMatchObject({ status: 'Contract_Expired', signingStatus: 'Expired' });
    expect((await get(canceled)).status).toBe('Canceled');
    expect((await get(fresh)).status).toBe('New');
    expect((await get(lastDay)).status).toBe('Contacted'); // valid through its expiration date
    const listed = (await api.call('GET', '/prospects', { token, query: { updateFrom: before } })).body.data;
    expect(listed.map((p: { idProspect: number }) => p.idProspect).sort()).toEqual(
      [quote, contacted, contract].sort(),
    );
    expect(await api.app.voltin.scheduler.runNow('expire-prospects')).toBe('expired 0 prospects');
  });

  it('lets an expired quote be re-quoted at the current matrix rate with a new expiration date', async () => {
    const id = await create('Quote_Sent');
    clock.advance((EXPIRATION_DAYS + 3) * DAY);
    token = await tokenNow();
    // A stale rate on the expired quote (tampered: the sandbox matrix has one price), so the re-quote shows it is priced again.
    await api.db.kysely.updateTable('prospects').set({ rate_micros: 1 }).where('id', '=', id).execute();
    await api.app.voltin.scheduler.runNow('expire-prospects');
    expectFailure(
      await api.call('POST', `/prospects/${id}/update-status`, {
        token,
        body: { newStatus: 'Contract_Sent' },
      }),
      409,
      'PROSPECT_STATUS_TRANSITION_REFUSED',
    );
    const requote = await api.call('POST', `/prospects/${id}/update-status`, {
      token,
      body: { newStatus: 'Quote_Sent' },
    });
    expect(requote.body.data).toEqual({
      idProspect: id,
      previousStatus: 'Quote_Expired',
      newStatus: 'Quote_Sent',
    });
    const prospect = await get(id);
    expect(prospect).toMatchObject({ status: 'Quote_Sent', expirationDate: clockDay(EXPIRATION_DAYS) });
    expect(prospect.rate).toBe(seededPrice('ONCOR,NORTH,RES-FIXED,12,ALL,2027-01'));
  });
});
