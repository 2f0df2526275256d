import type { OrderStatus, Tier } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const ORDER_COLOURS: Record<OrderStatus, string> = {
  PENDING: 'default',
  IN_PROGRESS: 'processing',
  SUCCESSFUL: 'success',
  FAILED: 'error',
  ERROR: 'error',
  CANCELLED: 'default',
  PARTIALLY_REFUNDED: 'warning',
  REFUNDED: 'purple',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={ORDER_COLOURS[status]}>{t(`admin.orderStatus.${status}`)}</Tag>;
}

const TIER_COLOURS: Record<Tier, string> = {
  member: 'default',
  silver: 'geekblue',
  gold: 'gold',
  platinum: 'purple',
};

export function TierTag({ tier }: { tier: Tier }) {
  const { t } = useTranslation();
  return <Tag color={TIER_COLOURS[tier]}>{t(`admin.tiers.${tier}`)}</Tag>;
}

export function BlockedTag({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  return blocked ? (
    <Tag color="error">{t('admin.members.blocked')}</Tag>
  ) : (
    <Tag color="success">{t('admin.members.active')}</Tag>
  );
}
