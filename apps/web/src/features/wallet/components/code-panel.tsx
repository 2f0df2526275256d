import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyToast as toast } from '../../../shared/ui/lazy-toast.ts';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import styles from '../wallet.module.css';

/** How long the Copy button says "Copied". */
const COPIED_MS = 2000;

/**
 * A long code in groups of four ("7KQ2 M9XP 4RTD WXYZ"), as card numbers are printed: easier to read
 * out at a counter and to compare. Only the display: Copy, the barcode and the QR code carry the code
 * itself. A code with its own separators is shown as it is.
 */
export const groupedCode = (code: string) =>
  /^[A-Z0-9]{9,}$/i.test(code) ? (code.match(/.{1,4}/g) ?? [code]).join(' ') : code;

/**
 * The voucher's code, large, with Copy, and under it `scan`: what the counter scans (CodeScan, on the
 * code screen). A voucher that can no longer be used keeps its code on show (for the member's records,
 * or a question to support) but offers nothing to scan; its detail paints this without the scanning
 * code's download.
 */
export function CodePanel({ code, scan }: { code: string; scan?: ReactNode }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      // Missing outside a secure context (plain http on a LAN address) and in some in-app browsers.
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast.success(t('wallet.detail.copied'));
    } catch {
      setCopied(false);
      toast.error(t('wallet.detail.copyFailed'));
    }
  };

  return (
    <section
      className={`${styles.codePanel}${scan ? '' : ` ${styles.codeInactive}`}`}
      aria-labelledby="wallet-code-label"
      data-testid="code-panel"
    >
      <p id="wallet-code-label" className={styles.codeLabel}>
        {t('wallet.detail.code')}
      </p>
      <div className={styles.codeRow}>
        <p className={styles.code} data-testid="voucher-code" data-code={code}>
          {groupedCode(code)}
        </p>
        <LightButton
          className={styles.copy}
          icon={copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
          aria-label={copied ? t('wallet.detail.copied') : t('wallet.detail.copyCode', { code })}
          onClick={() => void copy()}
          data-testid="copy-code"
        >
          {copied ? t('wallet.detail.copied') : t('wallet.detail.copy')}
        </LightButton>
      </div>
      {scan ?? <p className={styles.codeHint}>{t('wallet.detail.noLongerUsable')}</p>}
    </section>
  );
}
