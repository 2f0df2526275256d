import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  LoadingOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../shared/i18n.ts';
import { formatDate, formatDateTime, formatNumber } from '../shared/format.ts';
import { groupedCode } from './code.ts';
import type { Refused } from './machine.ts';
import { isRefusalCode, type CounterItem, type CounterRedemption } from './types.ts';
import styles from './counter.module.css';

/** The counter's buttons: large type and a tall target for a thumb at a busy till. */
function BigButton({ className, ...props }: ButtonProps) {
  return (
    <Button
      size="large"
      className={className ? `${styles.bigButton} ${className}` : styles.bigButton}
      {...props}
    />
  );
}

/** A step's panel; its heading takes the focus, so a screen reader says what happened. */
function Panel({
  tone,
  icon,
  title,
  children,
  testId,
  reason,
}: {
  tone: 'neutral' | 'success' | 'refused' | 'warning';
  /** The refusal's code, for tests and support (not shown). */
  reason?: string;
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className={`${styles.panel} ${styles[tone]}`}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-reason={reason}
    >
      <h2 id={`${testId}-title`} ref={heading} tabIndex={-1} className={styles.panelTitle}>
        {icon && (
          <span className={styles.panelIcon} aria-hidden="true">
            {icon}
          </span>
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}

const usesText = (
  t: (k: string, o?: Record<string, unknown>) => string,
  left: number | null,
  limit: number | null,
) =>
  left === null || limit === null
    ? t('admin.counter.found.usesUnlimited')
    : t('admin.counter.found.usesOf', { left: formatNumber(left), limit: formatNumber(limit) });

/** The voucher, the member and what is left of it: what staff check with the customer before Confirm. */
function ItemFacts({ item, usesLeft }: { item: CounterItem; usesLeft?: number | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  return (
    <>
      <div className={styles.item}>
        {item.imageUrl && <img className={styles.image} src={item.imageUrl} alt="" />}
        <div className={styles.itemText}>
          <p className={styles.voucherTitle} data-testid="counter-voucher">
            {item.voucherTitle}
          </p>
          <p className={styles.storeName}>{item.storeName}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('admin.counter.found.member')}</dt>
          <dd className={styles.member} data-testid="counter-member">
            {item.memberFirstName ?? t('admin.counter.found.noFirstName')}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>
            {usesLeft === undefined ? t('admin.counter.found.usesLeft') : t('admin.counter.success.usesLeft')}
          </dt>
          <dd data-testid="counter-uses">
            {usesText(t, usesLeft === undefined ? item.usesLeft : usesLeft, item.usageLimit)}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('admin.counter.found.validUntil')}</dt>
          <dd>{formatDate(item.validUntil, lang)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('admin.counter.found.code')}</dt>
          <dd className={styles.code}>{groupedCode(item.code)}</dd>
        </div>
      </dl>
    </>
  );
}

export function LookingPanel() {
  const { t } = useTranslation();
  return (
    <Panel
      tone="neutral"
      icon={<LoadingOutlined />}
      title={t('admin.counter.looking')}
      testId="counter-looking"
    />
  );
}

export function FoundPanel(props: {
  item: CounterItem;
  busy: boolean;
  openAttempt: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel tone="neutral" title={t('admin.counter.found.heading')} testId="counter-found">
      <ItemFacts item={props.item} />
      {props.openAttempt && <p className={styles.note}>{t('admin.counter.found.openAttempt')}</p>}
      <div className={styles.actions}>
        <BigButton
          type="primary"
          className={styles.confirm}
          loading={props.busy}
          // Taps while the use is recorded do nothing (the state machine also ignores them).
          onClick={props.busy ? undefined : props.onConfirm}
          aria-disabled={props.busy}
          data-testid="counter-confirm"
        >
          {props.busy ? t('admin.counter.found.confirming') : t('admin.counter.found.confirm')}
        </BigButton>
        <BigButton disabled={props.busy} onClick={props.onCancel}>
          {t('admin.counter.found.cancel')}
        </BigButton>
      </div>
    </Panel>
  );
}

export function SuccessPanel({
  item,
  result,
  onNext,
}: {
  item: CounterItem;
  result: CounterRedemption;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      tone="success"
      icon={<CheckCircleFilled />}
      title={t('admin.counter.success.title')}
      testId="counter-success"
    >
      <ItemFacts item={item} usesLeft={result.usesLeft} />
      <p className={styles.note}>
        {t('admin.counter.success.usedAt')} {formatDateTime(result.usedAt, currentLanguage())}
      </p>
      <div className={styles.actions}>
        <BigButton type="primary" onClick={onNext} data-testid="counter-next">
          {t('admin.counter.success.next')}
        </BigButton>
      </div>
    </Panel>
  );
}

export function RefusedPanel({ phase, onAgain }: { phase: Refused; onAgain: () => void }) {
  const { t } = useTranslation();
  const known = isRefusalCode(phase.reason);
  const key = known ? phase.reason : 'other';
  return (
    <Panel
      tone={phase.reason === 'counter_used_up' && phase.item ? 'warning' : 'refused'}
      icon={known ? <CloseCircleFilled /> : <ExclamationCircleFilled />}
      title={t(`admin.counter.refused.${key}.title`)}
      testId="counter-refused"
      reason={phase.reason}
    >
      {/* The API's own words (in the staff member's language) when it gave a reason this screen has no text for. */}
      {!known && phase.message && <p className={styles.message}>{phase.message}</p>}
      <p className={styles.message}>{t(`admin.counter.refused.${key}.hint`)}</p>
      <p className={styles.refusedCode}>
        {t('admin.counter.found.code')} <span className={styles.code}>{groupedCode(phase.code)}</span>
      </p>
      <div className={styles.actions}>
        <BigButton type="primary" onClick={onAgain} data-testid="counter-again">
          {t('admin.counter.refused.scanAgain')}
        </BigButton>
      </div>
    </Panel>
  );
}

export function FailedPanel({
  step,
  onRetry,
  onCancel,
}: {
  step: 'lookup' | 'redeem';
  onRetry: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      tone="warning"
      icon={<WarningFilled />}
      title={t(`admin.counter.failed.${step}.title`)}
      testId="counter-failed"
    >
      <p className={styles.message}>{t(`admin.counter.failed.${step}.hint`)}</p>
      <div className={styles.actions}>
        <BigButton type="primary" onClick={onRetry} data-testid="counter-retry">
          {t('admin.counter.failed.retry')}
        </BigButton>
        <BigButton onClick={onCancel}>{t('admin.counter.failed.cancel')}</BigButton>
      </div>
    </Panel>
  );
}
