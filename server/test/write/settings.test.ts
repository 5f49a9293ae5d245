import type { QuestionInfo, SiteInfo, SiteQuestions, SiteTags } from '@agora/shared-api/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DbSettingsStore } from '../../src/modules/site-info/store';
import { testDatabases } from '../db/databases';
import { questionBody, writeSite, type WriteSite } from './helpers';

const { available } = await testDatabases();
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

type FieldErrors = { error_field: string; error_msg: string }[];

describe.each(available)('write settings on $label', (target) => {
  let s: WriteSite;
  let goId: string;
  let rustId: string;

  beforeAll(async () => {
    s = await writeSite(target);
    goId = await s.tag('go', { display_name: 'Go' });
    rustId = await s.tag('rust', { display_name: 'Rust' });
    await s.tag('golang', { main_tag_id: goId, main_tag_slug_name: 'go' });
    await s.tag('gone', { status: 10 });
  });
  afterAll(async () => {
    await s?.cleanup();
  });

  const flags = async (slug: string) =>
    s.db.selectFrom('tag').select(['recommend', 'reserved']).where('slug_name', '=', slug).executeTakeFirstOrThrow();

  it('a new site has the install defaults, and siteinfo serves both groups', async () => {
    const question = await s.admin<SiteQuestions>({ method: 'GET', url: '/siteinfo/question', as: 'admin' });
    expect(question.status).toBe(200);
    expect(question.body.data).toEqual({ min_tags: 1, min_content: 6, restrict_answer: true });
    const tag = await s.admin<SiteTags>({ method: 'GET', url: '/siteinfo/tag', as: 'admin' });
    expect(tag.body.data).toEqual({ reserved_tags: [], recommend_tags: [], required_tag: false });
    const info = await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' });
    expect(info.body.data.site_questions).toEqual({ min_tags: 1, min_content: 6, restrict_answer: true });
    expect(info.body.data.site_tags).toEqual({ reserved_tags: [], recommend_tags: [], required_tag: false });
  });

  it('a site installed before the write settings existed reads the defaults', async () => {
    await s.db.deleteFrom('site_info').where('type', 'in', ['questions', 'tags']).execute();
    const store = new DbSettingsStore(s.db);
    expect(await store.get('question')).toEqual({ min_tags: 1, min_content: 6, restrict_answer: true });
    expect(await store.get('tag')).toEqual({ reserved_tags: [], recommend_tags: [], required_tag: false });
  });

  it('only administrators read or save them: visitors 401, members and moderators 403', async () => {
    for (const url of ['/siteinfo/question', '/siteinfo/tag']) {
      expect((await s.admin({ method: 'GET', url })).status).toBe(401);
      expect((await s.admin({ method: 'GET', url, as: 'alice' })).status).toBe(403);
      expect((await s.admin({ method: 'GET', url, as: 'mod' })).status).toBe(403);
    }
    const put = await s.admin({
      method: 'PUT',
      url: '/siteinfo/question',
      as: 'mod',
      payload: { min_tags: 0, min_content: 0, restrict_answer: false },
    });
    expect(put.status).toBe(403);
    const tagPut = await s.admin({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'alice',
      payload: { reserved_tags: [], recommend_tags: [{ slug_name: 'go' }], required_tag: true },
    });
    expect(tagPut.status).toBe(403);
    expect((await flags('go')).recommend).toBe(0);
  });

  it('saves the question group, stored and served by siteinfo', async () => {
    const saved = await s.admin<SiteQuestions>({
      method: 'PUT',
      url: '/siteinfo/question',
      as: 'admin',
      payload: { min_tags: 2, min_content: 20, restrict_answer: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ min_tags: 2, min_content: 20, restrict_answer: false });
    // Another store on the same database (another process) reads what was saved.
    expect(await new DbSettingsStore(s.db).get('question')).toEqual(saved.body.data);
    const info = await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' });
    expect(info.body.data.site_questions).toEqual(saved.body.data);
    await s.admin({
      method: 'PUT',
      url: '/siteinfo/question',
      as: 'admin',
      payload: { min_tags: 1, min_content: 6, restrict_answer: true },
    });
  });

  it.each([
    [{ min_tags: 6, min_content: 6, restrict_answer: true }, 'min_tags'],
    [{ min_tags: -1, min_content: 6, restrict_answer: true }, 'min_tags'],
    [{ min_tags: 1.5, min_content: 6, restrict_answer: true }, 'min_tags'],
    [{ min_tags: 1, min_content: 65536, restrict_answer: true }, 'min_content'],
    [{ min_tags: 1, min_content: -3, restrict_answer: true }, 'min_content'],
    [{ min_tags: 1, min_content: 6, restrict_answer: 'yes' }, 'restrict_answer'],
    [{ min_tags: 1, min_content: 6 }, 'restrict_answer'],
  ])('refuses the question group %j with a field error on %s', async (payload, field) => {
    const res = await s.admin<FieldErrors>({ method: 'PUT', url: '/siteinfo/question', as: 'admin', payload });
    expect(res.status).toBe(400);
    expect(res.body.data.map((e) => e.error_field)).toContain(field);
    expect(await new DbSettingsStore(s.db).get('question')).toEqual({
      min_tags: 1,
      min_content: 6,
      restrict_answer: true,
    });
  });

  it('accepts the bounds 0 and 5 tags, 0 and 65535 characters', async () => {
    for (const payload of [
      { min_tags: 0, min_content: 0, restrict_answer: false },
      { min_tags: 5, min_content: 65535, restrict_answer: true },
    ]) {
      const res = await s.admin({ method: 'PUT', url: '/siteinfo/question', as: 'admin', payload });
      expect(res.status).toBe(200);
    }
    await s.admin({
      method: 'PUT',
      url: '/siteinfo/question',
      as: 'admin',
      payload: { min_tags: 1, min_content: 6, restrict_answer: true },
    });
  });

  it('saves the tag group: the named tags get their flags, synonyms stand for their main tag', async () => {
    const res = await s.admin<SiteTags>({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: {
        recommend_tags: [{ slug_name: 'GO' }, { slug_name: 'golang', display_name: 'whatever' }],
        reserved_tags: [{ slug_name: 'rust', display_name: 'Rust' }],
        required_tag: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      recommend_tags: [{ slug_name: 'go', display_name: 'Go' }],
      reserved_tags: [{ slug_name: 'rust', display_name: 'Rust' }],
      required_tag: true,
    });
    expect(await flags('go')).toEqual({ recommend: 1, reserved: 0 });
    expect(await flags('rust')).toEqual({ recommend: 0, reserved: 1 });
    expect(await flags('golang')).toEqual({ recommend: 0, reserved: 0 });
    const info = await s.call<SiteInfo>({ method: 'GET', url: '/siteinfo' });
    expect(info.body.data.site_tags).toEqual(res.body.data);

    // A question tagged with them shows the flags (TagResp).
    const asked = await s.call<QuestionInfo>({
      method: 'POST',
      url: '/question',
      as: 'mod',
      payload: questionBody({ tags: [{ slug_name: 'go' }, { slug_name: 'rust' }] }),
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.tags).toEqual([
      { slug_name: 'go', display_name: 'Go', main_tag_slug_name: '', recommend: true, reserved: false },
      { slug_name: 'rust', display_name: 'Rust', main_tag_slug_name: '', recommend: false, reserved: true },
    ]);

    // Saving again replaces the sets: flags of tags no longer named are cleared.
    const swapped = await s.admin<SiteTags>({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: { recommend_tags: [{ slug_name: 'rust' }], reserved_tags: [], required_tag: false },
    });
    expect(swapped.status).toBe(200);
    expect(await flags('go')).toEqual({ recommend: 0, reserved: 0 });
    expect(await flags('rust')).toEqual({ recommend: 1, reserved: 0 });
    expect(rustId).toBeTruthy();
  });

  it('refuses tags that do not exist (or were deleted) and malformed slugs, per list, changing nothing', async () => {
    const before = await s.admin<SiteTags>({ method: 'GET', url: '/siteinfo/tag', as: 'admin' });
    const unknown = await s.admin<FieldErrors>({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: {
        recommend_tags: [{ slug_name: 'go' }, { slug_name: 'nope' }, { slug_name: 'gone' }],
        reserved_tags: [{ slug_name: 'rust' }],
        required_tag: true,
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([
      { error_field: 'recommend_tags', error_msg: 'These tags do not exist: nope, gone. Create them first.' },
    ]);
    const malformed = await s.admin<FieldErrors>({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      headers: { 'accept-language': 'zh-CN' },
      payload: { recommend_tags: [], reserved_tags: [{ slug_name: 'has space' }], required_tag: false },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.map((e) => e.error_field)).toEqual(['reserved_tags']);
    expect(malformed.body.data[0]!.error_msg).not.toBe('');
    const tooLong = await s.admin<FieldErrors>({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: { recommend_tags: [{ slug_name: 'x'.repeat(36) }], reserved_tags: [], required_tag: false },
    });
    expect(tooLong.status).toBe(400);
    const notAList = await s.admin({
      method: 'PUT',
      url: '/siteinfo/tag',
      as: 'admin',
      payload: { recommend_tags: 'go', reserved_tags: [], required_tag: false },
    });
    expect(notAList.status).toBe(400);
    expect((await s.admin<SiteTags>({ method: 'GET', url: '/siteinfo/tag', as: 'admin' })).body.data).toEqual(
      before.body.data,
    );
    expect(await flags('go')).toEqual({ recommend: 0, reserved: 0 });
  });
});
