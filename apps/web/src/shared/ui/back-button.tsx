import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';

/**
 * Back to where the member came from (the list keeps its filter and scroll), or to `fallback` when
 * this page was opened directly from a shared link.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { to } = useLocalizedPath();
  return (
    <button
      type="button"
      className="back-link"
      aria-label={t('common.back')}
      data-testid="back"
      onClick={() => {
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) void navigate(-1);
        else void navigate(to(fallback));
      }}
    >
      <ArrowLeftOutlined aria-hidden />
    </button>
  );
}
