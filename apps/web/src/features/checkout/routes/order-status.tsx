import type { TFunction } from 'i18next';
import '../texts.ts';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  InfoCircleOutlined,
  LoadingOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { Order } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { formatMoney, formatNumber } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { paths, voucherPath } from '../../../shared/paths.ts';
import button from '../../../shared/ui/button.module.css';
import messages from '../../../shared/ui/form-messages.module.css';
import { EmptyState, ErrorState, StateActions } from '../../../shared/ui/list-states.tsx';
import skeleton from '../../../shared/ui/skeleton.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { useNow } from '../../../shared/use-now.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { getChannelsQueryOptions } from '../api/get-channels.ts';
import { getOrderStatusQueryOptions } from '../api/get-order-status.ts';
import { PayBar } from '../components/pay-bar.tsx';
import { SaveQr } from '../components/save-qr.tsx';
import { paymentPageIn } from '../lib/payment-page.ts';
import {
  clearCheckoutSelection,
  readCheckoutSelection,
  refreshAfterPurchase,
} from '../lib/checkout-source.ts';
import { formatCountdown, secondsLeft } from '../../../shared/countdown.ts';
import { selectionMatchesOrder } from '../lib/purchase.ts';
import styles from '../checkout.module.css';
import dialog from '../../../shared/ui/dialog.module.css';

/**
 * One screen follows the order from Confirm to its end: waiting for payment (PromptPay QR or the card
 * page), confirming, then success, declined, cancelled or expired. It asks the server every few seconds
 * while the order can still change, and at once when the member comes back to the app.
 */
export function OrderStatusScreen() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const query = useQuery(getOrderStatusQueryOptions(orderId));
  const order = query.data;
  useDocumentTitle(order ? titleOf(order, t) : t('checkout.order.title'));

  let body: ReactNode;
  if (query.isPending) body = <StatusSkeleton />;
  else if (!order) {
    body =
      isApiError(query.error) && query.error.status === 404 ? (
        <OrderNotFound />
      ) : (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      );
  } else body = <OrderState order={order} onCheck={() => void query.refetch()} checking={query.isFetching} />;

  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('checkout.order.title')}</h1>
      {body}
    </div>
  );
}

type T = TFunction;

type Ending = 'failed' | 'cancelled' | 'expired' | 'refunded';
const endingOf = (order: Order): Ending | null =>
  order.status === 'FAILED'
    ? 'failed'
    : order.status === 'REFUNDED'
      ? 'refunded'
      : order.status === 'CANCELLED'
        ? order.payment?.status === 'expired'
          ? 'expired'
          : 'cancelled'
        : null;

function titleOf(order: Order, t: T): string {
  const ending = endingOf(order);
  if (ending) return t(`checkout.order.${ending}.title`);
  // Partly refunded: the vouchers not refunded are still in the wallet.
  if (order.status === 'SUCCESSFUL' || order.status === 'PARTIALLY_REFUNDED')
    return t('checkout.order.success.title');
  if (order.status === 'PENDING') return t('checkout.order.waiting.title');
  return t('checkout.order.processing.title');
}

function OrderState({ order, onCheck, checking }: { order: Order; onCheck: () => void; checking: boolean }) {
  const ending = endingOf(order);
  if (ending) return <Ended order={order} ending={ending} />;
  if (order.status === 'SUCCESSFUL' || order.status === 'PARTIALLY_REFUNDED')
    return <Succeeded order={order} />;
  if (order.status === 'PENDING' && order.payment?.type === 'promptpay' && order.payment.qrPayload)
    return <PromptPayWaiting order={order} qrPayload={order.payment.qrPayload} />;
  if (order.status === 'PENDING' && order.payment?.type === 'card' && order.payment.authorizeUri)
    return (
      <CardWaiting
        order={order}
        authorizeUri={order.payment.authorizeUri}
        onCheck={onCheck}
        checking={checking}
      />
    );
  return <Processing order={order} />;
}

function Panel({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <section className={styles.statusPanel} data-testid={testId} aria-live="polite">
      {children}
    </section>
  );
}

function OrderNumber({ order }: { order: Order }) {
  const { t } = useTranslation();
  return <p className={styles.orderNumber}>{t('checkout.order.number', { number: order.number })}</p>;
}

/** The last this many seconds to pay are shown in the warning colour; before that the time is plain. */
export const COUNTDOWN_WARN_SECONDS = 120;

