import type { CampaignSegment } from '@app/contracts';
import type { TFunction } from 'i18next';

/** "Gold and Platinum members", "Members who bought from Baan Kafae", … */
export function segmentText(
  t: TFunction,
  segment: CampaignSegment,
  storeName: (id: string) => string,
): string {
  switch (segment.kind) {
    case 'all':
      return t('admin.campaigns.segment.allText');
    case 'tier':
      return t('admin.campaigns.segment.tierText', {
        tiers: segment.tiers.map((tier) => t(`admin.tiers.${tier}`)).join(', '),
      });
    case 'store':
      return t('admin.campaigns.segment.storeText', { store: storeName(segment.storeId) });
    case 'points_expiring':
      return t('admin.campaigns.segment.expiringText', { count: segment.days });
  }
}
