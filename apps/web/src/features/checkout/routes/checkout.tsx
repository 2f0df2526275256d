import '../texts.ts';
import { CloseCircleFilled, RightOutlined, TagOutlined } from '@ant-design/icons';
import { isApiError, NETWORK_ERROR } from '../../../shared/api/api-error.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/error-message.ts';
import { formatMoney } from '../../../shared/format.ts';
import { useLocalizedPath } from '../../../shared/i18n/use-localized-path.ts';
import { checkoutOrderPath, paths } from '../../../shared/paths.ts';
import { EMAIL_INPUT_PROPS, emailProblem } from '../../../shared/ui/email-input.ts';
import { FormError } from '../../../shared/ui/form-error.tsx';
import { lazyScreen, useLazyOpen } from '../../../shared/ui/lazy-screen.tsx';
import { LightButton } from '../../../shared/ui/light-button.tsx';
import { LightField } from '../../../shared/ui/light-field.tsx';
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
type ContactErrors = Record<keyof ContactForm, string | null>;

const PHONE_PATTERN = /^\d{10}$/;

// The coupon list (antd's drawer and its own queries) is not part of checkout's first paint: it is
// loaded by a tap on the coupon row, after the tap's own frame, and opens once its code is here.
const CouponPicker = lazyScreen(() => import('../components/coupon-picker.tsx'));

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
  const [contact, setContact] = useState<ContactForm>(() => ({
    phone: checkoutPhoneOf(info?.phoneCode ?? null, info?.phoneNumber ?? null),
    email: info?.email ?? '',
  }));
  const [contactErrors, setContactErrors] = useState<ContactErrors>({ phone: null, email: null });
  const fields = useRef<Partial<Record<keyof ContactForm, HTMLInputElement | null>>>({});

  const [couponCode, setCouponCode] = useState<string | null>(null);
  const couponPicker = useLazyOpen(CouponPicker);
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

  const problemOf: { [K in keyof ContactForm]: (value: string) => string | null } = {
    phone: (value) =>
      !value
        ? t('checkout.contact.phoneRequired')
        : PHONE_PATTERN.test(value)
          ? null
          : t('checkout.contact.phoneInvalid'),
    email: (value) =>
      emailProblem(value, {
        required: t('checkout.contact.emailRequired'),
        invalid: t('checkout.contact.emailInvalid'),
      }),
  };
  const edit = (name: keyof ContactForm, value: string) => {
    setContact((was) => ({ ...was, [name]: value }));
    // A field shown in error is checked again as it changes; its message goes once it is right.
    if (contactErrors[name]) setContactErrors((was) => ({ ...was, [name]: problemOf[name](value) }));
  };

  const confirm = async () => {
    if (sending.current) return;
    setSubmitError(null);
    const problems: ContactErrors = {
      phone: problemOf.phone(contact.phone),
      email: problemOf.email(contact.email),
    };
    setContactErrors(problems);
    const firstWrong = (['phone', 'email'] as const).find((name) => problems[name]);
    if (firstWrong) {
      fields.current[firstWrong]?.focus();
      return;
    }
    const request = orderRequestOf(selection, appliedCoupon?.code ?? null, {
      phone: contact.phone,
      email: contact.email.trim(),
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
          onClick={couponPicker.show}
          aria-haspopup="dialog"
          aria-busy={couponPicker.opening || undefined}
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
        {couponPicker.failed && (
          <p className={styles.problem} role="alert" data-testid="coupon-open-error">
            {t('checkout.coupon.openError')}
          </p>
        )}
        {couponCode && (appliedCoupon || couponProblem) && (
          <LightButton
            variant="link"
            className={styles.removeCoupon}
            icon={<CloseCircleFilled aria-hidden />}
            onClick={() => setCouponCode(null)}
            data-testid="coupon-remove"
          >
            {t('checkout.coupon.remove')}
          </LightButton>
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
        <form
          name="checkout-contact"
          noValidate
          onSubmit={(event) => {
            // Enter in a field confirms, as the button does.
            event.preventDefault();
            void confirm();
          }}
        >
          <LightField
            id="checkout-contact_phone"
            inputRef={(el) => {
              fields.current.phone = el;
            }}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            label={t('checkout.contact.phone')}
            placeholder={t('checkout.contact.phonePlaceholder')}
            required
            error={contactErrors.phone}
            value={contact.phone}
            onChange={(event) => edit('phone', event.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
            data-testid="checkout-phone"
          />
          <LightField
            id="checkout-contact_email"
            inputRef={(el) => {
              fields.current.email = el;
            }}
            {...EMAIL_INPUT_PROPS}
            label={t('checkout.contact.email')}
            required
            error={contactErrors.email}
            value={contact.email}
            onChange={(event) => edit('email', event.currentTarget.value)}
            data-testid="checkout-email"
          />
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      </section>

      <PayBar
        label={t('checkout.summary.total')}
        amount={formatMoney(summary.total)}
        amountTestId="checkout-pay-total"
        notice={<FormError error={submitError} testId="checkout-error" />}
      >
        <LightButton
          variant="primary"
          size="large"
          block
          loading={create.isPending}
          disabled={updating || noChannel}
          onClick={() => void confirm()}
          data-testid="checkout-confirm"
        >
          {free ? t('checkout.confirmFree') : t('checkout.confirm')}
        </LightButton>
      </PayBar>

      {couponPicker.shown && (
        <Suspense fallback={null}>
          <CouponPicker
            open={couponPicker.open}
            selection={selection}
            lang={lang}
            currentCode={appliedCoupon?.code ?? null}
            onClose={couponPicker.close}
            onUse={(code) => {
              setCouponCode(code);
              couponPicker.close();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export default CheckoutScreen;
