import '../shared/ui/coming-soon-texts.ts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../shared/i18n/use-localized-path.ts';
import { paths } from '../shared/paths.ts';
import page from '../shared/ui/page.module.css';
import { useDocumentTitle } from '../shared/ui/use-document-title.ts';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page page-not-found">
      <h1 className={page.title}>{t('notFound.title')}</h1>
      <p className={page.lead}>{t('notFound.text')}</p>
      <Button type="primary" block onClick={() => void navigate(to(paths.home))}>
        {t('common.backToHome')}
      </Button>
    </div>
  );
}

export default NotFoundScreen;
