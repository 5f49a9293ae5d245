// The router as the shell provides it, shared by every remote's tests (@agora/test-kit).
export { TestRouter } from '@agora/test-kit/router';
