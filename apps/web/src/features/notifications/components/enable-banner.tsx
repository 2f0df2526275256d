import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import styles from '../notifications.module.css';

/**
 * Asks a member who turned notifications off to turn them back on: in the app, and — with the
 * browser's permission, asked on the tap — as pushes to this device.
 */
export function EnableBanner({ onEnable, busy = false }: { onEnable: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      className={styles.banner}
      aria-labelledby="notifications-banner-title"
      data-testid="enable-banner"
    >
      <BellOutlined aria-hidden className={styles.bannerIcon} />
      <div className={styles.bannerBody}>
        <h2 id="notifications-banner-title" className={styles.bannerTitle}>
          {t('notifications.banner.title')}
        </h2>
        <p className={styles.bannerText}>
          <Phrases text={t('notifications.banner.text')} />
        </p>
      </div>
      <LightButton variant="primary" onClick={onEnable} loading={busy} data-testid="enable-notifications">
        {t('notifications.banner.enable')}
      </LightButton>
    </section>
  );
}
