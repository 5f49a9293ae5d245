import { describe, expect, it } from 'vitest';
import { paginationItems, totalPagesOf, type PaginationItem } from './pagination-items';

/** Compact picture of the bar: numbers, '[n]' for the current page, '…' for an ellipsis. */
function picture(items: PaginationItem[]): string {
  return items
    .map((item) => (item.type === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : `${item.page}`))
    .join(' ');
}

const bar = (page: number, totalPages: number) => picture(paginationItems(page, totalPages));

describe('totalPagesOf', () => {
  it('rounds up and treats empty or invalid input as no pages', () => {
    expect(totalPagesOf(0, 15)).toBe(0);
    expect(totalPagesOf(1, 15)).toBe(1);
    expect(totalPagesOf(15, 15)).toBe(1);
    expect(totalPagesOf(16, 15)).toBe(2);
    expect(totalPagesOf(150, 15)).toBe(10);
    expect(totalPagesOf(10, 0)).toBe(0);
    expect(totalPagesOf(Number.NaN, 15)).toBe(0);
  });
});

describe('paginationItems', () => {
  it('is empty at one page or fewer', () => {
    expect(paginationItems(1, 1)).toEqual([]);
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, -3)).toEqual([]);
  });

  it('shows every page when there are up to 6', () => {
    expect(bar(1, 2)).toBe('[1] 2');
    expect(bar(2, 2)).toBe('1 [2]');
    expect(bar(3, 5)).toBe('1 2 [3] 4 5');
    expect(bar(1, 6)).toBe('[1] 2 3 4 5 6');
    expect(bar(6, 6)).toBe('1 2 3 4 5 [6]');
  });

  it('shows up to 5 numbered pages near the start, then an ellipsis and the last page', () => {
    expect(bar(1, 20)).toBe('[1] 2 3 4 5 … 20');
    expect(bar(2, 20)).toBe('1 [2] 3 4 5 … 20');
    expect(bar(4, 20)).toBe('1 2 3 [4] 5 … 20');
    expect(bar(1, 7)).toBe('[1] 2 3 4 5 … 7');
  });

  it('moves a 5-page window around the current page further on', () => {
    expect(bar(5, 20)).toBe('1 … 3 4 [5] 6 7 … 20');
    expect(bar(10, 20)).toBe('1 … 8 9 [10] 11 12 … 20');
    expect(bar(17, 20)).toBe('1 … 15 16 [17] 18 19 20');
  });

  it('shows the last 5 pages near the end', () => {
    expect(bar(18, 20)).toBe('1 … 16 17 [18] 19 20');
    expect(bar(20, 20)).toBe('1 … 16 17 18 19 [20]');
    expect(bar(7, 7)).toBe('1 … 3 4 5 6 [7]');
  });

  it('puts an ellipsis only where at least one page is skipped', () => {
    expect(bar(5, 6)).toBe('1 2 3 4 [5] 6');
    expect(bar(5, 7)).toBe('1 … 3 4 [5] 6 7');
    expect(bar(6, 8)).toBe('1 … 4 5 [6] 7 8');
    expect(bar(5, 8)).toBe('1 … 3 4 [5] 6 7 8');
  });

  it('clamps a current page outside the range', () => {
    expect(bar(0, 20)).toBe('[1] 2 3 4 5 … 20');
    expect(bar(99, 20)).toBe('1 … 16 17 18 19 [20]');
    expect(bar(Number.NaN, 3)).toBe('[1] 2 3');
  });

  it('marks exactly one current page and never repeats a page', () => {
    for (let total = 2; total <= 30; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const pages = paginationItems(page, total).flatMap((item) => (item.type === 'page' ? [item] : []));
        expect(pages.filter((item) => item.current).map((item) => item.page)).toEqual([page]);
        const numbers = pages.map((item) => item.page);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(total);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });
});
