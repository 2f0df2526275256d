import { CreditCardOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import type { PaymentChannel } from '@app/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyScreen, useLazyOpen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { EmptyState, StateActions } from '../../../shared/ui/list-states.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from '../checkout.module.css';

// The list of methods (antd's drawer) is not part of checkout's first paint: a tap on Change loads it
// after the tap's own frame, and it opens once its code is here.
const ChannelList = lazyScreen(() => import('./channel-list.tsx'));

export const ChannelIcon = ({ type }: { type: PaymentChannel['type'] | null }) =>
  type === 'promptpay' ? (
    <QrcodeOutlined aria-hidden className={styles.pickerIcon} />
  ) : type === 'card' ? (
    <CreditCardOutlined aria-hidden className={styles.pickerIcon} />
  ) : (
    <WalletOutlined aria-hidden className={styles.pickerIcon} />
  );

/**
 * The payment method: the chosen one with Change, which opens the list. No methods — the provider
 * offered none, or the call failed — is the same empty state, with Try again.
 */
export function ChannelPicker({
  channels,
  loading,
  failed,
  retrying,
  selected,
  onRetry,
  onSelect,
}: {
  channels: PaymentChannel[];
  loading: boolean;
  failed: boolean;
  retrying: boolean;
  selected: PaymentChannel | null;
  onRetry: () => void;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation();
  const list = useLazyOpen(ChannelList);

  if (loading) return <span className={`${skeleton.skeleton} ${skeleton.line} ${styles.channelSkeleton}`} />;
  if (failed || channels.length === 0) {
    return (
      <EmptyState
        title={t('checkout.channel.emptyTitle')}
        text={t('checkout.channel.emptyText')}
        action={
          <StateActions>
            <LightButton onClick={onRetry} loading={retrying} data-testid="channel-retry">
              {t('checkout.channel.retry')}
            </LightButton>
          </StateActions>
        }
      />
    );
  }

  return (
    <>
      <button
        type="button"
        className={styles.pickerRow}
        onClick={list.show}
        aria-haspopup="dialog"
        aria-busy={list.opening || undefined}
        data-testid="channel-change"
      >
        <ChannelIcon type={selected?.type ?? null} />
        <span className={styles.pickerText}>
          <span className={styles.pickerMain} data-testid="channel-selected">
            {selected ? selected.name : t('checkout.channel.choose')}
          </span>
          {selected?.description && (
            <span className={styles.pickerSub} data-testid="channel-description">
              <Phrases text={selected.description} />
            </span>
          )}
        </span>
        <span className={styles.pickerAction}>{t('checkout.channel.change')}</span>
      </button>
      {list.failed && (
        <p className={styles.problem} role="alert" data-testid="channel-open-error">
          {t('checkout.channel.openError')}
        </p>
      )}
      {list.shown && (
        <Suspense fallback={null}>
          <ChannelList
            open={list.open}
            channels={channels}
            selected={selected}
            onSelect={onSelect}
            onClose={list.close}
          />
        </Suspense>
      )}
    </>
  );
}
