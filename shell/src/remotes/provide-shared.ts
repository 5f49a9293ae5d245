// Module Federation only provides the shared modules a build actually imports. The shell must provide
// every shared entry point, so remotes (and plugins) resolve each one to the shell's single build of it:
// otherwise two remotes could bring two copies of, say, antd's theme context. These imports are lazy, so
// nothing here is fetched until a remote asks for it.
export const providedShared = [
  () => import('@agora/shared-ui/antd'),
  () => import('jotai/utils'),
  () => import('jotai/vanilla'),
  () => import('jotai/react'),
];
