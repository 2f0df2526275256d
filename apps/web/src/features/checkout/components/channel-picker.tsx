import { CreditCardOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import type { PaymentChannel } from '@app/contracts';
import { Button, Drawer, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, StateActions } from '../../../shared/ui/list-states.tsx';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from '../checkout.module.css';
import dialog from '../../../shared/ui/dialog.module.css';

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
  const [open, setOpen] = useState(false);

  if (loading) return <span className={`${skeleton.skeleton} ${skeleton.line} ${styles.channelSkeleton}`} />;
  if (failed || channels.length === 0) {
    return (
      <EmptyState
        title={t('checkout.channel.emptyTitle')}
        text={t('checkout.channel.emptyText')}
        action={
          <StateActions>
            <Button onClick={onRetry} loading={retrying} data-testid="channel-retry">
              {t('checkout.channel.retry')}
            </Button>
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
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
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
      <Drawer
        open={open}
        placement="bottom"
        size="auto"
        title={t('checkout.channel.pickerTitle')}
        onClose={() => setOpen(false)}
        closable={{ 'aria-label': t('checkout.coupon.close') }}
        classNames={{ close: dialog.closeTarget }}
        data-testid="channel-picker"
      >
        <Radio.Group
          className={styles.channelList}
          value={selected?.code}
          onChange={(e) => {
            onSelect(String(e.target.value));
            setOpen(false);
          }}
          aria-label={t('checkout.channel.pickerTitle')}
        >
          {channels.map((channel) => (
            // A tap on the method already chosen closes the list too (no change event comes for it).
            // Only then: closing on every click would re-render the group before the browser's change
            // event reaches it (Preact renders between the label's click and the input's), and the
            // new choice would be lost.
            <Radio
              key={channel.code}
              value={channel.code}
              className={styles.channelOption}
              onClick={() => {
                if (channel.code === selected?.code) setOpen(false);
              }}
            >
              <span className={styles.pickerText}>
                <span className={styles.pickerMain}>{channel.name}</span>
                <span className={styles.pickerSub} data-testid="channel-option-description">
                  <Phrases text={channel.description} />
                </span>
              </span>
            </Radio>
          ))}
        </Radio.Group>
      </Drawer>
    </>
  );
}
