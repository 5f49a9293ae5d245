import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { gateExternalImages, revealExternalImage } from './external-images';
import { renderWithProviders } from '../test/render';
import { PostContent } from './post-content';

vi.mock('./highlight', () => ({ highlightCodeBlocks: vi.fn() }));
vi.mock('./mermaid-render', () => ({ renderDiagram: vi.fn(async () => null) }));

const SITE = 'https://qa.example.com';

/** Parses gated output in an inert document and lists the image addresses a browser would fetch. */
function fetchedUrls(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.querySelectorAll('img, source, video, audio, [background], [poster]')).flatMap((el) =>
    ['src', 'srcset', 'poster', 'background'].map((name) => el.getAttribute(name)).filter((v): v is string => !!v),
  );
}

describe('gateExternalImages (external images wait for a click)', () => {
  it('turns an image from another host into a button and keeps no <img> for it', () => {
    const html = gateExternalImages('<p>see <img src="https://tracker.evil.example/p.png?u=1" alt="chart"></p>', SITE);
    expect(html).not.toContain('<img');
    expect(fetchedUrls(html)).toEqual([]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const button = doc.querySelector('button')!;
    expect(button.getAttribute('type')).toBe('button');
    expect(button.textContent).toBe('Show image from tracker.evil.example');
    expect(button.getAttribute('data-src')).toBe('https://tracker.evil.example/p.png?u=1');
    expect(doc.querySelector('p')!.textContent).toBe('see Show image from tracker.evil.example');
  });

  it('leaves own-origin, /uploads/ and inline data:image images alone', () => {
    const own =
      '<p><img src="/uploads/a.png" alt="a"><img src="https://qa.example.com/uploads/b.png" alt="b">' +
      '<img src="data:image/png;base64,AAAA" alt="c"></p>';
    expect(gateExternalImages(own, SITE)).toBe(own);
    expect(fetchedUrls(gateExternalImages(own, SITE))).toEqual([
      '/uploads/a.png',
      'https://qa.example.com/uploads/b.png',
      'data:image/png;base64,AAAA',
    ]);
  });

  it('counts protocol-relative, other-port and look-alike hosts as external', () => {
    for (const src of [
      '//evil.example/x.png',
      'https://qa.example.com.evil.example/x.png',
      'https://qa.example.com:8443/x.png',
      'http://qa.example.com/x.png',
      ' https://evil.example/x.png ',
    ]) {
      expect(fetchedUrls(gateExternalImages(`<img src="${src}">`, SITE)), src).toEqual([]);
    }
  });

  it('gates an own image whose srcset points elsewhere, and keeps the srcset for the reveal', () => {
    const html = gateExternalImages(
      '<img src="/uploads/a.png" srcset="/uploads/a.png 1x, https://evil.example/a2.png 2x" alt="a">',
      SITE,
    );
    expect(fetchedUrls(html)).toEqual([]);
    const button = new DOMParser().parseFromString(html, 'text/html').querySelector('button')!;
    expect(button.textContent).toBe('Show image from evil.example');
    expect(button.getAttribute('data-srcset')).toBe('/uploads/a.png 1x, https://evil.example/a2.png 2x');
  });

  it('drops images with other schemes (or non-image data:) to their alt text', () => {
    const html = gateExternalImages(
      '<p><img src="data:text/html;base64,PHNjcmlwdD4=" alt="one"><img src="javascript:alert(1)" alt="two">' +
        '<img src="data:image/svg+xml,&lt;svg&gt;" alt="three"></p>',
      SITE,
    );
    expect(html).toBe('<p>onetwothree</p>');
  });

  it('removes other fetching attributes to foreign hosts (defence in depth)', () => {
    const html = gateExternalImages(
      '<table background="https://evil.example/bg.png"><tbody><tr><td style="background:url(https://evil.example/x)">x</td></tr></tbody></table>' +
        '<video poster="https://evil.example/p.png"></video><picture><source srcset="https://evil.example/s.webp"></picture>',
      SITE,
    );
    expect(fetchedUrls(html)).toEqual([]);
    expect(html).not.toContain('url(');
  });

  it('leaves HTML without markup untouched', () => {
    expect(gateExternalImages('plain text', SITE)).toBe('plain text');
  });

  it('reveals the image on click, with its alt, title and srcset', () => {
    const container = document.createElement('div');
    container.innerHTML = gateExternalImages(
      '<img src="https://cdn.example/x.png" srcset="https://cdn.example/x2.png 2x" alt="X" title="T">',
      SITE,
    );
    expect(container.querySelector('img')).toBeNull();
    const button = container.querySelector('button')!;
    expect(revealExternalImage({ target: button })).toBe(true);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.example/x.png');
    expect(img.getAttribute('srcset')).toBe('https://cdn.example/x2.png 2x');
    expect(img.alt).toBe('X');
    expect(img.title).toBe('T');
    expect(container.querySelector('button')).toBeNull();
    expect(revealExternalImage({ target: container })).toBe(false);
  });

  it('escapes hostile alt text and addresses in the rewritten HTML', () => {
    const html = gateExternalImages(
      '<img src="https://evil.example/&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">',
      SITE,
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelectorAll('[onerror]')).toHaveLength(0);
  });
});

describe('PostContent externalImages', () => {
  const BODY = '<p>a <img src="https://evil.example/t.png" alt="t"> b <img src="/uploads/own.png" alt="own"></p>';

  it("shows every image with the default 'show'", () => {
    const { container } = renderWithProviders(<PostContent html={BODY} siteOrigin={SITE} />);
    expect(Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      'https://evil.example/t.png',
      '/uploads/own.png',
    ]);
  });

  it("with 'ask' the foreign image is not in the DOM until its button is clicked", () => {
    const { container } = renderWithProviders(<PostContent html={BODY} externalImages="ask" siteOrigin={SITE} />);
    expect(Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      '/uploads/own.png',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show image from evil.example' }));
    expect(Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([
      'https://evil.example/t.png',
      '/uploads/own.png',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("labels the button in the reader's language", () => {
    renderWithProviders(<PostContent html={BODY} externalImages="ask" siteOrigin={SITE} />, { language: 'zh_CN' });
    expect(screen.getByRole('button', { name: '显示来自 evil.example 的图片' })).toBeInTheDocument();
  });
});
