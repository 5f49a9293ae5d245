export type CustomHtmlArea = 'header' | 'footer' | 'sidebar';

/**
 * The administrator's HTML for one area (custom header, footer or sidebar) in a container of its own, so it
 * cannot unbalance the app's markup; nothing when the setting is empty. It is trusted (only administrators
 * set it), and like any HTML set this way its scripts do not run.
 */
export function CustomHtml({ area, html }: { area: CustomHtmlArea; html: string | undefined }) {
  if (!html?.trim()) return null;
  return <div className={`custom-html custom-html--${area}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
