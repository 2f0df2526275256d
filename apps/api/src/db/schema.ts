import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  BannerPosition,
  CheckoutType,
  Language,
  NotificationType,
  OrderStatus,
  StaffRole,
  Tier,
} from '@app/contracts';

/** Timestamps are always written by the service from the injected clock, never by a DB default. */
type Timestamp = ColumnType<Date, Date, Date>;

export interface MemberTable {
  id: Generated<string>;
  /** Always stored lower-cased (EmailSchema lower-cases), unique. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_code: string | null;
  phone_number: string | null;
  /** SQL `date`, read back as 'YYYY-MM-DD' (the date parser is switched off on both drivers). */
  date_of_birth: string | null;
  avatar_id: string | null;
  language: Language;
  /** Kept by the points issue; catalogue eligibility compares it with a voucher's minimum tier. */
  tier: ColumnType<Tier, Tier | undefined, Tier>;
  /** Set by the back office: sign-in and token refresh are refused while it is set. */
  blocked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member card's number: 16 digits ending in a Luhn check digit, given by the database. */
  card_number: ColumnType<string, never, never>;
  /** The member's "notifications on" choice, kept for every device (on unless turned off). */
  notifications_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AvatarTable {
  id: Generated<string>;
  member_id: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  created_at: Timestamp;
}

export interface OtpCodeTable {
  email: string;
  purpose: string;
  code_hash: string;
  /** Language the code was asked in: a member created by this sign-in starts with it. */
  language: Language | null;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** One sign-in = one family of refresh tokens; revoking the family ends the session everywhere. */
export interface RefreshTokenFamilyTable {
  id: Generated<string>;
  member_id: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  family_id: string;
  member_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  replaced_by: string | null;
  revoked_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

/*
 * The catalogue. Member-visible texts come in pairs `<name>_en` / `<name>_th`; NULL or '' means
 * missing, and the reader falls back (modules/catalogue/localize.ts).
 */
type Text = string | null;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** Written only by the database: triggers (search_text, has_price_options) or generated columns (sold_out). */
type Derived<T> = ColumnType<T, never, never>;

export interface CategoryTable {
  id: Generated<string>;
  slug: string;
  name_en: Text;
  name_th: Text;
  /** A file under assets/catalogue/categories. */
  icon_file: string;
  sort_order: Defaulted<number>;
  /** The editor's save count: +1 on every back-office save of the row (edit conflicts are told by it). */
  version: Defaulted<number>;
  created_at: Timestamp;
}

export interface MerchantTable {
  id: Generated<string>;
  category_id: string;
  name_en: Text;
  name_th: Text;
  description_en: Text;
  description_th: Text;
  /** A file under assets/catalogue/merchants. */
  logo_file: string;
  /** The editor's save count: +1 on every back-office save of the row (edit conflicts are told by it). */
  version: Defaulted<number>;
  created_at: Timestamp;
}

/**
 * What every catalogue item — a voucher or a privilege — has: a store, a category, and its title,
 * description and terms in both languages (the shared item queries read these alike), and the
 * editor's draft → published → archived state with its save count.
 */
interface CatalogueItemColumns {
  id: Generated<string>;
  merchant_id: string;
  category_id: string;
  title_en: Text;
  title_th: Text;
  description_en: Text;
  description_th: Text;
  terms_en: Defaulted<string[]>;
  terms_th: Defaulted<string[]>;
  /** Members see only 'published' rows (the back office writes 'draft' for a new item). */
  status: Defaulted<CatalogueStatus>;
  /** When first published; null = never (members never saw it). */
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The editor's save count: +1 on every back-office save of the row (edit conflicts are told by it). */
  version: Defaulted<number>;
  search_text: Derived<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VoucherTable extends CatalogueItemColumns {
  /** Whole baht, 0 = free; the lowest option when the voucher has options (a trigger keeps it). */
  price: number;
  has_price_options: Derived<boolean>;
  /**
   * The voucher's own earn rate: this many points for its price (pro rata for its options and for
   * discounts; per unit when it is free). null = the programme's rate (pointsForPaid in the contracts).
   */
  points_earned: Defaulted<number | null>;
  /** Minimum tier; null = everyone. */
  tier: Tier | null;
  /** Only for Privilege customers (tier silver and above). */
  privilege_only: Defaulted<boolean>;
  /** null = unlimited. */
  stock: number | null;
  sold: Defaulted<number>;
  /** stock is not null and sold >= stock (a stored generated column). */
  sold_out: Derived<boolean>;
  sale_starts_at: Timestamp;
  sale_ends_at: Timestamp | null;
  valid_days: number;
  /** Uses per purchased code; null = unlimited. */
  usage_limit: number | null;
  /** Units one member may buy in one order; null = no limit beyond stock. */
  limit_per_order: Defaulted<number | null>;
  /** Units one member may hold over all their orders that are not failed or cancelled; null = no limit. */
  limit_per_member: Defaulted<number | null>;
  price_per_card_month: number | null;
}

export interface VoucherPriceOptionTable {
  id: Generated<string>;
  voucher_id: string;
  label_en: Text;
  label_th: Text;
  price: number;
  position: Defaulted<number>;
}

export interface VoucherImageTable {
  voucher_id: string;
  /** 1 = the cover. */
  position: number;
  /** A file under assets/catalogue/vouchers. */
  file: string;
}

export interface PrivilegeTable extends CatalogueItemColumns {
  points_cost: number;
  tier: Tier | null;
  stock: number | null;
  redeemed: Defaulted<number>;
  /** stock is not null and redeemed >= stock (a stored generated column). */
  sold_out: Derived<boolean>;
  valid_from: Timestamp;
  valid_until: Timestamp | null;
  usage_limit: number | null;
  like_count: Defaulted<number>;
}

export interface PrivilegeImageTable {
  privilege_id: string;
  position: number;
  file: string;
}

export interface PrivilegeLikeTable {
  member_id: string;
  privilege_id: string;
  created_at: Timestamp;
}

export interface CouponTable {
  id: Generated<string>;
  code: string;
  title_en: Text;
  title_th: Text;
  description_en: Text;
  description_th: Text;
  discount_type: 'percent' | 'fixed';
  /** Percent (1-100) or whole baht. */
  discount_value: number;
  max_discount: number | null;
  min_spend: Defaulted<number>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  total_limit: number | null;
  used_count: Defaulted<number>;
  per_member_limit: number | null;
  /** Members see only 'published' rows (the back office writes 'draft' for a new item). */
  status: Defaulted<CatalogueStatus>;
  /** When first published; null = never (members never saw it). */
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The editor's save count: +1 on every back-office save of the row (edit conflicts are told by it). */
  version: Defaulted<number>;
  created_at: Timestamp;
}

export interface CouponMerchantTable {
  coupon_id: string;
  merchant_id: string;
}

export interface CouponVoucherTable {
  coupon_id: string;
  voucher_id: string;
}

export interface BannerTable {
  id: Generated<string>;
  position: BannerPosition;
  title_en: Text;
  title_th: Text;
  subtitle_en: Text;
  subtitle_th: Text;
  image_file: string;
  link_path: string | null;
  sort_order: Defaulted<number>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  /** Members see only 'published' rows (the back office writes 'draft' for a new item). */
  status: Defaulted<CatalogueStatus>;
  /** When first published; null = never (members never saw it). */
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The editor's save count: +1 on every back-office save of the row (edit conflicts are told by it). */
  version: Defaulted<number>;
  created_at: Timestamp;
}

/** Where an item is in its life: being prepared, shown to members, or retired. */
export type CatalogueStatus = 'draft' | 'published' | 'archived';

/** A picture uploaded by staff, re-encoded; `file` (u-<content hash>.webp) is what `*_file` columns name. */
export interface CatalogueImageTable {
  file: string;
  content_type: 'image/webp';
  bytes: Buffer;
  width: number;
  height: number;
  staff_id: string | null;
  created_at: Timestamp;
}

/** A domain event one handler has finished (written in the handler's transaction). */
export interface HandledEventTable {
  event_id: string;
  handler: string;
  handled_at: Timestamp;
}

/** One row (id 1): moved by a trigger on every change to what the catalogue shows. */
export interface CatalogueVersionTable {
  id: number;
  /** bigint: a string from pg, a number from PGlite. */
  version: string | number;
}

/** One row (id 1): moved by a trigger on every change to a session (refresh_token_family). */
export interface SessionVersionTable {
  id: number;
  /** bigint: a string from pg, a number from PGlite. */
  version: string | number;
}

/* Buying (issue 10). Amounts are whole baht, like the catalogue. */

export interface CartItemTable {
  id: Generated<string>;
  member_id: string;
  voucher_id: string;
  price_option_id: string | null;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PurchaseOrderTable {
  id: Generated<string>;
  member_id: string;
  number: string;
  status: OrderStatus;
  checkout_type: CheckoutType;
  subtotal: number;
  discount: number;
  total: number;
  points_earned: number;
  coupon_id: string | null;
  channel_code: string | null;
  phone: string;
  email: string;
  language: Language;
  idempotency_key: string | null;
  request_hash: string | null;
  payment_expires_at: Timestamp | null;
  charge_claimed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  completed_at: Timestamp | null;
  receipt_sent_at: Timestamp | null;
}

export interface PurchaseOrderItemTable {
  id: Generated<string>;
  order_id: string;
  voucher_id: string;
  price_option_id: string | null;
  merchant_id: string;
  quantity: number;
  unit_price: number;
  unit_points: number;
  /** What this line earns: the points rule applied to its total after its share of the discount. */
  points: number;
  cart_item_id: string | null;
  position: number;
}

export type CouponUseStatus = 'reserved' | 'used' | 'released';

export interface CouponUseTable {
  order_id: string;
  coupon_id: string;
  member_id: string;
  status: CouponUseStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ChargeStatus = 'pending' | 'successful' | 'failed' | 'expired' | 'cancelled';

export interface PaymentTable {
  id: Generated<string>;
  order_id: string;
  provider: string;
  channel_code: string;
  channel_type: 'promptpay' | 'card';
  provider_ref: string;
  amount: number;
  status: ChargeStatus;
  qr_payload: string | null;
  authorize_uri: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventTable {
  provider: string;
  event_id: string;
  received_at: Timestamp;
}

/** The sandbox provider's side of a charge (what a real gateway keeps in its own database). */
export interface SandboxChargeTable {
  ref: string;
  channel_code: string;
  amount: number;
  description: string;
  metadata: ColumnType<Record<string, string>, string, string>;
  status: ChargeStatus;
  failure_code: string | null;
  return_uri: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The sandbox's test switch: this charge's refunds are declined, or the gateway does not answer. */
  refund_outcome: ColumnType<
    'declined' | 'unavailable' | null,
    'declined' | 'unavailable' | null | undefined
  >;
}

export interface WalletVoucherTable {
  id: Generated<string>;
  member_id: string;
  /** null for a redeemed privilege; set (with order_item_id and voucher_id) for a bought voucher. */
  order_id: string | null;
  order_item_id: string | null;
  unit: number;
  /** Exactly one of voucher_id and privilege_id is set. */
  voucher_id: string | null;
  privilege_id: string | null;
  /** The redemption's Idempotency-Key (unique per member). */
  redeem_key: string | null;
  price_option_id: string | null;
  code: string;
  valid_from: Timestamp;
  valid_until: Timestamp;
  usage_limit: number | null;
  used_count: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  /** Set when a refund took this unit back (held from the refund's start): it can no longer be used. */
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  void_refund_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WalletUseTable {
  id: Generated<string>;
  wallet_voucher_id: string;
  member_id: string;
  used_at: Timestamp;
  idempotency_key: string | null;
  /** Where the use was made: the store, when a counter or a POS recorded it (null: the member's own Use). */
  merchant_id: ColumnType<string | null, string | null | undefined, never>;
  staff_id: ColumnType<string | null, string | null | undefined, never>;
  pos_key_id: ColumnType<string | null, string | null | undefined, never>;
  /** A counter's or POS's Idempotency-Key, prefixed by who sent it (unique over everyone). */
  counter_key: ColumnType<string | null, string | null | undefined, never>;
  /** Which use of its item this was (1 = first), from the locked count; null on uses made before it was kept. */
  use_number: ColumnType<number | null, number | null | undefined, never>;
}

export type PointsKind = 'earn' | 'burn' | 'expire' | 'reverse' | 'adjust';

export interface PointsLedgerTable {
  id: Generated<string>;
  member_id: string;
  kind: PointsKind;
  /** Signed. */
  points: number;
  reason: string;
  order_id: string | null;
  privilege_id: string | null;
  expires_at: Timestamp | null;
  created_at: Timestamp;
  /** The bucket (an earn or positive adjust row) a burn, expire or reverse row moved points of. */
  bucket_id: ColumnType<string | null, string | null | undefined, never>;
  /** The burn row a reverse row gives back (once: unique). */
  reverses_id: ColumnType<string | null, string | null | undefined, never>;
  /** The refund whose points reversal this row is (once per refund: unique). */
  refund_id: ColumnType<string | null, string | null | undefined, never>;
  /** The in-store purchase (a POS award) this earn row credits (once: unique). */
  pos_award_id: ColumnType<string | null, string | null | undefined, never>;
}

/** A store's key for its point-of-sale system; only its SHA-256 hash is kept. */
export interface PosApiKeyTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  key_hash: string;
  created_at: Timestamp;
  created_by_staff_id: string | null;
  created_by_email: string;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_by_email: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Points for an in-store purchase, once per (store, Idempotency-Key). */
export interface PosPointsAwardTable {
  id: Generated<string>;
  merchant_id: string;
  pos_key_id: string | null;
  member_id: string;
  /** bigint: a string from pg, a number from PGlite. */
  amount_satang: ColumnType<string | number, number, never>;
  points: number;
  reference: string | null;
  idempotency_key: string;
  /** The member, amount and reference: the same key with another purchase is refused. */
  request_hash: string;
  created_at: Timestamp;
}

export interface TierTable {
  code: Tier;
  rank: number;
  /** Points earned over a rolling 12 months that the tier needs. */
  points_required: number;
}

export interface NotificationTable {
  id: Generated<string>;
  member_id: string;
  type: NotificationType;
  params: ColumnType<Record<string, unknown>, string, string>;
  /** Unique per member: what makes a retried producer write once. */
  dedupe_key: string;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** One browser's Web Push subscription; the endpoint is unique over everyone. */
export interface PushSubscriptionTable {
  id: Generated<string>;
  member_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted for. */
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A notification still to be pushed to one subscription (filled by a trigger on notification). */
export interface PushOutboxTable {
  id: ColumnType<string, never, never>;
  notification_id: string;
  subscription_id: string;
  attempts: ColumnType<number, number | undefined, number>;
  /** Null = due now; else not before then (a claimed row's lease, or a retry's delay). */
  attempt_after: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Moved by a trigger with every change of the member's notifications: the list's ETag. */
export interface NotificationVersionTable {
  member_id: string;
  /** bigint: a string from pg, a number from PGlite. */
  version: string | number;
}

/** One row moved with every notification change of anyone: what other processes poll. */
export interface NotificationChangesTable {
  id: number;
  version: string | number;
}

export interface NotificationJobTable {
  name: string;
  ran_until: Timestamp;
}

export interface StaffTable {
  id: Generated<string>;
  /** Lower-cased, unique among staff (a member may have the same address: separate accounts). */
  email: string;
  name: string;
  role: StaffRole;
  language: ColumnType<Language, Language | undefined, Language>;
  status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined, 'active' | 'disabled'>;
  /** The authenticator app's secret, sealed with a key from the server secret; null until enrolled. */
  totp_secret: string | null;
  totp_confirmed_at: Timestamp | null;
  /** The last 30-second step a code was accepted for: the same code (or an older one) never works twice. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StaffStoreTable {
  staff_id: string;
  merchant_id: string;
}

/** Between the e-mailed code and the second factor: one row per proven address, used once. */
export interface StaffChallengeTable {
  id: Generated<string>;
  staff_id: string;
  token_hash: string;
  /** A secret offered for enrolment, kept (sealed) until a code from it proves the app has it. */
  pending_totp_secret: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface StaffSessionTable {
  id: Generated<string>;
  staff_id: string;
  token_hash: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** The absolute end; the idle end is last_seen_at + the idle limit. */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  staff_id: string | null;
  staff_email: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  request_id: string | null;
}

/** A staff member's points adjustment (the ledger row is the points module's); the key makes a retry once. */
export interface MemberPointsAdjustmentTable {
  id: Generated<string>;
  member_id: string;
  staff_id: string | null;
  points: number;
  reason: string;
  balance_before: number;
  balance_after: number;
  idempotency_key: string | null;
  /** points and reason: the same key with another request is refused. */
  request_hash: string;
  created_at: Timestamp;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** A campaign message (modules/campaigns); counters move in the delivering transactions. */
export interface CampaignTable {
  id: Generated<string>;
  title_en: string;
  title_th: string;
  body_en: string;
  body_th: string;
  link_kind: 'voucher' | 'privilege' | null;
  link_id: string | null;
  send_email: boolean;
  /** The segment as the contracts' CampaignSegment. */
  segment: ColumnType<Record<string, unknown>, string, string>;
  status: CampaignStatus;
  scheduled_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  recipients: Defaulted<number>;
  delivered: Defaulted<number>;
  skipped: Defaulted<number>;
  emails_sent: Defaulted<number>;
  emails_failed: Defaulted<number>;
  staff_id: string | null;
  staff_email: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One per (campaign, member): the recipients fixed when the send starts, and what reached each. */
export interface CampaignDeliveryTable {
  campaign_id: string;
  member_id: string;
  seq: number;
  delivered_at: Timestamp | null;
  skipped: Defaulted<boolean>;
  email_state: 'pending' | 'sending' | 'sent' | 'failed' | null;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** A refund of a paid order, whole or by line (modules/orders/refund.service.ts). */
export interface RefundTable {
  id: Generated<string>;
  order_id: string;
  member_id: string;
  amount: number;
  status: RefundStatus;
  source: 'staff' | 'late_charge';
  reason: string;
  staff_id: string | null;
  staff_email: string | null;
  idempotency_key: string;
  request_hash: string;
  provider_ref: string | null;
  failure_code: string | null;
  points_reversed: ColumnType<number, number | undefined, number>;
  points_shortfall: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
  mail_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface RefundItemTable {
  refund_id: string;
  order_item_id: string;
  quantity: number;
}

/** One step of an order's timeline (the back office reads them). */
export interface OrderEventTable {
  id: Generated<string>;
  order_id: string;
  at: Timestamp;
  kind: 'status' | 'payment' | 'webhook';
  from_status: string | null;
  to_status: string | null;
  detail: ColumnType<Record<string, string> | null, string | null, never>;
}

/** The sandbox gateway's own books of refunds. */
export interface SandboxRefundTable {
  ref: string;
  charge_ref: string;
  amount: number;
  idempotency_key: string;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  created_at: Timestamp;
}

/** One row per change of the programme's rules; the newest is in force (for new activity). */
export interface ProgrammeRulesTable {
  id: Generated<string>;
  baht_per_point: number;
  points_lifetime_months: number;
  /** Lowest first: `{ code, pointsRequired, unlocks: { en, th } }[]`. */
  tiers: ColumnType<TierRuleJson[], string, never>;
  staff_id: string | null;
  staff_email: string | null;
  reason: string | null;
  created_at: Timestamp;
}

export interface TierRuleJson {
  code: Tier;
  pointsRequired: number;
  unlocks: { en: string; th: string };
}

export interface Database {
  member: MemberTable;
  avatar: AvatarTable;
  otp_code: OtpCodeTable;
  refresh_token_family: RefreshTokenFamilyTable;
  refresh_token: RefreshTokenTable;
  mail_outbox: MailOutboxTable;
  category: CategoryTable;
  merchant: MerchantTable;
  voucher: VoucherTable;
  voucher_price_option: VoucherPriceOptionTable;
  voucher_image: VoucherImageTable;
  privilege: PrivilegeTable;
  privilege_image: PrivilegeImageTable;
  privilege_like: PrivilegeLikeTable;
  coupon: CouponTable;
  coupon_merchant: CouponMerchantTable;
  coupon_voucher: CouponVoucherTable;
  banner: BannerTable;
  catalogue_image: CatalogueImageTable;
  handled_event: HandledEventTable;
  catalogue_version: CatalogueVersionTable;
  session_version: SessionVersionTable;
  cart_item: CartItemTable;
  purchase_order: PurchaseOrderTable;
  purchase_order_item: PurchaseOrderItemTable;
  coupon_use: CouponUseTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  sandbox_charge: SandboxChargeTable;
  wallet_voucher: WalletVoucherTable;
  wallet_use: WalletUseTable;
  points_ledger: PointsLedgerTable;
  tier: TierTable;
  notification: NotificationTable;
  notification_version: NotificationVersionTable;
  notification_changes: NotificationChangesTable;
  notification_job: NotificationJobTable;
  push_subscription: PushSubscriptionTable;
  push_outbox: PushOutboxTable;
  staff: StaffTable;
  staff_store: StaffStoreTable;
  staff_challenge: StaffChallengeTable;
  staff_session: StaffSessionTable;
  audit_log: AuditLogTable;
  programme_rules: ProgrammeRulesTable;
  member_points_adjustment: MemberPointsAdjustmentTable;
  campaign: CampaignTable;
  campaign_delivery: CampaignDeliveryTable;
  refund: RefundTable;
  refund_item: RefundItemTable;
  order_event: OrderEventTable;
  sandbox_refund: SandboxRefundTable;
  pos_api_key: PosApiKeyTable;
  pos_points_award: PosPointsAwardTable;
}

export type CategoryRow = Selectable<CategoryTable>;
export type MemberRow = Selectable<MemberTable>;
export type StaffRow = Selectable<StaffTable>;
export type StaffSessionRow = Selectable<StaffSessionTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewMember = Insertable<MemberTable>;
export type MemberUpdate = Updateable<MemberTable>;
export type OtpCodeRow = Selectable<OtpCodeTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
