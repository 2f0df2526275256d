import '../texts.ts';
import { CloseCircleFilled, RightOutlined, TagOutlined } from '@ant-design/icons';
import { isApiError, NETWORK_ERROR } from '../../../shared/api/api-error.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { formatMoney } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { checkoutOrderPath, paths } from '../../../shared/paths.ts';
import { AppForm, emailRules } from '../../../shared/ui/app-form.tsx';
import { EMAIL_INPUT_PROPS } from '../../../shared/ui/email-input.ts';
import { FormError } from '../../../shared/ui/form-error.tsx';
import { EmptyState, ErrorState, StateActions } from '../../../shared/ui/list-states.tsx';
import button from '../../../shared/ui/button.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title.ts';
import { BackHeading } from '../../../shared/ui/back-heading.tsx';
import { useAuthStore } from '../../auth/index.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { getChannelsQueryOptions } from '../api/get-channels.ts';
import { getQuoteQueryOptions } from '../api/get-quote.ts';
import { ChannelPicker } from '../components/channel-picker.tsx';
import { CheckoutSkeleton } from '../components/checkout-skeleton.tsx';
import { CouponPicker } from '../components/coupon-picker.tsx';
import { OrderLines } from '../components/order-lines.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PayBar } from '../components/pay-bar.tsx';
import { paymentPageIn } from '../lib/payment-page.ts';
import { useCheckoutSelection, type CheckoutSelection } from '../lib/checkout-source.ts';
import { couponProblemText } from '../lib/coupon-text.ts';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key.ts';
import { checkoutPhoneOf, orderRequestOf, quoteBodyOf } from '../lib/purchase.ts';
import styles from '../checkout.module.css';

type ContactForm = { phone: string; email: string };

const PHONE_PATTERN = /^\d{10}$/;

/**
 * A refusal the server gave for this exact request (stock, coupon, a flagged line): nothing was created,
 * so the next Confirm is a new attempt. After a network failure or a 5xx the order may exist: the next
 * Confirm must carry the same key to get it rather than a second one.
 */
const isDefiniteRefusal = (error: unknown) =>
  isApiError(error) &&
  error.code !== NETWORK_ERROR &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

export function CheckoutScreen() {
  const { t } = useTranslation();
  const { ready, selection } = useCheckoutSelection();
  useDocumentTitle(t('checkout.title'));

  return (
    <div className={styles.page}>
      <BackHeading fallback={paths.cart} title={t('checkout.title')} titleClassName={styles.title} />
      {!ready ? (
        <CheckoutSkeleton />
      ) : selection ? (
        <CheckoutForm selection={selection} />
      ) : (
        <NothingToCheckOut />
      )}
    </div>
  );
}

function NothingToCheckOut() {
  const { t } = useTranslation();
  const { to } = useLocalizedPath();
  return (
    <EmptyState
      title={t('checkout.empty.title')}
      text={t('checkout.empty.text')}
      action={
        <StateActions>
          <Link to={to(paths.cart)} className={`${button.button} ${button.primary}`} data-testid="go-cart">
            {t('checkout.empty.cart')}
          </Link>
          <Link to={to(paths.home)} className={button.button} data-testid="go-home">
            {t('checkout.empty.home')}
          </Link>
        </StateActions>
      }
    />
  );
}

