import { GiftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths } from '../../../shared/paths.ts';
import { useAuthStore } from '../../auth/index.ts';

export function HomeScreen() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const navigate = useNavigate();
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const firstName = useAuthStore((s) => s.info?.firstName?.trim());

  return (
    <div className="page page-home">
      <section className="welcome" aria-labelledby="home-title">
        <h1 id="home-title" className="page-title">
          {isLoggedIn
            ? firstName
              ? t('home.welcomeMember', { name: firstName })
              : t('home.welcomeMemberNoName')
            : t('home.welcomeGuest')}
        </h1>
        <p className="page-lead">{isLoggedIn ? t('home.memberText') : t('home.guestText')}</p>
        {!isLoggedIn && (
          <Button
            type="primary"
            block
            data-testid="home-signin"
            onClick={() => void navigate(to(paths.signin))}
          >
            {t('home.signIn')}
          </Button>
        )}
      </section>

      <section className="coming-soon-card" aria-labelledby="catalogue-title">
        <GiftOutlined aria-hidden className="coming-soon-icon" />
        <h2 id="catalogue-title" className="section-title">
          {t('home.catalogueTitle')}
        </h2>
        <p>{t('home.catalogueComing')}</p>
      </section>
    </div>
  );
}

export default HomeScreen;
