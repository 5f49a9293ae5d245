import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { toShortId } from '@agora/shared-api/short-id';
import { parse } from 'parse5';
import { afterAll, describe, expect, it } from 'vitest';
import { urlTitle } from '../../src/lib/text';
import { testDatabases } from '../db/databases';
import { questionBody } from '../question/helpers';
import { SHELL_INDEX } from '../support/config';
import { tempDir, useSite } from '../support/site';

const { available } = await testDatabases();

const PEOPLE = {
  rich: { id: 13, roleId: 1, rank: 2000 },
  alice: { id: 11, roleId: 1, rank: 1 },
  mod: { id: 14, roleId: 3, rank: 1 },
} as const;
const SITE = 'https://qa.example.com';
const ROLES = [undefined, 'alice', 'mod', 'admin'] as const;

interface Node {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  value?: string;
}

/** The parts of the QAPage data the tests read. */
interface QaPage {
  '@type': string;
  mainEntity: {
    name: string;
    answerCount: number;
    author: { name: string };
    acceptedAnswer?: { text: string; url: string };
    suggestedAnswer?: unknown[];
  };
}

/** Every element of the document, depth first. */
function elements(node: Node): Node[] {
  return [node, ...(node.childNodes ?? []).flatMap(elements)];
}
const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;
const text = (node: Node) => (node.childNodes ?? []).map((child) => child.value ?? '').join('');

/** What the HTML's head says: title, meta by name or property, links by rel, JSON-LD. */
function headOf(html: string) {
  const all = elements(parse(html) as unknown as Node);
  const meta = (key: string) => {
    const found = all.find((n) => n.tagName === 'meta' && (attr(n, 'name') === key || attr(n, 'property') === key));
    return found ? attr(found, 'content') : undefined;
  };
  const link = (rel: string) => {
    const found = all.find((n) => n.tagName === 'link' && attr(n, 'rel') === rel);
    return found ? attr(found, 'href') : undefined;
  };
  const ld = all.find((n) => n.tagName === 'script' && attr(n, 'type') === 'application/ld+json');
  return {
    lang: attr(
      all.find((n) => n.tagName === 'html')!,
      'lang',
    ),
    title: text(all.find((n) => n.tagName === 'title') ?? { nodeName: 'title' }),
    meta,
    link,
    jsonLd: ld ? (JSON.parse(text(ld)) as QaPage) : undefined,
    scripts: all.filter((n) => n.tagName === 'script').length,
  };
}

/** A built shell that lasts as long as the file's sites (the test config's own is removed after a test). */
const shell = tempDir('agora-pages-test-');
writeFileSync(path.join(shell.dir, 'index.html'), SHELL_INDEX);
afterAll(() => shell.remove());

