import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Barcode } from '../../../shared/barcode/barcode.tsx';
import { QrCode } from '../../../shared/barcode/qr-code.tsx';
import { CounterModal } from '../../../shared/ui/counter-modal.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import styles from './member-card-code.module.css';

/**
 * The member card for the cashier: the card number large, as a Code 128 barcode and as a QR, on a
 * plain white screen that scanners read easily. Both codes carry the bare 16 digits, exactly what the
 * point-of-sale API takes as `memberCard`. The screen is kept awake while it is open, where the
 * browser allows, so it does not dim while the cashier scans.
 */
export default function MemberCardCode({
  cardNumber,
  grouped,
  name,
  onClose,
}: {
  /** The bare digits, what both codes carry. */
  cardNumber: string;
  /** The same digits as the card face shows them, for the eye and for screen readers. */
  grouped: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useScreenAwake();
  return (
    <CounterModal title={t('profile.card.code.title')} onClose={onClose}>
      <div className={styles.codeScreen} data-testid="member-card-code">
        {name && <p className={styles.codeName}>{name}</p>}
        <p className={styles.codeNumber} data-testid="member-card-code-number" data-code={cardNumber}>
          {grouped}
        </p>
        <Barcode
          value={cardNumber}
          label={t('profile.card.code.barcode', { number: grouped })}
          className={styles.barcode}
        />
        <QrCode
          value={cardNumber}
          label={t('profile.card.code.qr', { number: grouped })}
          size={220}
          quietZone={4}
          className={styles.qr}
        />
        <p className={styles.codeHint}>{t('profile.card.code.hint')}</p>
        <LightButton block size="large" onClick={onClose} data-testid="member-card-code-close">
          {t('profile.card.code.close')}
        </LightButton>
      </div>
    </CounterModal>
  );
}

/** Asks the browser to keep the screen on while mounted; a browser without the API (or that refuses) is fine. */
function useScreenAwake() {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let done = false;
    navigator.wakeLock
      ?.request('screen')
      .then((l) => {
        if (done) void l.release();
        else lock = l;
      })
      .catch(() => {});
    return () => {
      done = true;
      void lock?.release().catch(() => {});
    };
  }, []);
}
