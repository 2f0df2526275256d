import type { Banner } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { safeRedirectTarget } from '../../../shared/paths.ts';
import { MediaBox } from '../../../shared/ui/media-box.tsx';
import { useSnapStrip } from '../hooks/use-snap-strip.ts';
import styles from '../catalogue.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';

/**
 * Banners as a CSS scroll-snap strip (swipe on a phone, dots to jump): no carousel library in the
 * home screen's download, no auto-play moving under the reader's finger.
 */
export function BannerStrip({
  banners,
  label,
  eager,
}: {
  banners: Banner[];
  label: string;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const { track: strip, active, jump } = useSnapStrip(banners);

  if (banners.length === 0) return null;
  return (
    <section className={styles.bannerStrip} aria-label={label}>
      <ul className={styles.bannerTrack} ref={strip}>
        {banners.map((b, index) => {
          // Only in-app paths are followed (the API promises one; a stray URL is not a link).
          const target = b.linkPath ? safeRedirectTarget(b.linkPath) : null;
          const body = (
            <>
              <MediaBox
                src={b.imageUrl}
                alt=""
                ratio="12 / 5"
                width={1200}
                height={500}
                eager={eager && index === 0}
              />
              <span className={styles.bannerText}>
                <span className={styles.bannerTitle}>
                  <Phrases text={b.title} />
                </span>
                {b.subtitle && <span className={styles.bannerSubtitle}>{b.subtitle}</span>}
              </span>
            </>
          );
          return (
            <li key={b.id} data-index={index}>
              {target ? (
                <Link to={to(target)} className={styles.banner} data-testid="banner">
                  {body}
                </Link>
              ) : (
                <div className={styles.banner} data-testid="banner">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {banners.length > 1 && (
        <div className={styles.bannerDots}>
          {banners.map((b, index) => (
            <button
              key={b.id}
              type="button"
              className={styles.bannerDot}
              aria-label={t('catalogue.banners.goTo', { index: index + 1, total: banners.length })}
              aria-current={index === active}
              onClick={() => jump(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
