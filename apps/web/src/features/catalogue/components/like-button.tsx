import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { formatNumber } from '../../../shared/format.ts';
import { lazyToast as toast } from '../../../shared/ui/lazy-toast.ts';
import { useLikePrivilege } from '../api/like-privilege.ts';
import { useSignInFirst } from '../hooks/use-sign-in-first.ts';
import styles from '../catalogue.module.css';

/** The heart: likes at once (optimistic), puts it back if the server says no; a visitor signs in first. */
export function LikeButton({ id, liked, likeCount }: { id: string; liked: boolean; likeCount: number }) {
  const { t } = useTranslation();
  const signInFirst = useSignInFirst();
  const like = useLikePrivilege({ onError: (error) => toast.error(errorMessage(t, error)) });
  return (
    <button
      type="button"
      className={liked ? `${styles.likeButton} ${styles.liked}` : styles.likeButton}
      aria-pressed={liked}
      data-testid="like-button"
      onClick={() => signInFirst(() => void like({ id, like: !liked }))}
    >
      {liked ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      <span className="visually-hidden">{t('catalogue.like.label')}</span>
      <span className="like-count" data-testid="like-count">
        {formatNumber(likeCount)}
      </span>
    </button>
  );
}
