import { mockFetch } from '@agora/shared-api/testing';
import { renderScreen } from '@agora/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BadgesScreen from './badges-screen';
import { CATALOGUE, SITEINFO, V1 } from './fixtures';

const open = (catalogue: unknown = CATALOGUE) => {
  const http = mockFetch({ [`GET ${V1}/badges`]: catalogue }, { siteinfo: SITEINFO });
  renderScreen(BadgesScreen, { url: '/badges', routes: ['/badges'] });
  return http;
};

const card = (name: string) => screen.getByRole('link', { name }).closest('li')!;

describe('the badge catalogue', () => {
  it('lists the badges by group with their icon, level in words, members and the link to each', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges' })).toBeInTheDocument();
    const participation = await screen.findByRole('region', { name: 'Participation' });
    expect(within(participation).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Quality' })).toBeInTheDocument();

    const first = card('First question');
    expect(within(first).getByRole('link', { name: 'First question' })).toHaveAttribute('href', '/badges/11');
    expect(within(first).getByText('Bronze')).toBeInTheDocument();
    expect(within(first).getByText('Awarded to 1,234 members')).toBeInTheDocument();
    expect(first.querySelector('[data-icon="question"]')).toHaveAttribute('aria-hidden', 'true');

    expect(within(card('Nice answer')).getByText('Silver')).toBeInTheDocument();
    expect(within(card('Legend')).getByText('Gold')).toBeInTheDocument();
    // An image address is never loaded: the generic medal stands in.
    expect(card('Legend').querySelector('[data-icon="medal"]')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('marks the badges the viewer earned, with how many times, and no others', async () => {
    open();
    await screen.findByRole('link', { name: 'First question' });
    expect(within(card('First question')).getByText('Earned')).toBeInTheDocument();
    expect(within(card('Nice answer')).getByText('Earned 2 times')).toBeInTheDocument();
    expect(within(card('Legend')).queryByText(/Earned/)).not.toBeInTheDocument();
    expect(within(card('Legend')).getByText('Awarded to 0 members')).toBeInTheDocument();
  });

  it('says so when no badge is active, and sets the document title', async () => {
    document.title = 'Before';
    open([]);
    expect(await screen.findByText('No badges are awarded at the moment.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Badges'));
  });
});
