import { useTranslation } from 'react-i18next';
import { session } from '../api/session.ts';
import { NotAllowed } from '../app/placeholders.tsx';
import { staffCan } from '../app/providers.ts';
import { FailedPanel, FoundPanel, LookingPanel, RefusedPanel, SuccessPanel } from './counter-panels.tsx';
import { useCounterLanguage } from './language.ts';
import { takesCodes } from './machine.ts';
import { ScanPanel } from './scan-panel.tsx';
import { useCameraScanner } from './use-camera-scanner.ts';
import { sharedAttempts, useCounter } from './use-counter.ts';
import styles from './counter.module.css';

/**
 * The shop's counter: scan (or type) a member's wallet code, check the voucher, the member's first name,
 * uses left and validity with the customer, and Confirm one use. One customer at a time; after each the
 * screen is ready for the next with the camera still on.
 */
export function CounterPage() {
  // The API checks the same permission (store staff, for their own stores' vouchers only).
  if (!staffCan(session.staff(), 'counter.redeem')) return <NotAllowed />;
  return <Counter />;
}

function Counter() {
  const { t } = useTranslation();
  useCounterLanguage();
  const { phase, submitCode, confirm, retry, reset } = useCounter();
  const scanner = useCameraScanner(takesCodes(phase), submitCode);

  return (
    <div className={styles.counter}>
      <h1 className={styles.title}>{t('admin.counter.title')}</h1>
      {phase.name === 'ready' && <p className={styles.intro}>{t('admin.counter.intro')}</p>}
      <ScanPanel
        hidden={phase.name !== 'ready'}
        videoRef={scanner.videoRef}
        status={scanner.status}
        onRetryCamera={scanner.retry}
        onTyped={submitCode}
      />
      {phase.name === 'looking' && <LookingPanel />}
      {(phase.name === 'found' || phase.name === 'redeeming') && (
        <FoundPanel
          item={phase.item}
          busy={phase.name === 'redeeming'}
          openAttempt={phase.name === 'found' && sharedAttempts.openKey(phase.item.code) !== undefined}
          onConfirm={confirm}
          onCancel={reset}
        />
      )}
      {phase.name === 'redeemed' && <SuccessPanel item={phase.item} result={phase.result} onNext={reset} />}
      {phase.name === 'refused' && <RefusedPanel phase={phase} onAgain={reset} />}
      {phase.name === 'failed' && <FailedPanel step={phase.step} onRetry={retry} onCancel={reset} />}
    </div>
  );
}
