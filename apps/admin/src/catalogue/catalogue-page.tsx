import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useStaff } from '../app/allowed.tsx';
import { staffCan } from '../app/providers.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { CatalogueList } from './catalogue-list.tsx';
import { CATALOGUE_KINDS, isCatalogueKind } from './kinds.ts';
import styles from './catalogue.module.css';

/** The catalogue editor: one tab per kind (/catalogue/vouchers, /catalogue/stores, …). */
export function CataloguePage() {
  const { t } = useTranslation();
  const { kind } = useParams();
  const navigate = useNavigate();
  const staff = useStaff();
  if (!isCatalogueKind(kind)) return <Navigate to="/catalogue/vouchers" replace />;
  return (
    <>
      <PageHeader title={t('admin.nav.catalogue')}>
        <span className="muted">{t('admin.catalogue.intro')}</span>
      </PageHeader>
      <Tabs
        className={styles.tabs}
        activeKey={kind}
        onChange={(k) => void navigate(`/catalogue/${k}`)}
        items={CATALOGUE_KINDS.map((k) => ({ key: k, label: t(`admin.catalogue.kinds.${k}`) }))}
      />
      <CatalogueList key={kind} kind={kind} canWrite={staffCan(staff, 'catalogue.write')} />
    </>
  );
}
