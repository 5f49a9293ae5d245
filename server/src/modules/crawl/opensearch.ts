import { translate, type Language } from '../../i18n';
import { escapeHtml } from '../../lib/plain-text-html';

/** OpenSearch allows at most 16 characters in ShortName. */
const SHORT_NAME_MAX = 16;

/**
 * The OpenSearch description that lets a browser offer the site's search in its address bar: the
 * search page's address with `{searchTerms}`, the site's name (cut to 16 characters) and its icon.
 */
export function openSearchXml(site: { name: string; siteUrl: string; language: Language }): string {
  const base = site.siteUrl.replace(/\/+$/, '');
  const shortName = Array.from(site.name.trim() || base)
    .slice(0, SHORT_NAME_MAX)
    .join('');
  const description = translate('crawl.opensearch.description', site.language, { site_name: site.name });
  const x = escapeHtml;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    `  <ShortName>${x(shortName)}</ShortName>`,
    `  <Description>${x(description)}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    `  <Image width="16" height="16" type="image/x-icon">${x(base)}/favicon.ico</Image>`,
    `  <Url type="text/html" method="get" template="${x(base)}/search?q={searchTerms}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${x(base)}/opensearch.xml"/>`,
    `  <moz:SearchForm>${x(base)}/search</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
