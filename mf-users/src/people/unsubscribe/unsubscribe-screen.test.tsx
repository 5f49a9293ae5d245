import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { envelope, mockFetch } from '@agora/shared-api/testing';
import { renderScreen } from '../test/render';
import UnsubscribeScreen from './unsubscribe-screen';

const open = (url: string) => renderScreen(UnsubscribeScreen, { url, route: '/users/unsubscribe' });

describe('unsubscribing from e-mails', () => {
  test('a valid code is sent once and confirmed, with a link to the notification settings', async () => {
    const http = mockFetch({ 'PUT /answer/api/v1/user/notification/unsubscribe': null });
    open('/users/unsubscribe?code=abc123');
    expect(await screen.findByText("You won't get these e-mails any more.")).toBeInTheDocument();
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/notification/unsubscribe')).toEqual([{ code: 'abc123' }]);
    expect(screen.getByRole('link', { name: /notification settings/ })).toHaveAttribute(
      'href',
      '/users/settings/notify',
    );
  });

  test('an invalid code gets a clear message', async () => {
    mockFetch({
      'PUT /answer/api/v1/user/notification/unsubscribe': envelope(null, 400, 'error.object.invalid', 'Invalid'),
    });
    open('/users/unsubscribe?code=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByText("You won't get these e-mails any more.")).not.toBeInTheDocument();
  });

  test('no code at all: nothing is sent and the link is called invalid', async () => {
    const http = mockFetch({});
    open('/users/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(http.bodiesOf('PUT', '/answer/api/v1/user/notification/unsubscribe')).toHaveLength(0);
  });
});

describe('unsubscribing: which e-mails stop', () => {
  test('when the server names the e-mails it turned off, the page lists them', async () => {
    mockFetch({ 'PUT /answer/api/v1/user/notification/unsubscribe': ['inbox', 'weekly_digest'] });
    open('/users/unsubscribe?code=abc123');
    expect(await screen.findByText('You will no longer receive these e-mails:')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Someone answers my question, comments on my post or mentions me',
      'Weekly digest of new questions in tags I follow',
    ]);
    expect(screen.queryByText("You won't get these e-mails any more.")).not.toBeInTheDocument();
  });

  test('in Chinese (zh_CN): the list of e-mails that stop', async () => {
    await i18next.changeLanguage('zh_CN');
    mockFetch({ 'PUT /answer/api/v1/user/notification/unsubscribe': ['all_new_question', 'weekly_digest'] });
    open('/users/unsubscribe?code=abc123');
    expect(await screen.findByText('你将不再收到以下邮件：')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '有任何新问题',
      '每周摘要：我关注的标签下的新问题',
    ]);
  });

  test('an empty list (every e-mail was off already): the plain confirmation', async () => {
    mockFetch({ 'PUT /answer/api/v1/user/notification/unsubscribe': [] });
    open('/users/unsubscribe?code=abc123');
    expect(await screen.findByText("You won't get these e-mails any more.")).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