/** The time left to pay, ticking each second; the poll notices the expiry on the server's side. */
function Countdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const left = secondsLeft(expiresAt, now);
  if (left === 0) return <p className={styles.countdown}>{t('checkout.order.waiting.timeUp')}</p>;
  const time = formatCountdown(left);
  return (
    <p className={styles.countdown}>
      {t('checkout.order.waiting.payWithin')}{' '}
      <span
        className={`${styles.countdownValue}${left <= COUNTDOWN_WARN_SECONDS ? ` ${styles.countdownSoon}` : ''}`}
        role="timer"
        aria-label={t('checkout.order.waiting.timeLeft', { time })}
        data-testid="countdown"
      >
        {time}
      </span>
    </p>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button block danger onClick={() => setConfirming(true)} data-testid="order-cancel">
        {t('checkout.order.waiting.cancel')}
      </Button>
      {error && <Alert className={messages.alert} type="error" showIcon title={error} />}
      <Modal
        open={confirming}
        centered
        width={360}
        title={t('checkout.order.waiting.cancelTitle')}
        okText={t('checkout.order.waiting.cancelConfirm')}
        cancelText={t('checkout.order.waiting.cancelKeep')}
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        classNames={{ close: dialog.closeTarget }}
        onCancel={() => setConfirming(false)}
        onOk={async () => {
          setError(null);
          try {
            await cancel.mutateAsync(order.id);
          } catch (e) {
            // Most often: it was paid a moment ago. The poll shows what it became.
            setError(errorMessage(t, e));
            void client.invalidateQueries({ queryKey: getOrderStatusQueryOptions(order.id).queryKey });
          }
          setConfirming(false);
        }}
      >
        <p>{t('checkout.order.waiting.cancelText')}</p>
      </Modal>
    </>
  );
}

/** The stores of the order's vouchers, each once: "Baan Kafae, Sen Saep Kitchen". */
const storesOf = (order: Order) => [...new Set(order.items.map((i) => i.merchant.name))].join(', ');

/**
 * The payment method's name as checkout showed it (the same list, in the page's language); empty while
 * the list loads, and the plain PromptPay name when the list cannot be had.
 */
function useChannelName(order: Order): string {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'th' ? 'th' : 'en';
  const channels = useQuery(getChannelsQueryOptions(lang));
  const code = order.payment?.channelCode ?? order.channelCode;
  const name = channels.data?.find((c) => c.code === code)?.name;
  if (name) return name;
  return channels.isPending ? '' : t('checkout.order.waiting.qrHeading');
}

function PromptPayWaiting({ order, qrPayload }: { order: Order; qrPayload: string }) {
  const { t, i18n } = useTranslation();
  const amount = formatMoney(order.payment?.amount ?? order.total);
  const expiresAt = order.payment?.expiresAt ?? order.expiresAt;
  const channelName = useChannelName(order);
  return (
    <>
      <Panel testId="order-waiting">
        <ClockCircleOutlined aria-hidden className={`${styles.statusIcon} ${styles.neutral}`} />
        <h2 className={styles.statusTitle}>{t('checkout.order.waiting.title')}</h2>
        <OrderNumber order={order} />
        <p className={styles.promptpayMark} data-testid="order-channel-badge">
          {channelName || '\u00a0'}
        </p>
        <div className={styles.qr}>
          <QRCodeSVG
            value={qrPayload}
            size={220}
            level="M"
            marginSize={2}
            title={t('checkout.order.waiting.qrLabel', { amount })}
            data-testid="order-qr"
          />
        </div>
        {expiresAt && <Countdown expiresAt={expiresAt} />}
        <p className={styles.statusText}>{t('checkout.order.waiting.promptpay')}</p>
        <p className={styles.statusText}>{t('checkout.order.waiting.checking')}</p>
        <div className={styles.actions}>
          {/* Some gateways (and the sandbox) also offer the PromptPay payment on a page of their own. */}
          {order.payment?.authorizeUri && (
            <a
              href={paymentPageIn(order.payment.authorizeUri, i18n.language)}
              className={button.button}
              data-testid="order-open-page"
            >
              {t('checkout.order.waiting.openPage')}
            </a>
          )}
          <CancelOrder order={order} />
        </div>
      </Panel>
      <PayBar label={t('checkout.order.amount')} amount={amount} amountTestId="order-amount">
        <SaveQr
          payload={qrPayload}
          fileName={`promptpay-${order.number}.png`}
          caption={{
            heading: channelName || t('checkout.order.waiting.qrHeading'),
            amount,
            lines: [storesOf(order), t('checkout.order.number', { number: order.number })],
          }}
        />
      </PayBar>
    </>
  );
}

