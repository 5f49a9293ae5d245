import { api } from '@agora/shared-api';
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { SideNav } from '../nav/side-nav';
import { currentUser, notificationStatus, siteInfo } from '../test/fixtures';
import { mockFetch } from '../test/http';
import { renderShell } from '../test/render';
import { SessionSync } from './session-sync';

const API = '/answer/api/v1';

/** A badge name as the server sends it: translated into the language the request asked for. */
function BadgeName() {
  const badge = useQuery({
    queryKey: ['badge', 'test'],
    queryFn: () => api.get<{ name: string }>('badge', { id: '1' }),
  });
  return <p>{badge.data?.name}</p>;
}

afterEach(async () => {
  await i18next.changeLanguage('en_US');
});

describe('the interface language', () => {
  it('reads server-translated names again when the language changes', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({ interface: { language: 'zh_CN', time_zone: 'UTC' } }),
      [`GET ${API}/badge`]: (request: Request) => ({
        name: request.headers.get('accept-language') === 'zh-CN' ? '好奇宝宝' : 'Curious',
      }),
    });
    await renderShell(
      <>
        <SessionSync />
        <BadgeName />
      </>,
    );
    expect(await screen.findByText('好奇宝宝')).toBeInTheDocument();
  });

  it('names the review queue with the word its page uses, in zh_CN', async () => {
    mockFetch({
      [`GET ${API}/siteinfo`]: siteInfo({ interface: { language: 'zh_CN', time_zone: 'UTC' } }),
      [`GET ${API}/user/info`]: currentUser({ role_id: 3, language: 'zh_CN' }),
      [`GET ${API}/notification/status`]: notificationStatus({ can_revision: true }),
    });
    await renderShell(
      <>
        <SessionSync />
        <SideNav />
      </>,
      { token: 'token' },
    );
    expect(await screen.findByRole('link', { name: /^审核/ })).toHaveAttribute('href', '/review');
  });
});