function CheckoutForm({ selection }: { selection: CheckoutSelection }) {
  const { t } = useTranslation();
  const { lang, to } = useLocalizedPath();
  const navigate = useNavigate();
  const client = useQueryClient();
  const info = useAuthStore((s) => s.info);
  const [form] = Form.useForm<ContactForm>();

  const [couponCode, setCouponCode] = useState<string | null>(null);
  const [pickingCoupon, setPickingCoupon] = useState(false);
  const [channelCode, setChannelCode] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const quote = useQuery(getQuoteQueryOptions(quoteBodyOf(selection, couponCode), lang));
  const channels = useQuery({ ...getChannelsQueryOptions(lang), placeholderData: keepPreviousData });
  const create = useCreateOrder();

  // One attempt = one key, kept while the request stays the same: a double tap or a retry after a lost
  // answer sends the same key and gets the same order. A changed request is a new attempt.
  const attempt = useRef<{ key: string; request: string } | null>(null);
  const sending = useRef(false);

  const channelList = channels.data ?? [];
  const channel = channelList.find((c) => c.code === channelCode) ?? channelList[0] ?? null;

  if (quote.isPending) return <CheckoutSkeleton />;
  if (quote.isError && !quote.data) {
    return (
      <>
        <ErrorState error={quote.error} onRetry={() => void quote.refetch()} retrying={quote.isFetching} />
        <Link to={to(paths.cart)} className={`${button.button} ${button.block}`}>
          {t('checkout.empty.cart')}
        </Link>
      </>
    );
  }

  const summary = quote.data;
  const updating = quote.isFetching;
  const free = summary.total === 0;
  // Only what the server applied to this very quote is ordered; a refused code is never sent.
  const appliedCoupon = !quote.isPlaceholderData ? summary.coupon : null;
  const couponProblem = !quote.isPlaceholderData && couponCode ? summary.couponProblem : null;
  const noChannel = !free && !channel;

  const confirm = async () => {
    if (sending.current) return;
    setSubmitError(null);
    let contact: ContactForm;
    try {
      contact = await form.validateFields();
    } catch {
      return;
    }
    const request = orderRequestOf(selection, appliedCoupon?.code ?? null, {
      phone: contact.phone,
      email: contact.email,
      channelCode: free ? null : (channel?.code ?? null),
    });
    const fingerprint = JSON.stringify(request);
    if (attempt.current?.request !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), request: fingerprint };
    }
    sending.current = true;
    try {
      const order = await create.mutateAsync({ ...request, idempotencyKey: attempt.current.key });
      await navigate(to(checkoutOrderPath(order.id)));
      // A card is paid on the provider's page: Confirm goes straight there. The order's screen stays
      // under it in the history, so Back (or the provider's return) comes to it.
      const cardPage =
        order.status === 'PENDING' && order.payment?.type === 'card' ? order.payment.authorizeUri : null;
      if (cardPage) window.location.assign(paymentPageIn(cardPage, lang));
    } catch (error) {
      setSubmitError(errorMessage(t, error));
      if (isDefiniteRefusal(error)) {
        attempt.current = null;
        // Stock, prices or the coupon changed: the summary shows the server's view again.
        void client.invalidateQueries({
          queryKey: getQuoteQueryOptions(quoteBodyOf(selection, couponCode), lang).queryKey,
        });
      }
    } finally {
      sending.current = false;
    }
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="checkout-items">
        <h2 id="checkout-items" className={styles.cardTitle}>
          {t('checkout.items.title')}
        </h2>
        <OrderLines lines={summary.items} />
      </section>

      <section className={styles.card} aria-labelledby="checkout-coupon">
        <h2 id="checkout-coupon" className={styles.cardTitle}>
          {t('checkout.coupon.title')}
        </h2>
        <button
          type="button"
          className={`${styles.pickerRow}${appliedCoupon ? ` ${styles.couponApplied}` : ''}`}
          onClick={() => setPickingCoupon(true)}
          aria-haspopup="dialog"
          data-testid="coupon-open"
        >
          <TagOutlined aria-hidden className={styles.pickerIcon} />
          <span className={styles.pickerText}>
            {appliedCoupon ? (
              <>
                <span className={styles.pickerMain} data-testid="coupon-applied">
                  {t('checkout.coupon.applied', { code: appliedCoupon.code })}
                </span>
                <span className={styles.pickerSub}>
                  {t('checkout.coupon.saving', { amount: formatMoney(appliedCoupon.discount) })}
                </span>
              </>
            ) : (
              <span className={styles.pickerMain}>{t('checkout.coupon.select')}</span>
            )}
          </span>
          <span className={styles.pickerAction}>
            {appliedCoupon ? t('checkout.coupon.change') : <RightOutlined aria-hidden />}
          </span>
        </button>
        {couponCode && (appliedCoupon || couponProblem) && (
          <Button
            type="link"
            className={styles.removeCoupon}
            icon={<CloseCircleFilled aria-hidden />}
            onClick={() => setCouponCode(null)}
            data-testid="coupon-remove"
          >
            {t('checkout.coupon.remove')}
          </Button>
        )}
        <div aria-live="polite">
          {couponProblem && couponCode && (
            <p className={styles.problem} data-testid="coupon-problem">
              {t('checkout.coupon.notUsable', {
                code: couponCode,
                reason: couponProblemText(t, couponProblem, { message: summary.couponMessage }),
              })}
            </p>
          )}
        </div>
      </section>

      <section className={styles.card} aria-labelledby="checkout-summary">
        <h2 id="checkout-summary" className={styles.cardTitle}>
          {t('checkout.summary.title')}
        </h2>
        <OrderSummary totals={summary} updating={updating} />
      </section>

      <section className={styles.card} aria-labelledby="checkout-channel">
        <h2 id="checkout-channel" className={styles.cardTitle}>
          {t('checkout.channel.title')}
        </h2>
        {free ? (
          <p className={styles.free}>{t('checkout.channel.free')}</p>
        ) : (
          <ChannelPicker
            channels={channelList}
            loading={channels.isPending}
            failed={channels.isError}
            retrying={channels.isFetching}
            selected={channel}
            onRetry={() => void channels.refetch()}
            onSelect={setChannelCode}
          />
        )}
      </section>

      <section className={styles.card} aria-labelledby="checkout-contact">
        <h2 id="checkout-contact" className={styles.cardTitle}>
          {t('checkout.contact.title')}
        </h2>
        <p className={page.lead}>{t('checkout.contact.intro')}</p>
        <AppForm<ContactForm>
          form={form}
          name="checkout-contact"
          layout="vertical"
          initialValues={{
            phone: checkoutPhoneOf(info?.phoneCode ?? null, info?.phoneNumber ?? null),
            email: info?.email ?? '',
          }}
          onFinish={() => void confirm()}
        >
          <Form.Item<ContactForm>
            name="phone"
            label={t('checkout.contact.phone')}
            normalize={(v: string) => v.replace(/\D/g, '').slice(0, 10)}
            rules={[
              { required: true, message: t('checkout.contact.phoneRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value || PHONE_PATTERN.test(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('checkout.contact.phoneInvalid'))),
              },
            ]}
          >
            <Input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              placeholder={t('checkout.contact.phonePlaceholder')}
              data-testid="checkout-phone"
            />
          </Form.Item>
          <Form.Item<ContactForm>
            name="email"
            label={t('checkout.contact.email')}
            rules={emailRules({
              required: t('checkout.contact.emailRequired'),
              invalid: t('checkout.contact.emailInvalid'),
            })}
          >
            <Input {...EMAIL_INPUT_PROPS} data-testid="checkout-email" />
          </Form.Item>
          {/* Enter in a field confirms, as the button does. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </AppForm>
      </section>

      <PayBar
        label={t('checkout.summary.total')}
        amount={formatMoney(summary.total)}
        amountTestId="checkout-pay-total"
        notice={<FormError error={submitError} testId="checkout-error" />}
      >
        <Button
          type="primary"
          size="large"
          block
          loading={create.isPending}
          disabled={updating || noChannel}
          onClick={() => void confirm()}
          data-testid="checkout-confirm"
        >
          {free ? t('checkout.confirmFree') : t('checkout.confirm')}
        </Button>
      </PayBar>

      <CouponPicker
        open={pickingCoupon}
        selection={selection}
        lang={lang}
        currentCode={appliedCoupon?.code ?? null}
        onClose={() => setPickingCoupon(false)}
        onUse={(code) => {
          setCouponCode(code);
          setPickingCoupon(false);
        }}
      />
    </>
  );
}

export default CheckoutScreen;
