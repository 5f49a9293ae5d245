import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { matchMediaStub, resetViewport } from './match-media';

// jsdom has no matchMedia; antd's responsive observers and useBreakpoint need one.
Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMediaStub });

// findBy*/waitFor wait for what the user sees and end as soon as it shows; on a busy machine an antd
// dialog or suggestion list can take longer than testing-library's 1 s default to appear.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  resetViewport();
});
