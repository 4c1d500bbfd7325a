import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from './project.ts';
import { lotQueries } from './queries.ts';

const record = eventRecorder();

async function catalogue() {
  const docs = await applyEvents(
    [lotsProjection],
    [record('lot-q1', 'LotListed', listedLot({ lotId: 'q1', sellerId: 'user-5e11e7' }))],
    createEmbeddedDocumentStore(),
  );
  return queryApp(lotQueries, docs, manualClock('2026-11-22T13:00:00.000Z'));
}

describe('lot queries (/api/product/...)', () => {
  it('gives a visitor a lot as the public sees it: no seller, none of anyone’s own fields', async () => {
    const { app, post } = await catalogue();
    const response = await post('/api/product/lot', { id: 'q1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.data.responseData).toMatchObject({
      id: 'q1',
      own_lot: 0,
      bidtopstatus: null,
      watchlistid: 0,
    });
    expect(body.data.responseData).not.toHaveProperty('seller_id');
    expect(response.body).not.toContain('user-5e11e7');
    await app.close();
  });

  it('tells the seller the lot is their own', async () => {
    const { app, post, signIn } = await catalogue();
    const response = await post('/api/product/lot', { id: 'q1' }, await signIn('user-5e11e7'));
    expect(response.json().data.responseData).toMatchObject({ id: 'q1', own_lot: 1 });
    await app.close();
  });

  it('answers a body without the lot id with 400 and the envelope naming the field', async () => {
    const { app, post } = await catalogue();
    const response = await post('/api/product/lot', { lot: 'q1' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.status).toBe('error');
    expect(body.data.responseType).toBe(400);
    expect(body.data.responseData.field).toBe('id');
    await app.close();
  });

  it('refuses a bad token with 403 even where a visitor is welcome', async () => {
    const { app, post } = await catalogue();
    const response = await post('/api/product/lot', { id: 'q1' }, { authorization: 'Bearer not-a-token' });
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe('error');
    await app.close();
  });

  it('answers an unknown lot with 404', async () => {
    const { app, post } = await catalogue();
    const response = await post('/api/product/lot', { id: 'no-such-lot' });
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe('error');
    await app.close();
  });
});