describe.each(available)('the head of server-sent pages on $label', (target) => {
  const s = useSite(target, { members: PEOPLE, config: { shellDir: shell.dir } });
  const get = (url: string, as?: string) =>
    s.app.inject({ method: 'GET', url, headers: as ? { authorization: as } : {} });
  const ask = (overrides: Record<string, unknown> = {}) =>
    s.must<{ id: string; title: string }>({
      method: 'POST',
      url: '/question',
      as: 'rich',
      payload: questionBody(overrides),
    });
  const permalink = async (mode: number) =>
    s.services.settings.set!('seo', { ...(await s.services.settings.get('seo')), permalink: mode });

  it('a question page: title, description, canonical, Open Graph, QAPage with the accepted answer', async () => {
    const question = await ask({ content: 'The body says **exactly** this, and a reader sees it first.' });
    const { info: answer } = await s.must<{ info: { id: string } }>({
      method: 'POST',
      url: '/answer',
      as: 'mod',
      payload: { question_id: question.id, content: 'Do this, then that: it works.' },
    });
    await s.must({
      method: 'POST',
      url: '/answer/acceptance',
      as: 'rich',
      payload: { question_id: question.id, answer_id: answer.id },
    });
    const res = await get(`/questions/${question.id}`);
    expect(res.statusCode).toBe(200);
    const head = headOf(res.body);
    expect(head.lang).toBe('en-US');
    expect(head.title).toBe(`${question.title} - Agora Test`);
    expect(head.meta('description')).toBe('The body says exactly this, and a reader sees it first.');
    expect(head.link('canonical')).toBe(`${SITE}/questions/${question.id}`);
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('og:title')).toBe(head.title);
    expect(head.meta('twitter:card')).toBe('summary');
    const entity = head.jsonLd!.mainEntity;
    expect(head.jsonLd!['@type']).toBe('QAPage');
    expect(entity.name).toBe(question.title);
    expect(entity.answerCount).toBe(1);
    expect(entity.author.name).toBe('Rich');
    expect(entity.acceptedAnswer?.text).toBe('Do this, then that: it works.');
    expect(entity.acceptedAnswer?.url).toBe(`${SITE}/questions/${question.id}/${answer.id}`);
    expect(entity.suggestedAnswer).toBeUndefined();
  });

  it('other spellings of a question address are sent to the permalink (301), the answer and query kept', async () => {
    const question = await ask({ title: 'Which address of this question is the one to keep?' });
    const slug = urlTitle(question.title);
    const short = toShortId(question.id);
    const aid = '10020000000000042';
    const cases: [number, string, string | null][] = [
      [2, `/questions/${question.id}/${slug}`, `/questions/${question.id}`],
      [2, `/questions/${question.id}/${slug}/${aid}?x=1`, `/questions/${question.id}/${aid}?x=1`],
      [1, `/questions/${question.id}`, `/questions/${question.id}/${slug}`],
      [1, `/questions/${question.id}/wrong-words`, `/questions/${question.id}/${slug}`],
      [1, `/questions/${question.id}/${aid}`, `/questions/${question.id}/${slug}/${aid}`],
      [1, `/questions/${question.id}/${slug}`, null],
      [3, `/questions/${question.id}/${slug}`, `/questions/${short}/${slug}`],
      [4, `/questions/${short}`, null],
    ];
    for (const [mode, url, to] of cases) {
      await permalink(mode);
      const res = await get(url);
      expect([res.statusCode, res.headers.location ?? null], `${mode} ${url}`).toEqual(to ? [301, to] : [200, null]);
    }
    await permalink(2);
  });

  it('member text is escaped in the title, the meta tags and the structured data', async () => {
    const hostile = '</title><script>alert(1)</script> "quoted" & </script><b>';
    const question = await ask({ title: `Is ${hostile} shown as text?` });
    const res = await get(`/questions/${question.id}`);
    const head = headOf(res.body);
    expect(head.title).toBe(`${question.title} - Agora Test`);
    expect(head.meta('og:title')).toBe(head.title);
    expect(head.jsonLd!.mainEntity.name).toBe(question.title);
    // The shell's one script, the JSON-LD, nothing a member wrote.
    expect(head.scripts).toBe(2);
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('deleted, unlisted and queued questions say nothing, whoever reads; a login-required site neither', async () => {
    for (const change of [{ status: 10 }, { show: 2 }, { status: 11 }]) {
      const question = await ask();
      await s.db.updateTable('question').set(change).where('id', '=', question.id).execute();
      for (const as of ROLES) {
        const res = await get(`/questions/${question.id}`, as);
        expect(res.statusCode).toBe(200);
        expect(res.body, `${JSON.stringify(change)} as ${as ?? 'visitor'}`).not.toContain(question.title);
        expect(headOf(res.body).link('canonical')).toBeUndefined();
      }
    }
    const open = await ask();
    const login = await s.services.settings.get('login');
    await s.services.settings.set!('login', { ...login, login_required: true });
    try {
      for (const as of ROLES) expect((await get(`/questions/${open.id}`, as)).body).not.toContain(open.title);
    } finally {
      await s.services.settings.set!('login', login);
    }
  });

  it('paged lists link the pages before and after; a page past the end or an unknown order says nothing', async () => {
    const { count } = await s.must<{ count: number }>({ method: 'GET', url: '/question/page?page=1&page_size=1' });
    for (let n = count; n < 21; n += 1) await ask();
    const first = headOf((await get('/questions')).body);
    expect(first.title).toBe('All questions - Agora Test');
    expect(first.link('prev')).toBeUndefined();
    expect(first.link('next')).toBe(`${SITE}/questions?page=2`);
    const second = headOf((await get('/questions?order=newest&page=2')).body);
    expect(second.link('canonical')).toBe(`${SITE}/questions?order=newest&page=2`);
    expect(second.link('prev')).toBe(`${SITE}/questions?order=newest`);
    for (const url of ['/questions?page=999', '/questions?order=bogus', '/questions?page=-1', '/questions?page=x'])
      expect(headOf((await get(url)).body).link('canonical'), url).toBeUndefined();
    const home = headOf((await get('/')).body);
    expect(home.title).toBe('Agora Test');
    expect(home.link('canonical')).toBe(`${SITE}/`);
  });

  it('a tag, its info page, a member and the overviews; unknown ones say nothing', async () => {
    const tag = headOf((await get('/tags/support')).body);
    expect(tag.link('canonical')).toBe(`${SITE}/tags/support`);
    expect(tag.title).toMatch(/^support questions - Agora Test$/i);
    expect(headOf((await get('/tags/support/info')).body).title).toMatch(/^support info - Agora Test$/i);
    const member = headOf((await get('/users/rich')).body);
    expect(member.title).toBe('Rich - Agora Test');
    expect(member.meta('og:type')).toBe('profile');
    expect(member.meta('description')).toMatch(/^Rich on Agora Test: \d+ questions, \d+ answers, reputation \d+\.$/);
    for (const url of ['/tags/no-such-tag', '/users/nobody-here', '/questions/ask'])
      expect(headOf((await get(url)).body).link('canonical'), url).toBeUndefined();
    expect(headOf((await get('/badges')).body).title).toBe('Badges - Agora Test');
    expect(headOf((await get('/users')).body).meta('description')).toBe(
      'The members of Agora Test, ranked by reputation.',
    );
  });

  it('the language of the site, in Chinese too', async () => {
    const iface = await s.services.settings.get('interface');
    await s.services.settings.set!('interface', { ...iface, language: 'zh_CN' });
    try {
      const head = headOf((await get('/tags')).body);
      expect(head.lang).toBe('zh-CN');
      expect(head.title).toBe('标签 - Agora Test');
      expect(headOf((await get('/users/login')).body).lang).toBe('zh-CN');
    } finally {
      await s.services.settings.set!('interface', iface);
    }
  });
});
