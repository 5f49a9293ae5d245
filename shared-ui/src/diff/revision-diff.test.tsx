import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders as render } from '../test/render';
import { RevisionDiff } from './revision-diff';
import { diffList, diffText } from './text-diff';

describe('diffText and diffList', () => {
  it('marks the words only one side has', () => {
    expect(diffText('install nginx on debian', 'install caddy on debian')).toEqual([
      { kind: 'same', text: 'install ' },
      { kind: 'removed', text: 'nginx' },
      { kind: 'added', text: 'caddy' },
      { kind: 'same', text: ' on debian' },
    ]);
  });

  it('keeps, adds and removes list items', () => {
    expect(diffList(['linux', 'nginx'], ['linux', 'caddy'])).toEqual([
      { kind: 'same', item: 'linux' },
      { kind: 'removed', item: 'nginx' },
      { kind: 'added', item: 'caddy' },
    ]);
  });
});

describe('RevisionDiff', () => {
  it('shows removed text as <del> and added text as <ins>, announced in words', () => {
    render(
      <RevisionDiff
        before={{ title: 'How to serve files', tags: ['nginx'], body: 'Use nginx.\nThen restart.' }}
        after={{ title: 'How to serve static files', tags: ['nginx', 'caddy'], body: 'Use caddy.\nThen restart.' }}
      />,
    );
    const title = screen.getByRole('region', { name: 'Title' });
    expect(title.querySelector('ins')).toHaveTextContent('[added: static ]');
    const body = screen.getByRole('region', { name: 'Body' });
    expect(body.querySelector('del')).toHaveTextContent('[removed: nginx]');
    expect(body.querySelector('ins')).toHaveTextContent('[added: caddy]');
    expect(body).toHaveTextContent('Then restart.');
    const tags = within(screen.getByRole('region', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((li) => li.textContent)).toEqual(['nginx', '[added: caddy]']);
    expect(screen.queryByText('Nothing changed between these versions.')).not.toBeInTheDocument();
  });

  it('says so when nothing changed, and leaves out the title and tags of an answer', () => {
    render(<RevisionDiff before={{ body: 'Same text here' }} after={{ body: 'Same text here' }} />);
    expect(screen.getByText('Nothing changed between these versions.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Title' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tags' })).not.toBeInTheDocument();
    expect(document.querySelector('ins, del')).toBeNull();
  });
});
