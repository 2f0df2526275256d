import type { CampaignLink } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useCatalogueNames } from '../catalogue/use-catalogue-options.ts';

/** The catalogue list a link's kind is picked from. */
export const LINK_LIST = { voucher: 'vouchers', privilege: 'privileges' } as const;

/**
 * The titles of the vouchers and privileges campaigns link to, in the chosen language: `text(link)`
 * says where the notification's "Go there" takes members ("Opens the voucher Iced latte ฿50").
 */
export function useLinkTitles(links: ReadonlyArray<CampaignLink | null | undefined>) {
  const ids = (kind: CampaignLink['kind']) => links.map((l) => (l?.kind === kind ? l.id : null));
  const vouchers = useCatalogueNames('vouchers', ids('voucher'));
  const privileges = useCatalogueNames('privileges', ids('privilege'));
  const titleOf = (link: CampaignLink, lang?: string) =>
    (link.kind === 'voucher' ? vouchers : privileges).nameOf(link.id, lang);
  return {
    titleOf,
    text: (t: TFunction, link: CampaignLink) =>
      t(
        link.kind === 'voucher' ? 'admin.campaigns.link.opensVoucher' : 'admin.campaigns.link.opensPrivilege',
        {
          title: titleOf(link) ?? t('admin.catalogue.picker.gone'),
        },
      ),
  };
}
