import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WalletAction } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';

/**
 * The bar under a wallet voucher (spec section 2): Redeem Now and Use while it can be used, else one
 * disabled Used or Expired. Redeeming in the app comes with the next issue, so both buttons are shown as
 * they will look, disabled, with a line saying how to use the voucher meanwhile: the counter can scan
 * or type the code above today.
 */
export function WalletActions({ action }: { action: WalletAction }) {
  const { t } = useTranslation();
  return (
    <div className={styles.actionBar} data-testid="wallet-actions">
      {action === 'redeem' ? (
        <>
          <div className={styles.actionButtons}>
            <Button type="primary" block disabled aria-describedby="redeem-soon" data-testid="redeem-now">
              {t('wallet.detail.redeemNow')}
            </Button>
            <Button block disabled aria-describedby="redeem-soon" data-testid="use">
              {t('wallet.detail.use')}
            </Button>
          </div>
          <p id="redeem-soon" className={styles.actionNote}>
            {t('wallet.detail.redeemSoon')}
          </p>
        </>
      ) : (
        <Button block disabled data-testid={action === 'used' ? 'used' : 'expired'}>
          {action === 'used' ? t('wallet.detail.used') : t('wallet.detail.expired')}
        </Button>
      )}
    </div>
  );
}
