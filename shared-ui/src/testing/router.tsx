import { LeaveGuardProvider } from '../leave-guard/leave-guard';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/**
 * The router as the shell provides it, at `url`: a data router (forms' leave guard blocks through it) with
 * the shell's LeaveGuardProvider; `children` (usually <Routes>) render at every path.
 */
export function TestRouter({ url, children }: { url: string; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: <LeaveGuardProvider>{children}</LeaveGuardProvider> }], {
      initialEntries: [url],
    }),
  );
  return <RouterProvider router={router} />;
}