function CardWaiting({
  order,
  authorizeUri,
  onCheck,
  checking,
}: {
  order: Order;
  authorizeUri: string;
  onCheck: () => void;
  checking: boolean;
}) {
  const { t, i18n } = useTranslation();
  const expiresAt = order.payment?.expiresAt ?? order.expiresAt;
  return (
    <>
      <Panel testId="order-waiting">
        <ClockCircleOutlined aria-hidden className={`${styles.statusIcon} ${styles.neutral}`} />
        <h2 className={styles.statusTitle}>{t('checkout.order.waiting.title')}</h2>
        <OrderNumber order={order} />
        {expiresAt && <Countdown expiresAt={expiresAt} />}
        <p className={styles.statusText}>{t('checkout.order.card.text')}</p>
        <div className={styles.actions}>
          <Button block onClick={onCheck} loading={checking} data-testid="order-check">
            {t('checkout.order.card.checkNow')}
          </Button>
          <CancelOrder order={order} />
        </div>
      </Panel>
      <PayBar
        label={t('checkout.order.amount')}
        amount={formatMoney(order.payment?.amount ?? order.total)}
        amountTestId="order-amount"
      >
        {/* The provider's hosted page is a full page of its own, not a screen of this app. */}
        <a
          href={paymentPageIn(authorizeUri, i18n.language)}
          className={`${button.button} ${button.primary} ${styles.payBarButton}`}
          data-testid="order-card-pay"
        >
          {t('checkout.order.card.pay')}
        </a>
      </PayBar>
    </>
  );
}

function Processing({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Panel testId="order-processing">
      <LoadingOutlined aria-hidden className={`${styles.statusIcon} ${styles.neutral}`} />
      <h2 className={styles.statusTitle}>{t('checkout.order.processing.title')}</h2>
      <OrderNumber order={order} />
      <p className={styles.statusText}>{t('checkout.order.processing.text')}</p>
    </Panel>
  );
}

function Succeeded({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const client = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const selection = readCheckoutSelection();
    if (selection && selectionMatchesOrder(selection, order)) clearCheckoutSelection();
    void refreshAfterPurchase(client);
  }, [client, order]);

  return (
    <Panel testId="order-success">
      <CheckCircleFilled aria-hidden className={`${styles.statusIcon} ${styles.ok}`} />
      <h2 className={styles.statusTitle}>{t('checkout.order.success.title')}</h2>
      <OrderNumber order={order} />
      <p className={styles.amount}>{formatMoney(order.total)}</p>
      <p className={styles.statusText}>{t('checkout.order.success.text')}</p>
      {order.pointsEarned > 0 && (
        <p className={styles.points}>
          {t('checkout.order.success.points', {
            count: order.pointsEarned,
            points: formatNumber(order.pointsEarned),
          })}
        </p>
      )}
      <div className={styles.actions}>
        <Link
          to={to(paths.wallet)}
          className={`${button.button} ${button.primary}`}
          data-testid="order-wallet"
        >
          {t('checkout.order.success.wallet')}
        </Link>
        <Link to={to(paths.home)} className={button.button} data-testid="order-shop-more">
          {t('checkout.order.success.shopMore')}
        </Link>
      </div>
    </Panel>
  );
}

/** Where Try again leads: the same checkout if it is still there, else where the purchase began. */
function tryAgainPath(order: Order): string {
  if (readCheckoutSelection()) return paths.checkout;
  const [line] = order.items;
  if (order.checkoutType === 'single' && line) return voucherPath(line.voucherId);
  return paths.cart;
}

function Ended({ order, ending }: { order: Order; ending: Ending }) {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  const Icon = ending === 'failed' ? CloseCircleFilled : StopOutlined;
  return (
    <Panel testId={`order-${ending}`}>
      <Icon
        aria-hidden
        className={`${styles.statusIcon} ${ending === 'failed' ? styles.bad : styles.neutral}`}
      />
      <h2 className={styles.statusTitle}>{t(`checkout.order.${ending}.title`)}</h2>
      <OrderNumber order={order} />
      <p className={styles.nothingCharged} data-testid="order-nothing-charged">
        <InfoCircleOutlined aria-hidden />
        <span>{t(`checkout.order.${ending}.text`)}</span>
      </p>
      <div className={styles.actions}>
        <Link
          to={to(tryAgainPath(order))}
          className={`${button.button} ${button.primary}`}
          data-testid="order-try-again"
        >
          {t('checkout.order.tryAgain')}
        </Link>
        <Link to={to(paths.home)} className={button.button}>
          {t('checkout.order.home')}
        </Link>
      </div>
    </Panel>
  );
}

function OrderNotFound() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  return (
    <EmptyState
      title={t('errors.order_not_found')}
      text={t('checkout.order.notFoundText')}
      action={
        <StateActions>
          <Link to={to(paths.home)} className={`${button.button} ${button.primary}`}>
            {t('checkout.order.home')}
          </Link>
        </StateActions>
      }
    />
  );
}

function StatusSkeleton() {
  const { t } = useTranslation();
  return (
    <section
      className={styles.statusPanel}
      aria-busy="true"
      aria-label={t('checkout.loading')}
      data-testid="order-skeleton"
    >
      <span className={`${skeleton.skeleton} ${skeleton.line} ${skeleton.title} ${styles.titleSkeleton}`} />
      <span className={`${skeleton.skeleton} ${styles.qrSkeleton}`} />
      <span className={`${skeleton.skeleton} ${skeleton.line} ${styles.textSkeleton}`} />
    </section>
  );
}

export default OrderStatusScreen;
