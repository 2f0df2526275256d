import { describe, expect, it } from 'vitest';
import { assemble, assembleMemberShell, linkScreen, type Manifest, type RenderedPage } from './first-view.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/web-B.js">
    <link rel="stylesheet" crossorigin href="/assets/web-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const manifest: Manifest = {
  'index.html': { file: 'assets/index-A.js', imports: ['_web-B.js'] },
  '_web-B.js': {
    file: 'assets/web-B.js',
    css: ['assets/web-C.css'],
    dynamicImports: ['virtual:locale-text/en/app', 'virtual:locale-text/th/app', 'src/later.tsx'],
  },
  'src/home.tsx': {
    file: 'assets/home-D.js',
    imports: ['_web-B.js', '_shared-E.js'],
    css: ['assets/home-F.css'],
    dynamicImports: ['virtual:locale-text/en/home', 'virtual:locale-text/th/home'],
  },
  '_shared-E.js': { file: 'assets/shared-E.js', css: ['assets/shared-G.css'] },
  'virtual:locale-text/en/app': { file: 'assets/app-en.js' },
  'virtual:locale-text/th/app': { file: 'assets/app-th.js' },
  'virtual:locale-text/en/home': { file: 'assets/home-en.js' },
  'virtual:locale-text/th/home': { file: 'assets/home-th.js' },
  'src/later.tsx': { file: 'assets/later-K.js' },
};

const page = (over: Partial<RenderedPage> = {}): RenderedPage => ({
  html: '<div class="shell"><img src="/media/a.svg" alt="" fetchPriority="high"/>Home</div>',
  lang: 'th',
  state: { queries: [] },
  source: 'src/home.tsx',
  ...over,
});

describe('a server-rendered page', () => {
  it('puts the markup in #root, the language on <html>, and the screen’s styles and code in the head', () => {
    const html = assemble(template, manifest, page()) ?? '';
    expect(html).toContain('<html lang="th">');
    expect(html).toContain(
      '<div id="root"><div class="shell"><img src="/media/a.svg" alt="" fetchPriority="high"/>Home</div></div>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    // The first paint waits for the markup, which the element named ends.
    expect(head).toContain('<link rel="expect" href="#first-view" blocking="render">');
    expect(html.indexOf('<script type="application/json" id="first-view">')).toBe(
      html.indexOf('</div></div>') + '</div></div>'.length,
    );
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/home-F.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/shared-G.css">');
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-D.js">',
    );
    expect(head).toContain('<link rel="preload" as="image" href="/media/a.svg" fetchpriority="high">');
    // What index.html already links is not linked twice.
    expect(head.match(/web-C\.css/g)).toHaveLength(1);
    expect(head.match(/web-B\.js/g)).toHaveLength(1);
  });

  it('asks for the styles, then the largest picture, then the code (six connections a host on HTTP/1.1)', () => {
    const html = assemble(template, manifest, page()) ?? '';
    const order = [
      ...html.matchAll(/<link rel="(?:stylesheet|preload|modulepreload)"[^>]*href="([^"]+)"/g),
    ].map(([, href]) => href);
    expect(order).toEqual([
      '/assets/web-C.css',
      '/assets/home-F.css',
      '/assets/shared-G.css',
      '/media/a.svg',
      '/assets/index-A.js',
      '/assets/web-B.js',
      // The shell's texts and the screen's, in the page's language (Thai), beside the code.
      '/assets/app-th.js',
      '/assets/home-D.js',
      '/assets/shared-E.js',
      '/assets/home-th.js',
    ]);
  });

  it('preloads only the pictures the markup asks for at high priority, each once', () => {
    const html =
      assemble(
        template,
        manifest,
        page({
          html:
            '<img src="/media/a.svg" fetchPriority="high"/><img src="/media/a.svg" fetchpriority="high"/>' +
            '<img src="/media/b.svg" loading="lazy"/><img data-src="/media/c.svg" src="/media/d.svg" fetchpriority="low"/>',
        }),
      ) ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
      '<link rel="preload" as="image" href="/media/a.svg" fetchpriority="high">',
    ]);
  });

  it('turns the entry script into a preload that index.html’s gate starts after the first frame', () => {
    const html = assemble(template, manifest, page()) ?? '';
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/index-A.js" id="app-entry">',
    );
  });

  it('asks for all its code at low priority: the markup paints without it', () => {
    const html = assemble(template, manifest, page()) ?? '';
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    // entry, app, the shell's texts, screen, shared, the screen's texts
    expect(preloads).toHaveLength(6);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
  });

  it('carries the answers as JSON that no text in them can break out of', () => {
    const hostile = 'x</script><script>alert(1)</script>\u2028<!--';
    const html = assemble(template, manifest, page({ state: { queries: [{ title: hostile }] } })) ?? '';
    const json = /<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ queries: [{ title: hostile }] });
    expect(html.match(/<script>/g)).toBeNull();
  });

  it.each(["$'", '$`', '$&', '$$', '$1'])(
    'copies %s from the address as it is, not as a replacement pattern',
    (text) => {
      const html =
        assemble(template, manifest, page({ html: `<p>${text}</p>`, state: { queries: [{ key: text }] } })) ??
        '';
      expect(html).toContain(`<div id="root"><p>${text}</p></div>`);
      const json = /<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
      expect(JSON.parse(json)).toEqual({ queries: [{ key: text }] });
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
      expect(html.match(/<\/html>/g)).toHaveLength(1);
    },
  );

  it('is not made for a screen the build does not list, or a page without the entry script', () => {
    expect(assemble(template, manifest, page({ source: 'src/unknown.tsx' }))).toBeNull();
    expect(assemble(template.replace(/<script[^>]*><\/script>/, ''), manifest, page())).toBeNull();
  });
});

