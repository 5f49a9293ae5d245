import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../test/match-media';
import { BREAKPOINTS, useBreakpoint, useMediaQuery } from './use-breakpoint';

function Show() {
  const bp = useBreakpoint();
  const narrow = useMediaQuery('(max-width: 575px)');
  return (
    <output>
      {bp.current} sm={String(bp.sm)} md={String(bp.md)} lg={String(bp.lg)} xl={String(bp.xl)} xxl={String(bp.xxl)}{' '}
      narrow=
      {String(narrow)}
    </output>
  );
}

describe('BREAKPOINTS', () => {
  it('are the product breakpoints', () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });
});

describe('useBreakpoint', () => {
  it.each([
    [375, 'xs sm=false md=false lg=false xl=false xxl=false narrow=true'],
    [575, 'xs sm=false md=false lg=false xl=false xxl=false narrow=true'],
    [576, 'sm sm=true md=false lg=false xl=false xxl=false narrow=false'],
    [767, 'sm sm=true md=false lg=false xl=false xxl=false narrow=false'],
    [768, 'md sm=true md=true lg=false xl=false xxl=false narrow=false'],
    [992, 'lg sm=true md=true lg=true xl=false xxl=false narrow=false'],
    [1200, 'xl sm=true md=true lg=true xl=true xxl=false narrow=false'],
    [1400, 'xxl sm=true md=true lg=true xl=true xxl=true narrow=false'],
  ])('at %i px reports %s', (width, expected) => {
    setViewportWidth(width);
    render(<Show />);
    expect(screen.getByRole('status')).toHaveTextContent(expected);
  });

  it('re-renders when the viewport crosses a breakpoint', () => {
    setViewportWidth(1024);
    render(<Show />);
    expect(screen.getByRole('status')).toHaveTextContent(/^lg /);
    act(() => setViewportWidth(500));
    expect(screen.getByRole('status')).toHaveTextContent(/^xs .*narrow=true$/);
  });
});
