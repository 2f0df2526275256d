import './texts.ts';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightButton } from '../shared/ui/light-button.tsx';
import styles from './update-banner.module.css';
import { waitingUpdate } from './update-state.ts';

/**
 * The bar above the bottom navigation: a new version is ready. Reload lets the waiting service worker
 * take over (the page reloads when it controls it: pwa/start.ts); Later hides the bar until the next
 * start, when the new version is still offered (or has taken over because every tab was closed).
 */
export default function UpdateBanner({ worker }: { worker: ServiceWorker }) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    worker.postMessage({ type: 'SKIP_WAITING' });
  };
  return (
    <section
      className={styles.banner}
      role="status"
      aria-labelledby="update-title"
      data-testid="update-available"
    >
      <CloudDownloadOutlined aria-hidden className={styles.icon} />
      <div className={styles.text}>
        <h2 id="update-title" className={styles.title}>
          {t('pwa.update.title')}
        </h2>
        <p className={styles.body}>{t('pwa.update.text')}</p>
      </div>
      <div className={styles.actions}>
        <LightButton
          className={styles.later}
          onClick={() => waitingUpdate.set(null)}
          data-testid="update-later"
        >
          {t('pwa.update.later')}
        </LightButton>
        <LightButton
          className={styles.reload}
          loading={reloading}
          onClick={reload}
          data-testid="update-reload"
        >
          {t('pwa.update.reload')}
        </LightButton>
      </div>
    </section>
  );
}
