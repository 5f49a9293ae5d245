/**
 * The names test files have imported from here since the start; they live in the harness now
 * (test/support: config.ts, app.ts, site.ts). New tests import from test/support/site.ts.
 */
export { fakeSite, SHELL_INDEX, shellIn, testConfig } from './support/config';
export { configSettings, envelope, makeApp, siteApp, type EnvelopeBody } from './support/app';
