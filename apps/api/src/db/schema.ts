import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { BannerPosition, Language, Tier } from '@app/contracts';

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
  created_at: Timestamp;
}

export interface VoucherTable {
  id: Generated<string>;
  merchant_id: string;
  category_id: string;
  title_en: Text;
  title_th: Text;
  description_en: Text;
  description_th: Text;
  terms_en: Defaulted<string[]>;
  terms_th: Defaulted<string[]>;
  /** Whole baht, 0 = free; the lowest option when the voucher has options (a trigger keeps it). */
  price: number;
  has_price_options: Derived<boolean>;
  points_earned: Defaulted<number>;
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
  price_per_card_month: number | null;
  search_text: Derived<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface PrivilegeTable {
  id: Generated<string>;
  merchant_id: string;
  category_id: string;
  title_en: Text;
  title_th: Text;
  description_en: Text;
  description_th: Text;
  terms_en: Defaulted<string[]>;
  terms_th: Defaulted<string[]>;
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
  search_text: Derived<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
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
  handled_event: HandledEventTable;
  catalogue_version: CatalogueVersionTable;
  session_version: SessionVersionTable;
}

export type MemberRow = Selectable<MemberTable>;
export type NewMember = Insertable<MemberTable>;
export type MemberUpdate = Updateable<MemberTable>;
export type OtpCodeRow = Selectable<OtpCodeTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
