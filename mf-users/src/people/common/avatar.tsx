// The avatar lives in shared-ui (one for every remote).
export { UserAvatar } from '@agora/shared-ui';
