import type { WalletVoucherDetail } from '@app/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen, useLazyOpen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import type { DeviceCopyMark } from '../api/device-copy.ts';
import type { WalletAction } from '../lib/wallet-state.ts';
import styles from '../wallet.module.css';

// The code screen (the barcode and the QR) is not part of the voucher's first paint: it is loaded by the
// tap on Redeem Now, after the button has shown it is busy (useLazyOpen). Loaded as the voucher showed,
// its code ran while the screen itself was starting (Lighthouse counted it in the screen's blocking
// time); the service worker keeps its files on the phone, so at the counter the tap waits only for that
// code to run — without antd's (shared/ui/counter-modal.tsx).
const CodeScreen = lazyScreen(() => import('./code-screen.tsx'), { kit: false });

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
  const code = useLazyOpen(CodeScreen);
  if (action !== 'redeem') {
    return (
      <div className={styles.actionBar} data-testid="wallet-actions">
        <LightButton block disabled data-testid={action === 'used' ? 'used' : 'expired'}>
          {action === 'used' ? t('wallet.detail.used') : t('wallet.detail.expired')}
        </LightButton>
      </div>
    );
  }
  return (
    <div className={styles.actionBar} data-testid="wallet-actions">
      <LightButton
        variant="primary"
        block
        aria-haspopup="dialog"
        loading={code.opening}
        onClick={code.show}
        data-testid="redeem-now"
      >
        {t('wallet.detail.redeemNow')}
      </LightButton>
      {code.failed && (
        <p className={styles.codeLoadError} role="alert" data-testid="redeem-now-error">
          {t('wallet.codeScreen.loadError')}
        </p>
      )}
      {code.open && (
        <Suspense fallback={null}>
          <CodeScreen voucher={voucher} onClose={code.close} />
        </Suspense>
      )}
    </div>
  );
}
