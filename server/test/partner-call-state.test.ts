import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerCallEvents, partnerCalls } from '../src/db/schema.ts';
import {
  isClosedCall,
  PARTNER_CALL_EVENTS,
  PARTNER_CALL_STATES,
  partnerCallTransition,
} from '../src/modules/partner-calls/call-state.ts';
import { CALL_LEASE_MS, claimCall, moveCall } from '../src/modules/partner-calls/claims.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('the partner-call state machine', () => {
  it('has exactly these moves; answered claims are closed', () => {
    const moves = [null, ...PARTNER_CALL_STATES].flatMap((from) =>
      PARTNER_CALL_EVENTS.flatMap((event) => {
        const to = partnerCallTransition(from, event);
        return to ? [`${from ?? '∅'} -${event}-> ${to}`] : [];
      }),
    );
    expect(moves).toEqual([
      '∅ -CLAIM-> OPEN',
      'OPEN -TAKE_OVER-> OPEN',
      'OPEN -FAIL-> OPEN',
      'OPEN -SUCCEED-> SUCCEEDED',
      'OPEN -REFUSE-> REFUSED',
    ]);
    expect(PARTNER_CALL_STATES.filter(isClosedCall)).toEqual(['SUCCEEDED', 'REFUSED']);
    expect(partnerCallTransition('WHATEVER', 'SUCCEED')).toBeNull();
  });
});

describe('claims in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const spec = { partner: 'CGB', operation: 'BANK_TEST', subject: 'thing-1', payload: { n: 1 } };

  it('one active claim per subject; moves only from the state and attempt read; a refusal frees the place', async () => {
    const now = t.clock.now();
    const [a, b] = await Promise.all([
      t.db.transaction((tx) => claimCall(tx, spec, now)),
      t.db.transaction((tx) => claimCall(tx, spec, now)),
    ]);
    const won = [a, b].filter((r) => r?.won);
    expect(won).toHaveLength(1);
    const claim = won[0]?.call;
    if (!claim) throw new Error('no claim');
    expect(claim).toMatchObject({ state: 'OPEN', attempts: 1, idempotencyKey: 'BANK_TEST.thing-1.1' });
    expect(claim.leaseUntil.getTime()).toBe(now.getTime() + CALL_LEASE_MS);

    // held: no take-over before the lease runs out
    expect(await t.db.transaction((tx) => moveCall(tx, claim, 'TAKE_OVER', { now }))).toBeNull();
    const failed = await t.db.transaction((tx) => moveCall(tx, claim, 'FAIL', { now, error: 'timeout' }));
    expect(failed).toMatchObject({ state: 'OPEN', lastError: 'timeout', leaseUntil: now });
    // the stale read (before FAIL) can no longer move it
    expect(await t.db.transaction((tx) => moveCall(tx, claim, 'FAIL', { now }))).toBeNull();
    if (!failed) throw new Error('not failed');
    const taken = await t.db.transaction((tx) => moveCall(tx, failed, 'TAKE_OVER', { now }));
    expect(taken).toMatchObject({ state: 'OPEN', attempts: 2, idempotencyKey: 'BANK_TEST.thing-1.1' });
    if (!taken) throw new Error('not taken');
    // a late answer to the first attempt changes nothing
    expect(await t.db.transaction((tx) => moveCall(tx, failed, 'SUCCEED', { now }))).toBeNull();
    const refused = await t.db.transaction((tx) =>
      moveCall(tx, taken, 'REFUSE', { now, answer: { accepted: false } }),
    );
    expect(refused).toMatchObject({ state: 'REFUSED', answer: { accepted: false } });
    if (!refused) throw new Error('not refused');
    await expect(t.db.transaction((tx) => moveCall(tx, refused, 'SUCCEED', { now }))).rejects.toThrow(
      /not a move/,
    );

    const again = await t.db.transaction((tx) => claimCall(tx, spec, now));
    expect(again).toMatchObject({ won: true, call: { idempotencyKey: 'BANK_TEST.thing-1.2' } });
    const events = await t.db
      .select()
      .from(partnerCallEvents)
      .where(eq(partnerCallEvents.callId, claim.id))
      .orderBy(asc(partnerCallEvents.id));
    expect(events.map((e) => [e.fromState, e.event, e.toState, e.attempt])).toEqual([
      [null, 'CLAIM', 'OPEN', 1],
      ['OPEN', 'FAIL', 'OPEN', 1],
      ['OPEN', 'TAKE_OVER', 'OPEN', 2],
      ['OPEN', 'REFUSE', 'REFUSED', 2],
    ]);
    expect(await t.db.select().from(partnerCalls).where(eq(partnerCalls.subject, 'thing-1'))).toHaveLength(2);
  });
});
