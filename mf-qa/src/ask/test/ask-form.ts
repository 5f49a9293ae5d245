import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { renderScreen, tagBrief } from '../../test/render';
import AskScreen from '../ask-screen';
import { questionInfo } from './posts';

// The ask screen as its tests drive it: a fake server for every call the form makes, the form's
// fields found by their labels, and helpers that fill it in. Each ask-*.test.tsx file mocks the editor
// (`vi.mock('@agora/shared-ui/editor', () => import('./test/editor-mock'))`) and calls setUpAskTests().

export const API = '/answer/api/v1';
const ROUTES = ['/questions/ask'];

export interface SiteOptions {
  permalink?: number;
  site_questions?: object;
  site_tags?: object;
}
const siteinfo = ({ permalink = 2, ...rest }: SiteOptions = {}) => ({
  general: { name: 'Agora' },
  interface: { time_zone: 'UTC' },
  site_seo: { permalink, robots: '' },
  ...rest,
});

const TAGS = [
  tagBrief('react', { display_name: 'React' }),
  tagBrief('redux', { display_name: 'Redux' }),
  tagBrief('remix', { display_name: 'Remix' }),
  tagBrief('relay', { display_name: 'Relay' }),
  tagBrief('recoil', { display_name: 'Recoil' }),
  tagBrief('reason', { display_name: 'ReasonML' }),
  tagBrief('restify', { display_name: 'Restify' }),
];

/** GET question/tags answers the tags whose slug starts with the search text. */
const tagSearch = (call: RecordedCall) => {
  const text = (call.query.get('tag') ?? '').toLowerCase();
  return [...TAGS, tagBrief('node', { display_name: 'Node.js' }), tagBrief('meta', { reserved: true })].filter((t) =>
    t.slug_name.startsWith(text),
  );
};

export function serve(routes: Record<string, unknown> = {}, site: SiteOptions = {}) {
  return mockFetch({
    'GET /answer/api/v1/siteinfo': siteinfo(site),
    [`GET ${API}/question/tags`]: tagSearch,
    [`GET ${API}/permission`]: { 'tag.add': { has_permission: true, no_permission_tip: '' } },
    [`GET ${API}/question/similar`]: [],
    [`GET ${API}/user/action/record`]: { captcha_id: '', captcha_img: '', verify: false },
    [`POST ${API}/question`]: questionInfo({ id: '42', url_title: 'how-to-test' }),
    ...routes,
  });
}

export const open = (url = '/questions/ask', user: object = {}) =>
  renderScreen(AskScreen, { url, routes: ROUTES, user });
export const titleInput = () => screen.findByLabelText('Title');
export const bodyInput = () => screen.findByLabelText('Body');
export const tagInput = () => screen.getByRole('combobox', { name: 'Tags' });
export const submit = () => screen.getByRole('button', { name: /^Post your question/ });
export const chips = () =>
  within(screen.queryByRole('list', { name: 'Chosen tags' }) ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((li) => li.firstChild?.textContent);

/** Types into a field at once (one change, as pasting does): keeps the tests fast. */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function addTag(user: UserEvent, text: string, pick?: string) {
  await fill(user, tagInput(), text);
  if (pick) await user.click(await screen.findByRole('option', { name: new RegExp(`^${escape(pick)}`) }));
  else {
    await screen.findByRole('listbox', { name: 'Tag suggestions' });
    await user.keyboard('{Enter}');
  }
}

export async function fillValid(user: UserEvent) {
  await fill(user, await titleInput(), 'How do I test a form?');
  await fill(user, await bodyInput(), 'I would like to know how to test it well.');
  await addTag(user, 'react', 'React');
  await addTag(user, 'node', 'Node.js');
}

/** Each test starts from an empty draft store and real timers. */
export function setUpAskTests(): void {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