describe('a page the browser draws', () => {
  const kitManifest: Manifest = {
    ...manifest,
    'src/wallet.tsx': { file: 'assets/wallet-H.js', imports: ['_web-B.js'], css: ['assets/wallet-I.css'] },
    'src/kit.tsx': { file: 'assets/kit-J.js', imports: ['_web-B.js', '_shared-E.js'] },
  };

  it('links the screen’s code and the kit’s beside the app’s, and preloads its styles without applying them', () => {
    const html = linkScreen(template, kitManifest, ['src/wallet.tsx', 'src/kit.tsx'], 'en') ?? '';
    const head = html.slice(0, html.indexOf('</head>'));
    for (const file of ['wallet-H.js', 'kit-J.js', 'shared-E.js'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    for (const file of ['wallet-I.css', 'shared-G.css'])
      expect(head).toContain(`<link rel="preload" as="style" crossorigin href="/assets/${file}">`);
    // What index.html links already is not linked twice; the app's entry stays a script; #root stays empty.
    expect(html.match(/web-B\.js/g)).toHaveLength(1);
    expect(html.match(/web-C\.css/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('links the texts the page waits for in its language only, and no other part loaded later', () => {
    const thai = linkScreen(template, manifest, ['src/home.tsx'], 'th') ?? '';
    for (const file of ['app-th.js', 'home-th.js'])
      expect(thai).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    expect(thai).not.toMatch(/-en\.js|later-K/);
    const english = linkScreen(template, manifest, ['src/gone.tsx'], 'en') ?? '';
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/assets/app-en.js">');
    expect(english).not.toMatch(/-th\.js|home-D/);
  });

  it('is index.html as it is when the build lists nothing more to link', () => {
    const plain: Manifest = {
      'index.html': manifest['index.html']!,
      '_web-B.js': { file: 'assets/web-B.js' },
    };
    expect(linkScreen(template, plain, [], 'en')).toBeNull();
    expect(linkScreen(template, plain, ['src/gone.tsx'], 'th')).toBeNull();
  });
});

describe('a signed-in member’s first frame', () => {
  const shell = page({ html: '<div class="shell">Outline</div>', source: '', lang: 'en' });

  it('is marked for index.html’s gate, with its (empty) answers, the language and the code as it was', () => {
    const html = assembleMemberShell(template, { ...shell, lang: 'th' });
    expect(html).toContain('<html lang="th">');
    expect(html).toContain(
      '<div id="root" data-shell="member"><div class="shell">Outline</div></div><script type="application/json" id="first-view">{"queries":[]}</script>',
    );
    // The code is what fills a member's screen: it keeps its place and priority.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A.js"></script>');
    expect(html).not.toContain('fetchpriority="low"');
  });

  it('goes into the page that links the screen’s code', () => {
    const linked = linkScreen(template, manifest, ['src/home.tsx'], 'en') ?? '';
    const html = assembleMemberShell(linked, shell);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-D.js">');
    expect(html).toContain('data-shell="member"');
  });
});
