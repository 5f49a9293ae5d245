// The fetch mock every remote's tests share (@agora/test-kit).
export * from '@agora/test-kit/http';
