import type { AdminJob } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs as jobsMigration } from '../../src/db/migrations/20261129090100_jobs';
import { testDatabases } from '../db/databases';
import { badgeSite, MEMBERS, type BadgeSite } from './badge-site';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** Badges awarded over a site's history: when a badge is switched on, and on the first run after an upgrade. */
describe.each(available)('badge backfill on $label', (target) => {
  let s: BadgeSite;
  beforeAll(async () => {
    s = await badgeSite(target);
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const setStatus = (id: string, status: 'active' | 'inactive') =>
    s.call<AdminJob | null>({ method: 'PUT', url: '/badge/status', as: 'admin', admin: true, payload: { id, status } });
  const job = (id: string) => s.call<AdminJob>({ method: 'GET', url: `/job?id=${id}`, as: 'admin', admin: true });

  it('switching a badge on awards it, in a job, to the members who already meet its rule, once', async () => {
    const firstQuestion = await s.badgeId('first_question');
    const firstAnswer = await s.badgeId('first_answer');
    expect((await setStatus(firstQuestion, 'inactive')).body.data).toBeNull();
    expect((await setStatus(firstAnswer, 'inactive')).body.data).toBeNull();
    // History made while both were off: alice and bob asked, bob answered, a deleted member asked.
    await s.ask('alice');
    const q = await s.ask('bob');
    await s.answer('bob', q);
    await s.ask('carol');
    await s.db.updateTable('user').set({ status: 10 }).where('id', '=', MEMBERS.carol.id).execute();
    expect(await s.awards(MEMBERS.alice.id, 'first_question')).toEqual([]);
    const countBefore = (await s.badge('first_question')).award_count;

    const on = await setStatus(firstQuestion, 'active');
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ kind: 'badge.backfill', state: 'queued', done: 0 });
    // The request awarded nothing: the job does.
    expect(await s.awards(MEMBERS.alice.id, 'first_question')).toEqual([]);

    expect(await s.services.jobs.runPending()).toBe(1);
    const done = await job(on.body.data!.id);
    expect(done.body.data).toMatchObject({ state: 'done', failed: 0, result: { awarded: 2 } });
    expect(done.body.data.done).toBe(done.body.data.total);
    expect(done.body.data.total).toBeGreaterThanOrEqual(Object.keys(MEMBERS).length - 1);

    expect(await s.awards(MEMBERS.alice.id, 'first_question')).toHaveLength(1);
    expect(await s.awards(MEMBERS.bob.id, 'first_question')).toHaveLength(1);
    // Not those who never asked, not a deleted member, and not a badge still off.
    expect(await s.awards(MEMBERS.dave.id, 'first_question')).toEqual([]);
    expect(await s.awards(MEMBERS.carol.id, 'first_question')).toEqual([]);
    expect(await s.awards(MEMBERS.bob.id, 'first_answer')).toEqual([]);
    expect((await s.badge('first_question')).award_count).toBe(countBefore + 2);
    // Each is told, as for a live award.
    expect((await s.achievements(MEMBERS.alice.id)).length).toBeGreaterThan(0);

    // Off and on again: a second job finds nothing left to award.
    await setStatus(firstQuestion, 'inactive');
    const again = await setStatus(firstQuestion, 'active');
    expect(await s.services.jobs.runPending()).toBe(1);
    expect((await job(again.body.data!.id)).body.data).toMatchObject({ state: 'done', result: { awarded: 0 } });
    expect(await s.awards(MEMBERS.alice.id, 'first_question')).toHaveLength(1);
    expect((await s.badge('first_question')).award_count).toBe(countBefore + 2);
    // Switching an active badge "on" again starts nothing.
    expect((await setStatus(firstQuestion, 'active')).body.data).toBeNull();
  });

  it('an upgraded site with history gets one job awarding every active badge its members earned', async () => {
    // Reputation earned before badges existed (no event ever checked it).
    await s.db.updateTable('user').set({ rank: 250 }).where('id', '=', MEMBERS.erin.id).execute();
    expect(await s.awards(MEMBERS.erin.id, 'reputation_200')).toEqual([]);
    await s.db.deleteFrom('job_failure').execute();
    await s.db.deleteFrom('job').execute();
    // The migration that brings jobs runs on a site that has members and the catalogue.
    await jobsMigration.up(s.db);
    const queued = await s.db.selectFrom('job').selectAll().execute();
    expect(queued.map((j) => [j.kind, j.state, Number(j.created_by)])).toEqual([['badge.backfill', 'queued', 0]]);
    expect(await s.services.jobs.runPending()).toBe(1);
    expect(await s.awards(MEMBERS.erin.id, 'reputation_200')).toHaveLength(1);
    expect(await s.awards(MEMBERS.alice.id, 'reputation_200')).toEqual([]);
    // Run twice, it adds nothing.
    await jobsMigration.up(s.db);
    expect(await s.services.jobs.runPending()).toBe(0);
  });
});
