import { screen, waitFor, within } from '@testing-library/react';
import { envelope, mockFetch, type RecordedCall } from '@agora/shared-api/testing';
import { ME, renderScreen } from '../test/render';
import { setupUser } from '../test/user';
import SettingsScreen from './settings-screen';

const ROUTES = ['/users/settings', '/users/settings/:setting'];
const tag = (slug: string, display: string) => ({
  tag_id: `id-${slug}`,
  slug_name: slug,
  display_name: display,
  main_tag_slug_name: '',
  recommend: false,
  reserved: false,
});
const CATALOG = [tag('go', 'Go'), tag('golang-tools', 'Go tools'), tag('rust', 'Rust')];

function open(saveAnswer?: Response) {
  let followed = ['rust'];
  const http = mockFetch({
    'GET /answer/api/v1/siteinfo': {
      general: { name: 'Agora' },
      interface: { language: 'en_US', time_zone: 'UTC' },
      site_seo: { permalink: 2, robots: '' },
    },
    'GET /answer/api/v1/user/notification/config': {
      inbox: { key: 'email', enable: true },
      all_new_question: { key: 'email', enable: false },
      all_new_question_for_following_tags: { key: 'email', enable: true },
    },
    'GET /answer/api/v1/tags/following': () => CATALOG.filter((t) => followed.includes(t.slug_name)),
    // The tests type 'go' (this mock does not see the query string).
    'GET /answer/api/v1/question/tags': CATALOG.filter((t) => t.slug_name.startsWith('go')),
    'PUT /answer/api/v1/follow/tags': (call: RecordedCall) => {
      if (saveAnswer) return saveAnswer;
      followed = (call.body as { slug_name_list: string[] }).slug_name_list;
      return null;
    },
  });
  renderScreen(SettingsScreen, { url: '/users/settings/notify', route: ROUTES, user: ME });
  return { http, user: setupUser() };
}

const section = () => screen.getByRole('region', { name: 'Followed tags' });

describe('settings: followed tags', () => {
  test('the notifications tab lists the followed tags beside the e-mail switch', async () => {
    open();
    expect(await screen.findByRole('switch', { name: 'A new question is asked in a tag I follow' })).toBeChecked();
    const link = await screen.findByRole('link', { name: 'Rust' });
    expect(link).toHaveAttribute('href', '/tags/rust');
    expect(section()).toContainElement(link);
    expect(within(section()).getByRole('heading', { level: 3, name: 'Followed tags' })).toBeInTheDocument();
  });

  test('edit: add a suggested tag, remove one, save the slug list', async () => {
    const { http, user } = open();
    await screen.findByRole('link', { name: 'Rust' });
    await user.click(within(section()).getByRole('button', { name: 'Edit followed tags' }));
    await user.click(screen.getByRole('button', { name: 'Remove Rust' }));
    await user.type(screen.getByRole('combobox', { name: 'Add a tag to follow' }), 'go');
    await screen.findByRole('option', { name: 'Go' });
    await user.keyboard('{Enter}');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(http.bodiesOf('PUT', '/answer/api/v1/follow/tags')).toEqual([{ slug_name_list: ['go'] }]);
    expect(await within(section()).findByRole('link', { name: 'Go' })).toHaveAttribute('href', '/tags/go');
    expect(within(section()).queryByRole('link', { name: 'Rust' })).not.toBeInTheDocument();
  });

  test('a refused save keeps the editor and says so', async () => {
    const { user } = open(envelope(null, 500, 'base.unknown', 'Unknown error.'));
    await screen.findByRole('link', { name: 'Rust' });
    await user.click(within(section()).getByRole('button', { name: 'Edit followed tags' }));
    await user.click(screen.getByRole('button', { name: 'Remove Rust' }));
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Your followed tags could not be saved.');
    expect(screen.getByRole('combobox')).toBeInTheDocument();
  });
});
