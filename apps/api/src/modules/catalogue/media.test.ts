import { describe, expect, it } from 'vitest';
import { loadMediaLibrary } from './media.ts';

describe('the shipped artwork as pictures', () => {
  it('draws a drawing’s picture once, however many ask at once or later', async () => {
    const media = loadMediaLibrary();
    const [a, b] = await Promise.all([
      media.picture('banners', 'coffee-week-1.webp'),
      media.picture('banners', 'coffee-week-1.webp'),
    ]);
    expect(a).toBeDefined();
    expect(b).toBe(a);
    expect(await media.picture('banners', 'coffee-week-1.webp')).toBe(a);
    // Its own tag: a cache holding the drawing's answer never takes it for the picture's.
    expect(a?.etag).not.toBe(media.get('banners', 'coffee-week-1.svg')?.etag);
  });

  it('has no picture for a name it holds no drawing of, or that is no picture’s name', async () => {
    const media = loadMediaLibrary();
    for (const file of [
      'nope.webp',
      'coffee-week-1.svg',
      'Coffee-week-1.webp',
      '../banners/coffee-week-1.webp',
    ])
      expect(await media.picture('banners', file), file).toBeUndefined();
  });

  it('links a drawing by its picture, versioned by the drawing', () => {
    const media = loadMediaLibrary();
    const version = media.get('banners', 'coffee-week-1.svg')?.version;
    expect(media.url('banners', 'coffee-week-1.svg')).toBe(
      `/media/catalogue/banners/coffee-week-1.webp?v=${version}`,
    );
    expect(media.url('banners', 'nope.svg')).toBe('/media/catalogue/banners/nope.svg');
  });
});
