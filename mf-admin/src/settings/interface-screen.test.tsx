import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import InterfaceScreen from './interface-screen';
import { choose, openSettings, saveButton } from './test/open';
import { timeZoneGroups } from './time-zones';

const LANGUAGES = [
  { label: 'English', value: 'en_US' },
  { label: '简体中文', value: 'zh_CN' },
];
const open = (group = { language: 'en_US', time_zone: 'Europe/Paris' }) =>
  openSettings(InterfaceScreen, {
    'GET siteinfo/interface': group,
    'PUT siteinfo/interface': ({ body }: { body: unknown }) => body,
    'GET language/options': LANGUAGES,
  });

describe('Settings → Interface', () => {
  it('groups the time zones by region, UTC last', () => {
    const groups = timeZoneGroups('Mars/Olympus');
    const regions = groups.map((g) => g.region);
    expect(regions).toEqual(expect.arrayContaining(['Africa', 'America', 'Asia', 'Europe', 'Pacific', 'UTC']));
    expect(regions.at(-1)).toBe('UTC');
    expect(groups.find((g) => g.region === 'Europe')?.zones).toContain('Europe/Paris');
    // A saved zone this browser does not know stays selectable.
    expect(groups.find((g) => g.region === 'Mars')?.zones).toEqual(['Mars/Olympus']);
  });

  it('shows UTC when no zone was saved, and requires both fields', async () => {
    const { user, puts } = open({ language: '', time_zone: '' });
    await screen.findByRole('combobox', { name: 'Time zone' });
    expect(screen.getByTitle('UTC')).toBeInTheDocument();
    // The regions are named in the interface's language.
    await user.type(screen.getByRole('combobox', { name: 'Time zone' }), 'Indian/Mal');
    expect(await screen.findByText('Indian Ocean')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(saveButton());
    expect(await screen.findByText('Choose a language.')).toBeInTheDocument();
    expect(puts('siteinfo/interface')).toHaveLength(0);
  });

  it('saves the chosen language and a searched time zone', async () => {
    const { user, puts } = open();
    await choose(user, 'Language', '简体中文');
    await choose(user, 'Time zone', 'Asia/Tokyo', 'Tokyo');
    await user.click(saveButton());
    await waitFor(() => expect(puts('siteinfo/interface')).toHaveLength(1));
    expect(puts('siteinfo/interface')[0]).toEqual({ language: 'zh_CN', time_zone: 'Asia/Tokyo' });
  });
});
