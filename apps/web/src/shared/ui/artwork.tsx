import type { ComponentProps } from 'react';
import { MediaBox } from './media-box.tsx';

type ArtworkProps = Omit<ComponentProps<typeof MediaBox>, 'ratio' | 'width' | 'height' | 'alt'> & {
  /** What the picture shows; beside its title it is decorative and says nothing. */
  alt?: string;
};

/** A voucher's or privilege's artwork: drawn 4:3 from an 800×600 picture. */
export const Artwork = ({ alt = '', ...props }: ArtworkProps) => (
  <MediaBox {...props} alt={alt} ratio="4 / 3" width={800} height={600} />
);
