import { CheckCircleOutlined, InfoCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Usage } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';

/** How often the voucher can be used: as often as you like, N times with some left, or fully used. */
export function UsageBanner({ usage }: { usage: Usage }) {
  const { t } = useTranslation();
  const [Icon, title, text] =
    usage.kind === 'unlimited'
      ? [SyncOutlined, t('wallet.usage.unlimitedTitle'), t('wallet.usage.unlimitedText')]
      : usage.kind === 'limited'
        ? [
            InfoCircleOutlined,
            t('wallet.usage.limitedTitle', { count: usage.limit }),
            t('wallet.usage.left', { count: usage.left }),
          ]
        : [
            CheckCircleOutlined,
            t('wallet.usage.exhaustedTitle'),
            t('wallet.usage.exhaustedText', { count: usage.limit }),
          ];
  return (
    <div
      className={`${styles.banner}${usage.kind === 'exhausted' ? ` ${styles.bannerExhausted}` : ''}`}
      data-testid="usage-banner"
      data-usage={usage.kind}
    >
      <Icon aria-hidden className={styles.bannerIcon} />
      <div>
        <p className={styles.bannerTitle}>{title}</p>
        <p className={styles.bannerText}>{text}</p>
      </div>
    </div>
  );
}
