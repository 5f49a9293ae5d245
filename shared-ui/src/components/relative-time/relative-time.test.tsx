import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { RelativeTime } from './relative-time';
import { TimeZoneProvider } from './time-zone';

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0);
const NOW_S = NOW / 1000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets time pass one second at a time, so each re-render can schedule its next update. */
function pass(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 1000) act(() => vi.advanceTimersByTime(1000));
}

const timeElement = () => document.querySelector('time') as HTMLTimeElement;

describe('RelativeTime', () => {
  it('renders <time> with the relative text, the ISO instant and the full date as title', () => {
    renderWithProviders(<RelativeTime time={NOW_S - 300} />);
    const time = timeElement();
    expect(time).toHaveTextContent('5m ago');
    expect(time).toHaveAttribute('dateTime', '2024-06-15T11:55:00.000Z');
    expect(time).toHaveAttribute('title', 'Jun 15, 2024 at 11:55');
  });

  it('counts up while it shows seconds and minutes', () => {
    renderWithProviders(<RelativeTime time={NOW_S - 1} />);
    expect(timeElement()).toHaveTextContent('now');
    pass(1000);
    expect(timeElement()).toHaveTextContent('2s ago');
    pass(57_000);
    expect(timeElement()).toHaveTextContent('59s ago');
    pass(1000);
    expect(timeElement()).toHaveTextContent('1m ago');
    pass(60_000);
    expect(timeElement()).toHaveTextContent('2m ago');
  });

  it('follows the time zone from TimeZoneProvider, and a prop overrides it', () => {
    // 2024-03-10T23:30Z is March 11 in Shanghai.
    const time = Date.UTC(2024, 2, 10, 23, 30) / 1000;
    const { rerender } = renderWithProviders(
      <TimeZoneProvider timeZone="Asia/Shanghai">
        <RelativeTime time={time} />
      </TimeZoneProvider>,
    );
    expect(timeElement()).toHaveTextContent('Mar 11');
    expect(timeElement()).toHaveAttribute('title', 'Mar 11, 2024 at 07:30');
    rerender(
      <TimeZoneProvider timeZone="Asia/Shanghai">
        <RelativeTime time={time} timeZone="UTC" />
      </TimeZoneProvider>,
    );
    expect(timeElement()).toHaveTextContent('Mar 10');
  });

  it('uses the reader language', () => {
    renderWithProviders(<RelativeTime time={NOW_S - 7200} />, { language: 'zh_CN' });
    expect(screen.getByText('2 小时前')).toBeInTheDocument();
    expect(timeElement()).toHaveAttribute('title', '2024年6月15日 10:00');
  });
});
