import {
  ClockCircleOutlined,
  CloseCircleOutlined,
  CheckCircleOutlined,
  CrownOutlined,
  FallOutlined,
  GiftOutlined,
  RollbackOutlined,
  NotificationOutlined,
  StarOutlined,
  TagOutlined,
} from '@ant-design/icons';
import type { NotificationType } from '@app/contracts';
import type { ComponentType } from 'react';
import styles from '../notifications.module.css';

type Look = { Icon: ComponentType<{ className?: string }>; tone: 'good' | 'bad' | 'warn' | 'info' };

const LOOKS: Record<NotificationType, Look> = {
  order_successful: { Icon: CheckCircleOutlined, tone: 'good' },
  order_failed: { Icon: CloseCircleOutlined, tone: 'bad' },
  order_cancelled: { Icon: CloseCircleOutlined, tone: 'bad' },
  order_expired: { Icon: ClockCircleOutlined, tone: 'bad' },
  order_refunded: { Icon: RollbackOutlined, tone: 'info' },
  points_earned: { Icon: StarOutlined, tone: 'good' },
  points_expiring: { Icon: ClockCircleOutlined, tone: 'warn' },
  tier_up: { Icon: CrownOutlined, tone: 'good' },
  tier_down: { Icon: FallOutlined, tone: 'warn' },
  voucher_expiring: { Icon: TagOutlined, tone: 'warn' },
  new_privilege: { Icon: GiftOutlined, tone: 'info' },
  campaign: { Icon: NotificationOutlined, tone: 'info' },
  points_adjusted: { Icon: StarOutlined, tone: 'info' },
  voucher_used: { Icon: CheckCircleOutlined, tone: 'info' },
  points_earned_store: { Icon: StarOutlined, tone: 'good' },
};

/** What happened, at a glance: an icon in a round badge coloured by whether it is good news. */
export function NotificationIcon({ kind }: { kind: NotificationType }) {
  const { Icon, tone } = LOOKS[kind] ?? LOOKS.new_privilege;
  return (
    <span className={`${styles.icon} ${styles[tone]}`} aria-hidden="true">
      <Icon />
    </span>
  );
}
