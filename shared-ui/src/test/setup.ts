import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { matchMediaStub, resetViewport } from './match-media';

// jsdom has no matchMedia; antd's responsive observers and useBreakpoint need one.
Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMediaStub });

afterEach(() => {
  cleanup();
  resetViewport();
});
