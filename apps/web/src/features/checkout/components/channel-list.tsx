import type { PaymentChannel } from '@app/contracts';
import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { Sheet } from '../../../shared/ui/sheet.tsx';
import styles from '../checkout.module.css';

/** The payment methods to choose from, in a drawer from the bottom: a choice closes it. */
export default function ChannelList({
  open,
  channels,
  selected,
  onSelect,
  onClose,
}: {
  open: boolean;
  channels: PaymentChannel[];
  selected: PaymentChannel | null;
  onSelect: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet
      open={open}
      title={t('checkout.channel.pickerTitle')}
      onClose={onClose}
      closeLabel={t('checkout.coupon.close')}
      data-testid="channel-picker"
    >
      <Radio.Group
        className={styles.channelList}
        value={selected?.code}
        onChange={(e) => {
          onSelect(String(e.target.value));
          onClose();
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
              if (channel.code === selected?.code) onClose();
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
    </Sheet>
  );
}
