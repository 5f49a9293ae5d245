// @agora/shared-ui/testing: a remote's screen mounted as the shell mounts it, for unit tests only (the
// HTTP mock and the test set-up are in @agora/shared-api/testing). Never imported by product code; the
// federation config never shares this entry.
export { currentLocation, renderScreen, type RenderOptions } from './render';
export { TestRouter } from './router';
export { editorMock } from './editor-mock';
