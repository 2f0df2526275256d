import type { CampaignLink, Language } from '@app/contracts';
import { BellOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18next } from '../shared/i18n.ts';
import { useLinkTitles } from './campaign-link.ts';
import styles from './campaigns.module.css';

type Texts = { en?: string; th?: string };

/**
 * The notification as a member reads it, in English or Thai (each member gets their own language): its
 * title, message and, with a link, the "Go there" button and what it opens.
 */
export function CampaignPreview(props: { title: Texts; body: Texts; link: CampaignLink | null }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>(currentLanguage());
  const links = useLinkTitles([props.link]);
  const inLang = i18next.getFixedT(lang);
  const title = props.title[lang]?.trim();
  const body = props.body[lang]?.trim();
  return (
    <section className={styles.preview} aria-labelledby="campaign-preview-title">
      <div className={styles.previewHead}>
        <h3 id="campaign-preview-title" className={styles.previewTitle}>
          {t('admin.campaigns.preview.title')}
        </h3>
        <Segmented
          size="small"
          aria-label={t('admin.campaigns.preview.language')}
          value={lang}
          onChange={(v) => setLang(v === 'th' ? 'th' : 'en')}
          options={[
            { value: 'en', label: <span lang="en">EN</span> },
            { value: 'th', label: <span lang="th">ไทย</span> },
          ]}
        />
      </div>
      <div className={styles.previewCard} lang={lang}>
        <BellOutlined className={styles.previewIcon} aria-hidden="true" />
        <div className={styles.previewText}>
          {title || body ? (
            <>
              <div className={styles.previewItemTitle}>{title || '—'}</div>
              <div className={styles.previewBody}>{body || '—'}</div>
            </>
          ) : (
            <div className="muted" lang={currentLanguage()}>
              {t('admin.campaigns.preview.empty')}
            </div>
          )}
          {props.link && (
            <div className={styles.previewLink}>
              {/* Not a control here: it shows the button members get. */}
              <span className={styles.previewGo}>{inLang('admin.campaigns.preview.go')}</span>
              <span className="muted small">
                {inLang(
                  props.link.kind === 'voucher'
                    ? 'admin.campaigns.link.opensVoucher'
                    : 'admin.campaigns.link.opensPrivilege',
                  { title: links.titleOf(props.link, lang) ?? inLang('admin.catalogue.picker.gone') },
                )}
              </span>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
