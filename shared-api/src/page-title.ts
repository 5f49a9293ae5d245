/**
 * A page's document title: '{title} - {site name}', the one part alone when the other is empty. The
 * browser sets it with `useDocumentTitle`; the server writes the same into the HTML it sends.
 */
export function documentTitle(title: string, siteName: string): string {
  return title && siteName ? `${title} - ${siteName}` : title || siteName;
}
