// @agora/shared-api/testing: what every remote's unit tests share (fetch mocked at the HTTP level, the
// shell's start-up as tests need it). Test files only: never imported by product code, never shared at
// run time (the federation config skips this entry).
import '@testing-library/jest-dom/vitest';

export { deferred, envelope, mockFetch, TEST_SITEINFO, type Handler, type RecordedCall } from './http';
export { TEST_USER } from './session';
export { checkTranslations, type Messages } from './translations';
export { setupRemoteTests, type RemoteTestSetup } from './setup';
export { resolveRequestsAgainstPage } from './page-relative';
