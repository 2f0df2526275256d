import type { CatalogueStatus } from '@app/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<CatalogueStatus, string> = { draft: 'gold', published: 'success', archived: 'default' };

export function CatalogueStatusTag({ status }: { status: CatalogueStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`admin.catalogue.status.${status}`)}</Tag>;
}
