import { useTranslation } from 'react-i18next';
import { Barcode } from '../../../shared/barcode/barcode.tsx';
import { QrCode } from '../../../shared/barcode/qr-code.tsx';
import styles from '../wallet.module.css';

/** The code as a Code 128 barcode and a QR code for the counter to scan, drawn on the phone. */
export function CodeScan({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Barcode value={code} label={t('wallet.detail.barcode', { code })} className={styles.barcode} />
      <QrCode
        value={code}
        label={t('wallet.detail.qrCode', { code })}
        size={168}
        quietZone={2}
        className={styles.qr}
      />
      <p className={styles.codeHint}>{t('wallet.detail.showAtCounter')}</p>
    </>
  );
}
