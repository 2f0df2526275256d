import { Later } from '../../../shared/ui/later.tsx';
import '../texts.ts';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { afterNextPaint, lazyScreen, useOnceTrue } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { LightSwitch } from '../../../shared/ui/light-switch.tsx';
import { EmptyState, StateActions } from '../../../shared/ui/list-states.tsx';
import page from '../../../shared/ui/page.module.css';
import { Phrases } from '../../../shared/ui/phrases.tsx';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { EnableBanner } from '../components/enable-banner.tsx';
import { NotificationItem } from '../components/notification-item.tsx';
import { NotificationsSkeleton } from '../components/notifications-skeleton.tsx';
import { useNotificationScope } from '../hooks/use-notification-scope.ts';
import { useNotifications } from '../hooks/use-notifications.ts';
import { toDisplayed } from '../lib/display-item.ts';
import type { TimeTexts } from '../lib/time-label.ts';
import { useNotificationPreference } from '../lib/preference.ts';
import { pushPermission } from '../lib/push-device.ts';
import { disableNotifications, enableNotifications } from '../lib/push-preference.ts';
import styles from '../notifications.module.css';

// antd's modal is not part of the inbox's first paint: the dialogs load when one first opens (fetched
// as the finger lands on a notification or on Read all).
const NotificationDialogs = lazyScreen(() => import('../components/notification-dialogs.tsx'));

export function NotificationsScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  const { lang } = useLocalizedPath();
  const viewer = useNotificationScope()?.viewer ?? 'member';
  const state = useNotifications({ lang, viewer });
  const notiEnabled = useNotificationPreference((s) => s.notiEnabled);
  // While the server is told: the switch and banner wait; a failure says so and changes nothing.
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [blocked, setBlocked] = useState(() => pushPermission() === 'denied');
  const changePreference = async (on: boolean) => {
    setSaving(true);
    setSaveFailed(false);
    try {
      if (on) await enableNotifications();
      else await disableNotifications();
    } catch {
      setSaveFailed(true);
    } finally {
      setBlocked(pushPermission() === 'denied');
      setSaving(false);
    }
  };
  const navigate = useNavigate();
  const { to } = useLocalizedPath();
  const now = useNow();
  const [openId, setOpenId] = useState<string | null>(null);
  // How many were unread when Read all was pressed: the dialog keeps saying so while they are marked.
  const [readAllFor, setReadAllFor] = useState<number | null>(null);
  const [readingAll, setReadingAll] = useState(false);
  const [dialogFailed, setDialogFailed] = useState(false);

  const time = useMemo<TimeTexts>(
    () => ({
      justNow: t('notifications.time.now'),
      yesterday: t('notifications.time.yesterday'),
      twoDaysAgo: t('notifications.time.twoDaysAgo'),
      ago: (unit, count) => t(`notifications.time.${unit}`, { count }),
    }),
    [t],
  );
  const items = useMemo(
    () =>
      (state.items ?? []).map((n) =>
        toDisplayed(n, { lang, now, time, actionLabel: t('notifications.actionLabel') }),
      ),
    [state.items, lang, now, time, t],
  );
  const open = items.find((i) => i.id === openId) ?? null;
  const dialogsOpened = useOnceTrue(open !== null || readAllFor !== null);

  // A dialog opens once its code is here; a failed download (no signal) is said beside the list rather
  // than the screen's error boundary replacing it.
  const whenDialogsReady = (show: () => void) => {
    setDialogFailed(false);
    Promise.all([NotificationDialogs.preload(), afterNextPaint()]).then(show, () => setDialogFailed(true));
  };

  const openDetail = (id: string) => {
    void state.markOneRead(id);
    whenDialogsReady(() => setOpenId(id));
  };

  const askReadAll = () => {
    const unread = state.unreadIds.length;
    whenDialogsReady(() => setReadAllFor(unread));
  };

  const readAll = async () => {
    setReadingAll(true);
    try {
      await state.markAllRead();
    } finally {
      // Closes whatever the calls did: a failure is in markError, and the reloaded list shows the truth.
      setReadingAll(false);
      setReadAllFor(null);
    }
  };

  return (
    <div
      className={styles.screen}
      data-testid="notifications-screen"
      data-list-error={state.listError ? 'true' : undefined}
      data-mark-error={state.markError ? 'true' : undefined}
      data-read-all-open={readAllFor !== null ? 'true' : undefined}
    >
      <div className={styles.header}>
        <h1 className={`${page.title} ${styles.title}`}>{t('notifications.title')}</h1>
        <LightButton
          variant="link"
          className={styles.readAll}
          aria-haspopup="dialog"
          onPointerDown={NotificationDialogs.prefetch}
          onClick={askReadAll}
          disabled={items.length === 0}
          data-testid="read-all"
        >
          {t('notifications.readAll')}
        </LightButton>
      </div>

      {dialogFailed && (
        <p role="alert" className={styles.preferenceError} data-testid="notifications-dialog-failed">
          {t('notifications.dialogFailed')}
        </p>
      )}

      {notiEnabled ? (
        <div className={styles.preference}>
          <span>
            <span id="notifications-preference" className={styles.preferenceLabel}>
              {t('notifications.preference.label')}
            </span>
            <span id="notifications-preference-hint" className={styles.preferenceHint}>
              <Phrases text={t('notifications.preference.hint')} />
            </span>
          </span>
          <LightSwitch
            checked
            loading={saving}
            onChange={(on) => void changePreference(on)}
            aria-labelledby="notifications-preference"
            aria-describedby="notifications-preference-hint"
            data-testid="notifications-switch"
          />
        </div>
      ) : (
        <EnableBanner onEnable={() => void changePreference(true)} busy={saving} />
      )}
      {saveFailed && (
        <p role="alert" className={styles.preferenceError} data-testid="notifications-save-failed">
          {t('notifications.preference.saveFailed')}
        </p>
      )}
      {notiEnabled && blocked && (
        <p className={styles.preferenceHint} data-testid="notifications-push-blocked">
          <Phrases text={t('notifications.push.blocked')} />
        </p>
      )}

      <h2 className={page.sectionTitle}>{t('notifications.latest')}</h2>
      {state.isLoading && items.length === 0 ? (
        <NotificationsSkeleton />
      ) : items.length === 0 ? (
        // A list that failed to load shows no message: Refresh serves both cases.
        <EmptyState
          title={t('notifications.empty.title')}
          text={t('notifications.empty.text')}
          action={
            <StateActions>
              <LightButton onClick={state.reload} data-testid="notifications-refresh">
                {t('notifications.empty.refresh')}
              </LightButton>
            </StateActions>
          }
        />
      ) : (
        <ul className={styles.list} data-testid="notifications-list">
          {items.map((item) => (
            <Later tail key={item.id}>
              <NotificationItem item={item} onIntent={NotificationDialogs.prefetch} onOpen={openDetail} />
            </Later>
          ))}
        </ul>
      )}

      {dialogsOpened && (
        <Suspense fallback={null}>
          <NotificationDialogs
            detail={{
              item: open,
              onClose: () => setOpenId(null),
              onGo: (link) => {
                setOpenId(null);
                void navigate(to(link));
              },
            }}
            readAll={{
              open: readAllFor !== null,
              unread: readAllFor ?? 0,
              busy: readingAll,
              onConfirm: () => void readAll(),
              onClose: () => setReadAllFor(null),
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

export default NotificationsScreen;
