import { useTranslation } from 'react-i18next';
import { Artwork } from '../../../shared/ui/artwork.tsx';
import { useSnapStrip } from '../hooks/use-snap-strip.ts';
import styles from '../catalogue.module.css';

/** A detail page's pictures: a swipeable 4:3 strip with a counter and dots; the first loads at once. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation();
  const { track, active, jump } = useSnapStrip(images);

  return (
    <div className={styles.gallery}>
      {/* A scrollable strip with no links inside must take focus itself, so keys can scroll it (axe). */}
      <ul
        className={styles.galleryTrack}
        ref={track}
        aria-label={t('catalogue.detail.pictures')}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {images.map((src, index) => (
          <li key={src} data-index={index}>
            <Artwork
              src={src}
              alt={t('catalogue.detail.pictureAlt', { title, index: index + 1, total: images.length })}
              eager={index === 0}
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <>
          <span className={styles.galleryCount} aria-hidden="true">
            {active + 1}/{images.length}
          </span>
          <div className={`${styles.bannerDots} gallery-dots`}>
            {images.map((src, index) => (
              <button
                key={src}
                type="button"
                className={styles.bannerDot}
                aria-label={t('catalogue.detail.showPicture', { index: index + 1, total: images.length })}
                aria-current={index === active}
                onClick={() => jump(index)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
