import { QrcodeOutlined } from '@ant-design/icons';
import type { MemberCard } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client.ts';
import { lazyScreen, useLazyOpen } from '../../../shared/ui/lazy-screen.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import styles from './member-card-code.module.css';

// Cast, not parsed: the API's serializer already holds every answer to the contract (docs/decisions.md,
// "No Zod on a first screen").
const getMemberCard = async (signal?: AbortSignal) =>
  (await api.get('/bff/member-card', { signal })) as MemberCard;

/** The member's id is in the key: another member signing in on this device never sees this number. */
export const getMemberCardQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: ['member-card', viewer],
    queryFn: ({ signal }) => getMemberCard(signal),
    // The number never changes for a member: read once per session.
    staleTime: Infinity,
  });

/**
 * "1234 5678 9012 3456": the 16 digits in groups of four, as bank cards print them, so a member can
 * read them out to a cashier. Only the display: the QR and the barcode carry the bare digits, which is
 * what the point-of-sale API takes.
 */
export const groupInFours = (digits: string) => (digits.match(/.{1,4}/g) ?? [digits]).join(' ');

// The QR and the barcode are not part of the profile's first paint: they load on the tap (fetched as the
// finger lands), without antd's code (shared/ui/counter-modal.tsx).
const CodeScreen = lazyScreen(() => import('./member-card-code.tsx'), { kit: false });

/** The card number on the card face, and "Show my card": the number as a QR and a barcode to scan. */
export function CardNumber({ viewer, name }: { viewer: string; name: string }) {
  const { t } = useTranslation();
  const card = useQuery(getMemberCardQueryOptions(viewer));
  const { open, opening, failed: openFailed, show, close } = useLazyOpen(CodeScreen);

  if (card.isError) {
    return (
      <div className={styles.numberRow} role="alert">
        <span className={styles.numberError}>{t('profile.card.numberError')}</span>
        <button
          type="button"
          className={styles.cardButton}
          onClick={() => void card.refetch()}
          disabled={card.isFetching}
          data-testid="card-number-retry"
        >
          {t('states.retry')}
        </button>
      </div>
    );
  }
  const number = card.data?.cardNumber;
  return (
    <div className={styles.numberRow}>
      <div className={styles.numberBlock}>
        <span className={styles.numberLabel}>{t('profile.card.number')}</span>
        {number ? (
          <span className={styles.number} data-testid="member-card-number">
            {groupInFours(number)}
          </span>
        ) : (
          <span role="status" aria-busy="true" data-testid="card-number-loading">
            <span className="visually-hidden">{t('app.loading')}</span>
            <span className={`${skeleton.skeleton} ${styles.numberSkeleton}`} aria-hidden="true" />
          </span>
        )}
      </div>
      <button
        type="button"
        className={styles.cardButton}
        aria-haspopup="dialog"
        disabled={!number || opening}
        aria-busy={opening}
        onPointerDown={CodeScreen.prefetch}
        onClick={show}
        data-testid="show-member-card"
      >
        <QrcodeOutlined aria-hidden /> {t('profile.card.show')}
      </button>
      {openFailed && (
        <p className={styles.numberError} role="alert" data-testid="show-member-card-error">
          {t('profile.card.code.loadError')}
        </p>
      )}
      {open && number && (
        <Suspense fallback={null}>
          <CodeScreen cardNumber={number} grouped={groupInFours(number)} name={name} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
