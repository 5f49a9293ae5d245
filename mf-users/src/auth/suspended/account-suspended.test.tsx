import { screen } from '@testing-library/react';
import { mockFetch } from '@agora/shared-api/testing';
import { renderScreen, SITEINFO } from '../test/render';

// 2030-03-04 05:06 UTC
const UNTIL = Date.UTC(2030, 2, 4, 5, 6) / 1000;

describe('the suspended page', () => {
  test('until when, in the reader’s time zone, with the contact link', async () => {
    mockFetch({ 'GET /answer/api/v1/siteinfo': SITEINFO });
    await renderScreen('account-suspended', {
      path: '/users/account-suspended',
      user: { status: 'suspended', suspended_until: UNTIL },
      timeZone: 'Asia/Shanghai',
    });
    expect(await screen.findByText('Your account was suspended until Mar 4, 2030 at 13:06.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@agora.example' })).toHaveAttribute(
      'href',
      'mailto:help@agora.example',
    );
  });

  test.each([
    ['no end', 0],
    ['an end in 2099', Date.UTC(2099, 11, 31) / 1000],
  ])('forever: %s', async (_name, until) => {
    mockFetch({ 'GET /answer/api/v1/siteinfo': SITEINFO });
    await renderScreen('account-suspended', {
      path: '/users/account-suspended',
      user: { status: 'suspended', suspended_until: until },
    });
    expect(await screen.findByText('This user was suspended forever.')).toBeInTheDocument();
  });

  test('after the suspension ended the session: the end comes with the address', async () => {
    mockFetch({ 'GET /answer/api/v1/siteinfo': SITEINFO });
    await renderScreen('account-suspended', {
      path: `/users/account-suspended?until=${UNTIL}`,
      user: null,
      timeZone: 'Asia/Shanghai',
    });
    expect(await screen.findByText('Your account was suspended until Mar 4, 2030 at 13:06.')).toBeInTheDocument();
  });
});
