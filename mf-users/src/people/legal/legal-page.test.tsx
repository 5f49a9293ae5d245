import { screen } from '@testing-library/react';
import { mockFetch } from '@agora/shared-api/testing';
import { renderScreen } from '../test/render';
import { redirectTo } from './legal-page';
import PrivacyScreen from './privacy-screen';
import TosScreen from './tos-screen';

describe('the legal pages', () => {
  test('/tos shows the server-rendered terms under a heading', async () => {
    const http = mockFetch({
      'GET /answer/api/v1/siteinfo/legal': {
        terms_of_service_original_text: '# Rules\n\nBe kind.',
        terms_of_service_parsed_text: '<h2>Rules</h2><p>Be kind.</p>',
      },
    });
    renderScreen(TosScreen, { url: '/tos', route: '/tos' });
    expect(await screen.findByText('Be kind.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Rules' })).toBeInTheDocument();
    const call = http.calls.find((c) => c.path === '/answer/api/v1/siteinfo/legal');
    expect(call).toBeDefined();
  });

  test('/privacy asks for the privacy policy and says honestly when none is set up', async () => {
    let asked = '';
    mockFetch({
      'GET /answer/api/v1/siteinfo/legal': () => {
        asked = 'privacy';
        return { privacy_policy_original_text: '', privacy_policy_parsed_text: '' };
      },
    });
    renderScreen(PrivacyScreen, { url: '/privacy', route: '/privacy' });
    expect(await screen.findByText('This site has not set up its privacy policy yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(asked).toBe('privacy');
  });

  test('a policy that is a full URL links there and redirects', async () => {
    const go = vi.spyOn(redirectTo, 'go').mockImplementation(() => undefined);
    mockFetch({
      'GET /answer/api/v1/siteinfo/legal': {
        privacy_policy_original_text: 'https://example.com/privacy',
        privacy_policy_parsed_text: '<p><a href="https://example.com/privacy">https://example.com/privacy</a></p>',
      },
    });
    renderScreen(PrivacyScreen, { url: '/privacy', route: '/privacy' });
    expect(await screen.findByText('The privacy policy is published at')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.com/privacy' })).toHaveAttribute(
      'href',
      'https://example.com/privacy',
    );
    expect(go).toHaveBeenCalledWith('https://example.com/privacy');
  });
});
