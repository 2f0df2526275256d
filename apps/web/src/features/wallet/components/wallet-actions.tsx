import type { WalletVoucherDetail } from '@app/contracts';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceCopyMark } from '../api/device-copy.ts';
import type { WalletAction } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';
import { CodeScreen } from './code-screen.tsx';

/**
 * The bar under a wallet item: Redeem Now while it can be used — the one way to the code, and from
 * there to marking it used — else one disabled Used or Expired.
 */
export function WalletActions({
  voucher,
  action,
}: {
  voucher: WalletVoucherDetail & DeviceCopyMark;
  action: WalletAction;
}) {
  const { t } = useTranslation();
  const [showing, setShowing] = useState(false);
  const closeCode = useCallback(() => setShowing(false), []);

  if (action !== 'redeem') {
    return (
      <div className={styles.actionBar} data-testid="wallet-actions">
        <Button block disabled data-testid={action === 'used' ? 'used' : 'expired'}>
          {action === 'used' ? t('wallet.detail.used') : t('wallet.detail.expired')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.actionBar} data-testid="wallet-actions">
      <Button type="primary" block onClick={() => setShowing(true)} data-testid="redeem-now">
        {t('wallet.detail.redeemNow')}
      </Button>
      {showing && <CodeScreen voucher={voucher} onClose={closeCode} />}
    </div>
  );
}
