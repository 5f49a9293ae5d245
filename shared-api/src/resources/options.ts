/** Options of a query read once when a form opens and left alone while the user edits. */
export const FORM_SNAPSHOT = {
  gcTime: 0,
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
